import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";

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
  /** An element that opens the dialog (its own element, told it opens a dialog); focus returns to it. */
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

export { confirmIconVariants, DEFAULT_CONFIRM_WIDTH, matchesConfirmText };
export type { ConfirmDialogProps, ConfirmTextRequirement, ConfirmTone };
