import * as DialogPrimitive from "@radix-ui/react-dialog";
import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../lib/cn";
import { AlertCircleIcon } from "../lib/icons";
import { useReturnFocus } from "../lib/return-focus";
import { useSpokenToast } from "../lib/toast";
import { Button } from "./button";
import { TextField } from "./text-field";

// SPEC.md §9: the confirm dialog is 370 px wide by default.
const DEFAULT_CONFIRM_WIDTH = 370;

const confirmIconVariants = cva(
  "flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5",
  {
    variants: {
      tone: {
        default: "bg-primary-soft text-primary-soft-foreground",
        destructive: "bg-destructive-soft text-destructive-soft-foreground",
      },
    },
    defaultVariants: { tone: "default" },
  },
);

type ConfirmTone = NonNullable<VariantProps<typeof confirmIconVariants>["tone"]>;

/** A text the user must type before confirming (for example a code), and the field's label. */
type ConfirmTextRequirement = {
  /** Compared trimmed and case-insensitively. */
  value: string;
  label: string;
};

function matchesConfirmText(typed: string, value: string): boolean {
  return typed.trim().toLocaleLowerCase() === value.trim().toLocaleLowerCase();
}

type ConfirmDialogProps = {
  /** Controlled open state. */
  open?: boolean;
  /** Uncontrolled initial open state. */
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (rendered with Radix `Dialog.Trigger asChild`); focus returns to it. */
  trigger?: React.ReactNode;
  title: React.ReactNode;
  message?: React.ReactNode;
  /** A choice the confirmation needs (a select, a field), shown between the message and the buttons. */
  children?: React.ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** `destructive` paints the confirm button red, for deletes. */
  tone?: ConfirmTone;
  /**
   * Asks the user to type a text before confirming: a field with this label is shown and the
   * confirm button stays disabled until the field matches. The field gets focus first.
   */
  confirmText?: ConfirmTextRequirement;
  /** Width in px; 370 by default. Never wider than the screen. */
  width?: number;
  /**
   * Runs on confirm. If it returns a promise the dialog shows a pending state (buttons disabled,
   * spinner, no dismissing) until it settles, then closes; handle its errors inside it.
   */
  onConfirm?: () => void | Promise<unknown>;
  /** Runs when the dialog is dismissed without confirming (cancel, Escape, outside click). */
  onCancel?: () => void;
  /** Shows the pending state from outside (for example while a mutation runs). */
  pending?: boolean;
  /** Class of the dialog panel. */
  className?: string;
};

/**
 * An accessible confirmation dialog on Radix Dialog (role `alertdialog`): the rest of the page
 * hidden from assistive technology and still, Escape or a press outside to cancel, Tab kept inside,
 * focus returned on close. For a one-line `await confirm(...)` in pages, use `ConfirmProvider` and
 * `useConfirm()`.
 */
function ConfirmDialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  trigger,
  ...panel
}: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(defaultOpen);
  const open = openProp ?? uncontrolledOpen;
  const setOpen = (next: boolean) => {
    if (openProp === undefined) setUncontrolledOpen(next);
    onOpenChange?.(next);
  };
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      {trigger ? (
        <DialogPrimitive.Trigger ref={triggerRef} asChild>
          {trigger}
        </DialogPrimitive.Trigger>
      ) : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="confirm-dialog-overlay"
          className="fixed inset-0 z-50 bg-overlay animate-fade-in"
        />
        <ConfirmPanel
          {...panel}
          onOpenChange={setOpen}
          returnFocusTo={trigger ? triggerRef : undefined}
        />
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

type ConfirmPanelProps = Omit<
  ConfirmDialogProps,
  "open" | "defaultOpen" | "onOpenChange" | "trigger"
> & {
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on closing (the trigger); else where it was on opening. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
};

/** An alert dialog's icon, title and message (the dialog's accessible name and description). */
function ConfirmHeading({
  tone = "default",
  title,
  message,
}: {
  tone?: ConfirmTone;
  title: React.ReactNode;
  message?: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-4">
      <div className={confirmIconVariants({ tone })}>
        <AlertCircleIcon />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5 pt-0.5">
        <DialogPrimitive.Title className="text-base leading-6 font-semibold text-foreground">
          {title}
        </DialogPrimitive.Title>
        {message ? (
          <DialogPrimitive.Description className="text-sm text-muted-foreground">
            {message}
          </DialogPrimitive.Description>
        ) : null}
      </div>
    </div>
  );
}

/** A press on a toast (shown above the dialog) is not a press outside that cancels it. */
function onToast(event: Event): boolean {
  return (
    event.target instanceof Element && event.target.closest("[data-slot=toaster-layer]") !== null
  );
}

/** The open dialog's content, mounted while open. */
function ConfirmPanel({
  onOpenChange,
  returnFocusTo,
  title,
  message,
  children,
  confirmLabel,
  cancelLabel,
  tone = "default",
  confirmText,
  width = DEFAULT_CONFIRM_WIDTH,
  onConfirm,
  onCancel,
  pending: pendingProp = false,
  className,
}: ConfirmPanelProps) {
  const [running, setRunning] = React.useState(false);
  const pending = pendingProp || running;
  const contentRef = React.useRef<HTMLDivElement>(null);
  const cancelRef = React.useRef<HTMLButtonElement>(null);
  const typedRef = React.useRef<HTMLInputElement>(null);
  const typedId = React.useId();
  const [typed, setTyped] = React.useState("");
  const typedMatches = !confirmText || matchesConfirmText(typed, confirmText.value);
  const mounted = React.useRef(true);
  React.useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const focus = useReturnFocus(returnFocusTo);
  const spoken = useSpokenToast();

  const cancel = () => {
    if (pending) return;
    onCancel?.();
    onOpenChange(false);
  };
  // Escape or a press outside: nothing dismisses the dialog while its work runs.
  const dismiss = (event: Event) => {
    event.preventDefault();
    if (!onToast(event)) cancel();
  };

  const handleConfirm = async () => {
    if (!typedMatches) return;
    const result = onConfirm?.();
    if (result instanceof Promise) {
      // The buttons are about to be disabled: keep focus inside the (busy) dialog.
      contentRef.current?.focus();
      setRunning(true);
      // Settled either way: the caller reports its own errors (a toast), the dialog just closes.
      await result.catch(() => undefined);
      if (!mounted.current) return;
      setRunning(false);
    }
    onOpenChange(false);
  };

  return (
    <DialogPrimitive.Content
      ref={contentRef}
      data-slot="confirm-dialog"
      role="alertdialog"
      aria-busy={pending || undefined}
      style={{ width, maxWidth: "calc(100vw - 2rem)" }}
      onOpenAutoFocus={(event) => {
        focus.onOpenAutoFocus();
        // The safe choice gets focus first: a stray Enter must not delete anything.
        event.preventDefault();
        (typedRef.current ?? cancelRef.current)?.focus();
      }}
      onCloseAutoFocus={focus.onCloseAutoFocus}
      onEscapeKeyDown={dismiss}
      onPointerDownOutside={dismiss}
      className={cn(
        "fixed inset-0 z-50 m-auto flex h-fit max-h-[calc(100vh-2rem)] flex-col gap-5 overflow-y-auto rounded-card border border-border bg-surface p-6 text-surface-foreground shadow-dialog outline-none animate-dialog-in",
        className,
      )}
    >
      <ConfirmHeading tone={tone} title={title} message={message} />
      {children ? <div data-slot="confirm-dialog-body">{children}</div> : null}
      {confirmText ? (
        <div data-slot="confirm-dialog-typed" className="flex flex-col gap-1.5">
          <label htmlFor={typedId} className="text-sm font-medium text-foreground">
            {confirmText.label}
          </label>
          <TextField
            ref={typedRef}
            id={typedId}
            value={typed}
            disabled={pending}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && typedMatches) void handleConfirm();
            }}
          />
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button ref={cancelRef} variant="outline" disabled={pending} onClick={cancel}>
          {cancelLabel}
        </Button>
        <Button
          variant={tone === "destructive" ? "destructive" : "primary"}
          pending={pending}
          disabled={!typedMatches}
          onClick={() => void handleConfirm()}
        >
          {confirmLabel}
        </Button>
      </div>
      {/* Radix hides the rest of the page, the toasts' live region too: they are spoken here. */}
      <p className="sr-only" role="status" aria-live="polite">
        {spoken}
      </p>
    </DialogPrimitive.Content>
  );
}

export {
  ConfirmDialog,
  ConfirmHeading,
  confirmIconVariants,
  DEFAULT_CONFIRM_WIDTH,
  matchesConfirmText,
};
export type { ConfirmDialogProps, ConfirmTextRequirement, ConfirmTone };
