import { Slot, Slottable } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../lib/cn";
import { DrawerContext } from "./drawer-context";

const MobileDrawer = React.lazy(() => import("./mobile-drawer"));

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
  // The overlay's code (Radix Dialog) loads the first time it opens, not with the page; mounted
  // from then on, so Radix plays the closing as it plays the opening.
  const [opened, setOpened] = React.useState(open);
  if (mobile && open && !opened) setOpened(true);
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

  if (!opened) return null;
  return (
    <React.Suspense fallback={null}>
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
    </React.Suspense>
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
