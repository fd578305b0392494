import * as DialogPrimitive from "@radix-ui/react-dialog";
import * as React from "react";
import { cn } from "../lib/cn";
import { DrawerContext } from "./drawer-context";

type DrawerOverlayProps = {
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  width: number;
  id?: string;
  className: string;
  children: React.ReactNode;
};

/** The drawer below the mobile breakpoint: an overlay on Radix Dialog, focus trapped inside. */
export default function DrawerOverlay({
  label,
  open,
  onOpenChange,
  width,
  id,
  className,
  children,
}: DrawerOverlayProps) {
  // The overlay opens from code (the top bar's menu button), not from a Dialog.Trigger, so Radix
  // would not know where to return focus: remember it.
  const returnFocusRef = React.useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay animate-fade-in" />
        <DialogPrimitive.Content
          id={id}
          data-slot="drawer"
          data-mobile=""
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            returnFocusRef.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusRef.current?.focus();
          }}
          style={{ width, maxWidth: "85vw" }}
          className={cn(
            className,
            "fixed inset-y-0 start-0 z-50 overflow-y-auto shadow-dialog outline-none animate-drawer-in",
          )}
        >
          <DialogPrimitive.Title className="sr-only">{label}</DialogPrimitive.Title>
          <DrawerContext.Provider value={{ onNavigate: () => onOpenChange(false) }}>
            <nav aria-label={label}>{children}</nav>
          </DrawerContext.Provider>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
