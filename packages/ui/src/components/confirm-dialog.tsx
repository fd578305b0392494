import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { createPortal } from "react-dom";
import { cn } from "../lib/cn";
import { AlertCircleIcon } from "../lib/icons";
import { useModalDialog, useMounted } from "../lib/modal-dialog";
import { OverlayContainer } from "../lib/overlay-container";
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
 * An accessible confirmation dialog: the browser's own modal `<dialog>` (the rest of the page
 * inert, Escape to cancel, focus returned on close), with no dialog library, so that it opens at
 * once and offline too (the offline dialog, SPEC.md §4) and costs a page nothing until opened.
 * For a one-line `await confirm(...)` in pages, use `ConfirmProvider` and `useConfirm()`.
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
  const triggerRef = React.useRef<HTMLElement>(null);
  const mounted = useMounted();
  return (
    <>
      {trigger ? (
        <Slot
          ref={triggerRef}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-state={open ? "open" : "closed"}
          onClick={() => setOpen(true)}
        >
          {trigger}
        </Slot>
      ) : null}
      {open && mounted
        ? createPortal(
            <ConfirmPanel
              {...panel}
              onOpenChange={setOpen}
              returnFocusTo={trigger ? triggerRef : undefined}
            />,
            document.body,
          )
        : null}
    </>
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

/** The open dialog: shown modal while mounted. */
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
  const cancelRef = React.useRef<HTMLButtonElement>(null);
  const typedRef = React.useRef<HTMLInputElement>(null);
  const titleId = React.useId();
  const messageId = React.useId();
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
  const { ref: dialogRef, ...dialogProps } = useModalDialog({
    onDismiss: () => handleOpenChange(false),
    blocked: pending,
    returnFocusTo,
    // The safe choice gets focus first: a stray Enter must not delete anything.
    initialFocus: () => typedRef.current ?? cancelRef.current,
  });
  // A choice in the dialog (a select) opens its list inside it: the rest of the page is inert.
  const [container, setContainer] = React.useState<HTMLDialogElement | null>(null);
  const attach = React.useCallback(
    (dialog: HTMLDialogElement | null) => {
      dialogRef.current = dialog;
      setContainer(dialog);
    },
    [dialogRef],
  );
  const spoken = useSpokenToast();

  const handleOpenChange = (next: boolean) => {
    if (!next && pending) return;
    if (!next) onCancel?.();
    onOpenChange(next);
  };

  const handleConfirm = async () => {
    if (!typedMatches) return;
    const result = onConfirm?.();
    if (result instanceof Promise) {
      // The buttons are about to be disabled: keep focus inside the (busy) dialog.
      dialogRef.current?.focus();
      setRunning(true);
      // Settled either way: the caller reports its own errors (a toast), the dialog just closes.
      await result.catch(() => undefined);
      if (!mounted.current) return;
      setRunning(false);
    }
    onOpenChange(false);
  };

  return (
    <dialog
      ref={attach}
      data-slot="confirm-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      aria-busy={pending || undefined}
      tabIndex={-1}
      style={{ width, maxWidth: "calc(100vw - 2rem)" }}
      {...dialogProps}
      className={cn(
        // Centred by the browser (margin: auto), not by a transform: a select's list inside is
        // placed against the viewport.
        "m-auto flex-col gap-5 rounded-card border border-border bg-surface p-6 text-surface-foreground shadow-dialog outline-none open:flex open:animate-dialog-in",
        "backdrop:bg-overlay backdrop:animate-fade-in",
        className,
      )}
    >
      <div className="flex items-start gap-4">
        <div className={confirmIconVariants({ tone })}>
          <AlertCircleIcon />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5 pt-0.5">
          <h2 id={titleId} className="text-base leading-6 font-semibold text-foreground">
            {title}
          </h2>
          {message ? (
            <p id={messageId} className="text-sm text-muted-foreground">
              {message}
            </p>
          ) : null}
        </div>
      </div>
      {children ? (
        <OverlayContainer value={container}>
          <div data-slot="confirm-dialog-body">{children}</div>
        </OverlayContainer>
      ) : null}
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
        <Button
          ref={cancelRef}
          variant="outline"
          disabled={pending}
          onClick={() => handleOpenChange(false)}
        >
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
      {/* The toasts' live region is outside, made inert by the dialog: they are spoken here. */}
      <p className="sr-only" role="status" aria-live="polite">
        {spoken}
      </p>
    </dialog>
  );
}

export { ConfirmDialog, confirmIconVariants, DEFAULT_CONFIRM_WIDTH, matchesConfirmText };
export type { ConfirmDialogProps, ConfirmTextRequirement, ConfirmTone };
