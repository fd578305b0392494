import * as React from "react";

/** An entry of an `ActionMenu`. */
type ActionMenuItem = {
  label: string;
  onSelect?: () => void;
  /** Painted red, for deletes and Logout. */
  destructive?: boolean;
  disabled?: boolean;
  icon?: React.ReactNode;
  /** The entry in force (the language spoken now): `aria-current`. */
  current?: boolean;
  className?: string;
};

type ActionMenuProps = {
  /** The button that opens the menu (an `IconButton`, a `Button`, a `<button>`). */
  trigger: React.ReactElement<React.ComponentProps<"button">>;
  /** A heading above the entries, and a line under it when `separated`. */
  heading?: React.ReactNode;
  headingClassName?: string;
  separated?: boolean;
  items: readonly ActionMenuItem[];
  /** Where the menu lines up with its button; the end by default. */
  align?: "start" | "center" | "end";
  contentClassName?: string;
};

const loadMenu = () => import("./action-menu-content");
const ActionMenuContent = React.lazy(loadMenu);
const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown"]);

/**
 * A button with a menu of actions (a row's More menu, the top bar's menus): a Radix DropdownMenu,
 * whose code loads, and whose parts mount, once the button is pointed at or pressed. A list of 25
 * rows opens with 25 plain buttons instead of 25 menus. The first press (a click, Enter, Space or
 * ArrowDown) opens the menu as soon as its code is there, with the first entry focused when opened
 * from the keyboard, as the WAI-ARIA menu button pattern asks.
 */
function ActionMenu({ trigger, ...menu }: ActionMenuProps) {
  const [armed, setArmed] = React.useState<"pointer" | "keyboard" | null>(null);
  const props = trigger.props;
  // Mounted once its code is here: a press while offline leaves the button as it was (the
  // offline banner says why) instead of failing the page.
  const arm = (by: "pointer" | "keyboard") => {
    loadMenu().then(
      () => React.startTransition(() => setArmed((armedBy) => armedBy ?? by)),
      () => undefined,
    );
  };
  const plain = React.cloneElement(trigger, {
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: (event: React.PointerEvent<HTMLButtonElement>) => {
      props.onPointerEnter?.(event);
      loadMenu().catch(() => undefined);
    },
    onFocus: (event: React.FocusEvent<HTMLButtonElement>) => {
      props.onFocus?.(event);
      loadMenu().catch(() => undefined);
    },
    onPointerDown: (event: React.PointerEvent<HTMLButtonElement>) => {
      props.onPointerDown?.(event);
      if (event.button !== 0 || event.ctrlKey || props.disabled) return;
      event.preventDefault();
      arm("pointer");
    },
    onKeyDown: (event: React.KeyboardEvent<HTMLButtonElement>) => {
      props.onKeyDown?.(event);
      if (!OPENING_KEYS.has(event.key)) return;
      event.preventDefault();
      arm("keyboard");
    },
    // A click with no pointer before it: a screen reader's or voice control's activation.
    onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
      props.onClick?.(event);
      if (event.detail === 0) arm("keyboard");
    },
  } as Partial<React.ComponentProps<"button">>);
  // The boundary is there from the start: arming is a transition, so the plain button stays on
  // screen while the menu's code arrives, and the menu then mounts open in its place.
  return (
    <React.Suspense fallback={plain}>
      {armed ? <ActionMenuContent trigger={trigger} openedBy={armed} {...menu} /> : plain}
    </React.Suspense>
  );
}

export { ActionMenu };
export type { ActionMenuItem, ActionMenuProps };
