import { ArrowDownIcon, ArrowUpIcon, GripVerticalIcon } from "lucide-react";
import { IconButton } from "@lms/ui";
import { useEffect, useRef } from "react";
import { useT } from "../../../lib/i18n";

/**
 * Move up and move down: the keyboard path of repositioning (SPEC.md §4), beside drag and drop.
 * Focus stays on the button pressed, or moves to the other one when the item reached an end.
 */
export function MoveButtons({
  name,
  index,
  count,
  busy,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  busy: boolean;
  onMove: (fromIndex: number, toIndex: number) => Promise<boolean>;
}) {
  const t = useT();
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const refocus = useRef<"up" | "down" | null>(null);

  // Once the move is saved and the list shows it, focus returns to the button pressed, or to
  // the other one when the item reached an end (a disabled button cannot hold focus).
  useEffect(() => {
    if (busy || !refocus.current) return;
    const pressed = refocus.current === "up" ? up.current : down.current;
    const other = refocus.current === "up" ? down.current : up.current;
    refocus.current = null;
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  });

  function move(direction: "up" | "down") {
    refocus.current = direction;
    void onMove(index, direction === "up" ? index - 1 : index + 1);
  }

  return (
    <span className="inline-flex items-center">
      <IconButton
        ref={up}
        size="sm"
        label={t("elements.moveUpNamed", { name })}
        disabled={busy || index === 0}
        onClick={() => move("up")}
      >
        <ArrowUpIcon />
      </IconButton>
      <IconButton
        ref={down}
        size="sm"
        label={t("elements.moveDownNamed", { name })}
        disabled={busy || index >= count - 1}
        onClick={() => move("down")}
      >
        <ArrowDownIcon />
      </IconButton>
    </span>
  );
}

/** The drag handle of a sortable item; its name says what it moves. */
export function DragHandleButton({
  name,
  handle,
}: {
  name: string;
  handle: { props: Record<string, unknown>; disabled: boolean };
}) {
  const t = useT();
  return (
    <button
      type="button"
      {...handle.props}
      aria-label={t("elements.dragHandle", { name })}
      title={t("elements.dragHandle", { name })}
      disabled={handle.disabled}
      className="inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-control text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-4"
    >
      <GripVerticalIcon />
    </button>
  );
}
