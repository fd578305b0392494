import * as React from "react";
import { ConfirmDialog, type ConfirmTextRequirement, type ConfirmTone } from "./confirm-dialog";

type ConfirmOptions = {
  title: React.ReactNode;
  message?: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** `destructive` for deletes. */
  tone?: ConfirmTone;
  /** A text the user must type before the confirm button is enabled. */
  confirmText?: ConfirmTextRequirement;
  /** Width in px; 370 by default. */
  width?: number;
  /**
   * Work to do once confirmed, for example the delete call. The dialog stays open and pending
   * until it settles; if it throws, `confirm()` rejects with that error.
   */
  onConfirm?: () => unknown;
};

/** Opens a confirm dialog and resolves `true` when confirmed, `false` when cancelled or dismissed. */
type ConfirmFunction = (options: ConfirmOptions) => Promise<boolean>;

type Pending = ConfirmOptions & {
  key: number;
  resolve: (confirmed: boolean) => void;
  reject: (error: unknown) => void;
};

const ConfirmContext = React.createContext<ConfirmFunction | null>(null);

type ConfirmProviderProps = {
  children: React.ReactNode;
  /** Defaults for every dialog, for example the width. */
  defaultOptions?: Partial<ConfirmOptions>;
};

/** Mount once around the app; `useConfirm()` below it returns the `confirm` function. */
function ConfirmProvider({ children, defaultOptions }: ConfirmProviderProps) {
  const [request, setRequest] = React.useState<Pending | null>(null);
  const [open, setOpen] = React.useState(false);
  const counter = React.useRef(0);
  const defaultsRef = React.useRef(defaultOptions);
  React.useEffect(() => {
    defaultsRef.current = defaultOptions;
  }, [defaultOptions]);

  // The request whose promise is still unsettled; null once it has resolved or rejected.
  const unsettled = React.useRef<Pending | null>(null);

  const confirm = React.useCallback<ConfirmFunction>(
    (options) =>
      new Promise<boolean>((resolve, reject) => {
        // A second confirm while one is open replaces it; the first counts as cancelled.
        unsettled.current?.resolve(false);
        counter.current += 1;
        const next = { ...defaultsRef.current, ...options, key: counter.current, resolve, reject };
        unsettled.current = next;
        setRequest(next);
        setOpen(true);
      }),
    [],
  );

  const finish = (outcome: { confirmed: boolean } | { error: unknown }) => {
    const current = unsettled.current;
    if (!current) return;
    unsettled.current = null;
    if ("error" in outcome) current.reject(outcome.error);
    else current.resolve(outcome.confirmed);
    setOpen(false);
  };

  const handleConfirm = () => {
    const work = request?.onConfirm;
    if (!work) {
      finish({ confirmed: true });
      return;
    }
    // A promise makes the dialog pending until the work settles.
    return (async () => {
      try {
        await work();
        finish({ confirmed: true });
      } catch (error) {
        finish({ error });
      }
    })();
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {request ? (
        <ConfirmDialog
          key={request.key}
          open={open}
          onOpenChange={setOpen}
          title={request.title}
          message={request.message}
          confirmLabel={request.confirmLabel}
          cancelLabel={request.cancelLabel}
          tone={request.tone}
          confirmText={request.confirmText}
          width={request.width}
          onConfirm={handleConfirm}
          onCancel={() => finish({ confirmed: false })}
        />
      ) : null}
    </ConfirmContext.Provider>
  );
}

/**
 * `const confirm = useConfirm(); if (await confirm({ title, confirmLabel, cancelLabel })) ...`
 * SPEC.md §4: every create, update or delete asks first, and cancelling asks too; this makes
 * each of those one line in a page.
 */
function useConfirm(): ConfirmFunction {
  const confirm = React.useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm() needs a <ConfirmProvider> above it.");
  return confirm;
}

export { ConfirmProvider, useConfirm };
export type { ConfirmFunction, ConfirmOptions, ConfirmProviderProps };
