import { Slot } from "@radix-ui/react-slot";
import * as React from "react";
import {
  confirmIconVariants,
  DEFAULT_CONFIRM_WIDTH,
  matchesConfirmText,
  type ConfirmDialogProps,
  type ConfirmTextRequirement,
  type ConfirmTone,
} from "./confirm-dialog-parts";

const ConfirmDialogRoot = React.lazy(() => import("./confirm-dialog-root"));

/**
 * An accessible confirmation dialog on Radix Dialog (role `alertdialog`): the rest of the page
 * hidden from assistive technology and still, Escape or a press outside to cancel, Tab kept inside,
 * focus returned on close. For a one-line `await confirm(...)` in pages, use `ConfirmProvider` and
 * `useConfirm()`. The dialog's code (Radix) loads the first time it opens, not with the page.
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
  // Mounted from the first opening on, so Radix plays the closing as it plays the opening.
  const [opened, setOpened] = React.useState(open);
  if (open && !opened) setOpened(true);
  const triggerRef = React.useRef<HTMLButtonElement>(null);
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
      {opened ? (
        <React.Suspense fallback={null}>
          <ConfirmDialogRoot
            {...panel}
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={trigger ? triggerRef : undefined}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}

export { ConfirmDialog, confirmIconVariants, DEFAULT_CONFIRM_WIDTH, matchesConfirmText };
export type { ConfirmDialogProps, ConfirmTextRequirement, ConfirmTone };
