import * as React from "react";
import type { ActionMenuProps } from "./action-menu";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

type ActionMenuContentProps = ActionMenuProps & {
  /** How the first press came: from the keyboard, the first entry takes focus. */
  openedBy: "pointer" | "keyboard";
};

/** The menu of an `ActionMenu`, loaded and mounted open by its first press. */
export default function ActionMenuContent({
  trigger,
  openedBy,
  heading,
  headingClassName,
  separated = false,
  items,
  align = "end",
  contentClassName,
}: ActionMenuContentProps) {
  // Radix focuses the first entry when it saw the key itself; this first opening came before it
  // listened: once Radix has focused the menu, the first entry takes the focus.
  const keyboardOpening = React.useRef(openedBy === "keyboard");
  const focusFirstEntry = React.useCallback((menu: HTMLDivElement | null) => {
    if (!menu || !keyboardOpening.current) return;
    keyboardOpening.current = false;
    requestAnimationFrame(() =>
      menu.querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')?.focus(),
    );
  }, []);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align} className={contentClassName} ref={focusFirstEntry}>
        {heading ? (
          <DropdownMenuLabel className={headingClassName}>{heading}</DropdownMenuLabel>
        ) : null}
        {heading && separated ? <DropdownMenuSeparator /> : null}
        {items.map((item) => (
          <DropdownMenuItem
            key={item.label}
            tone={item.destructive ? "destructive" : "default"}
            disabled={item.disabled}
            aria-current={item.current || undefined}
            className={item.className}
            onSelect={item.onSelect}
          >
            {item.icon}
            {item.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
