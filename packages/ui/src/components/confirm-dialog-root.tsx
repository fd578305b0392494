import * as DialogPrimitive from "@radix-ui/react-dialog";
import * as React from "react";
import { cn } from "../lib/cn";
import { AlertCircleIcon } from "../lib/icons";
import { useReturnFocus } from "../lib/return-focus";
import { useSpokenToast } from "../lib/toast";
import { Button } from "./button";
import {
  confirmIconVariants,
  DEFAULT_CONFIRM_WIDTH,
  matchesConfirmText,
  type ConfirmDialogProps,
} from "./confirm-dialog-parts";
import { TextField } from "./text-field";

type ConfirmDialogRootProps = Omit<
  ConfirmDialogProps,
  "defaultOpen" | "onOpenChange" | "trigger"
> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to on closing (the trigger); else where it was on opening. */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
};

/**
 * The dialog itself on Radix Dialog, loaded the first time a confirm dialog opens
 * (confirm-dialog.tsx), so Radix is not part of the pages' first load.
 */
function ConfirmDialogRoot({ open, ...panel }: ConfirmDialogRootProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={panel.onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="confirm-dialog-overlay"
          className="fixed inset-0 z-50 bg-overlay animate-fade-in"
        />
        <ConfirmPanel {...panel} />
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

type ConfirmPanelProps = Omit<ConfirmDialogRootProps, "open">;
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

export default ConfirmDialogRoot;
