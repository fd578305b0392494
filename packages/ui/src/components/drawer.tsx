import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Slot, Slottable } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../lib/cn";
import { useReturnFocus } from "../lib/return-focus";

/** Set inside the mobile drawer's overlay: a drawer item closes it when followed. */
const DrawerContext = React.createContext<{ onNavigate: () => void } | null>(null);

type DrawerProps = {
  /** Accessible name of the navigation. */
  label: string;
  /** Below the breakpoint: an overlay (a modal dialog, the page behind hidden) instead of a column. */
  mobile: boolean;
  /** Whether the overlay is open (mobile only). */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Width in px; 200 by default (SPEC.md §9). */
  width?: number;
  /** Shown above the items (a logo). */
  header?: React.ReactNode;
  id?: string;
  className?: string;
  children: React.ReactNode;
};

/** The side navigation: a 200 px column on wide screens, an overlay below the mobile breakpoint. */
function Drawer({
  label,
  mobile,
  open,
  onOpenChange,
  width = 200,
  header,
  id,
  className,
  children,
}: DrawerProps) {
  const panelClass = cn("flex flex-col gap-1 bg-drawer text-drawer-foreground", className);
  const items = (
    <>
      {header ? <div className="px-4 pt-4 pb-2">{header}</div> : null}
      <ul className="flex flex-col gap-0.5 p-2">{children}</ul>
    </>
  );

  if (!mobile) {
    return (
      <nav
        id={id}
        data-slot="drawer"
        aria-label={label}
        style={{ width }}
        className={cn(panelClass, "sticky top-14 h-[calc(100vh-3.5rem)] shrink-0 overflow-y-auto")}
      >
        {items}
      </nav>
    );
  }

  return (
    <MobileDrawer
      label={label}
      open={open}
      onOpenChange={onOpenChange}
      width={width}
      id={id}
      className={panelClass}
    >
      {items}
    </MobileDrawer>
  );
}

type MobileDrawerProps = Pick<DrawerProps, "label" | "open" | "onOpenChange" | "id"> & {
  width: number;
  className: string;
  children: React.ReactNode;
};

const FIRST_CONTROL = "a[href], button:not([disabled]), input:not([disabled])";

/** The overlay drawer below the breakpoint: a modal Radix Dialog sliding in from the start side. */
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

const drawerItemVariants = cva(
  [
    "flex h-10 w-full cursor-pointer items-center gap-3 rounded-control px-3 text-sm font-medium transition-colors",
    "outline-none focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4 [&_svg]:shrink-0",
  ],
  {
    variants: {
      active: {
        true: "bg-drawer-active text-drawer-active-foreground",
        false:
          "text-drawer-foreground hover:bg-drawer-active/60 hover:text-drawer-active-foreground",
      },
    },
    defaultVariants: { active: false },
  },
);

type DrawerItemProps = React.ComponentProps<"a"> &
  VariantProps<typeof drawerItemVariants> & {
    /** Render the child (for example the router's `<NavLink>`) with the item's look. */
    asChild?: boolean;
    icon?: React.ReactNode;
  };

/** A link in the drawer; `active` marks the current page (`aria-current="page"`). */
function DrawerItem({
  asChild = false,
  active = false,
  icon,
  className,
  children,
  onClick,
  ...props
}: DrawerItemProps) {
  const drawer = React.useContext(DrawerContext);
  const Comp = asChild ? Slot : "a";
  return (
    <li data-slot="drawer-item">
      <Comp
        aria-current={active ? "page" : undefined}
        className={cn(drawerItemVariants({ active }), className)}
        onClick={(event: React.MouseEvent<HTMLAnchorElement>) => {
          onClick?.(event);
          drawer?.onNavigate();
        }}
        {...props}
      >
        {icon}
        {asChild ? <Slottable>{children}</Slottable> : <span className="truncate">{children}</span>}
      </Comp>
    </li>
  );
}

export { Drawer, DrawerItem, drawerItemVariants };
export type { DrawerItemProps, DrawerProps };
