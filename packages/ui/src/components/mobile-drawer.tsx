import * as DialogPrimitive from "@radix-ui/react-dialog";
import * as React from "react";
import { cn } from "../lib/cn";
import { useReturnFocus } from "../lib/return-focus";
import { DrawerContext } from "./drawer-context";

type MobileDrawerProps = {
  label: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id?: string;
  width: number;
  className: string;
  children: React.ReactNode;
};

const FIRST_CONTROL = "a[href], button:not([disabled]), input:not([disabled])";

/**
 * The overlay drawer below the breakpoint: a modal Radix Dialog sliding in from the start side,
 * loaded the first time it opens (drawer.tsx).
 */
function MobileDrawer({
  label,
  open,
  onOpenChange,
  width,
  id,
  className,
  children,
}: MobileDrawerProps) {
  // The overlay opens from code (the top bar's menu button): focus goes back to where it was.
  const focus = useReturnFocus();
  const contentRef = React.useRef<HTMLDivElement>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          data-slot="drawer-overlay"
          className="fixed inset-0 z-50 bg-overlay animate-fade-in"
        />
        <DialogPrimitive.Content
          ref={contentRef}
          id={id}
          data-slot="drawer"
          data-mobile=""
          style={{ width, maxWidth: "85vw" }}
          onOpenAutoFocus={(event) => {
            focus.onOpenAutoFocus();
            // Radix skips links when it picks the first control; the drawer's are all links.
            event.preventDefault();
            contentRef.current?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus();
          }}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          className={cn(
            className,
            "fixed inset-y-0 start-0 z-50 h-full overflow-y-auto shadow-dialog outline-none animate-drawer-in",
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

export default MobileDrawer;
