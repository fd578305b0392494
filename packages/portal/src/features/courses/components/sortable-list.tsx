import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  rectSortingStrategy,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { cn } from "@lms/ui";
import { useMemo, type ReactNode } from "react";
import { useT } from "../../../lib/i18n";

/** What an item gets to render its drag handle. */
export interface DragHandle {
  /** Props of the handle button: pointer and keyboard listeners, ARIA attributes, ref. */
  props: Record<string, unknown>;
  dragging: boolean;
  /** True while a move is being saved. */
  disabled: boolean;
}

interface SortableListProps<T extends { id: number }> {
  items: readonly T[];
  /** A name per item, for the screen-reader announcements of a drag. */
  nameOf: (item: T) => string;
  onMove: (fromIndex: number, toIndex: number) => void;
  layout: "grid" | "list";
  /** Whether the session may move items; without it no handle is rendered. */
  movable: boolean;
  /** While a move is saved, handles stay but do not lift. */
  busy?: boolean;
  /** Accessible name of the list. */
  label: string;
  className?: string;
  children: (item: T, index: number, handle: DragHandle | null) => ReactNode;
}

/**
 * An ordered list whose items move by drag and drop, with the pointer or the keyboard (space to
 * lift, arrows to move, space to drop, escape to cancel); every step is announced in the user's
 * language. Items without a handle (no right to move) simply render.
 */
export function SortableList<T extends { id: number }>({
  items,
  nameOf,
  onMove,
  layout,
  movable,
  busy = false,
  label,
  className,
  children,
}: SortableListProps<T>) {
  const t = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => items.map((item) => item.id), [items]);

  const nameOfId = (id: string | number) => {
    const item = items.find((i) => i.id === Number(id));
    return item ? nameOf(item) : "";
  };
  const positionOf = (id: string | number) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("elements.dragStart", { name: nameOfId(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t("elements.dragOver", {
            name: nameOfId(active.id),
            position: positionOf(over.id),
            total: ids.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t("elements.dragEnd", {
            name: nameOfId(active.id),
            position: positionOf(over.id),
            total: ids.length,
          })
        : t("elements.dragCancel", { name: nameOfId(active.id) }),
    onDragCancel: ({ active }) => t("elements.dragCancel", { name: nameOfId(active.id) }),
  };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(Number(active.id));
    const to = ids.indexOf(Number(over.id));
    if (from !== -1 && to !== -1) onMove(from, to);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t("elements.dragInstructions") },
      }}
    >
      <SortableContext
        items={ids}
        strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}
      >
        <ol
          aria-label={label}
          className={cn(
            layout === "grid" ? "grid gap-4 sm:grid-cols-2 xl:grid-cols-3" : "flex flex-col gap-3",
            className,
          )}
        >
          {items.map((item, index) => (
            <SortableItem key={item.id} id={item.id} movable={movable} busy={busy}>
              {(handle) => children(item, index, handle)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  movable,
  busy,
  children,
}: {
  id: number;
  movable: boolean;
  busy: boolean;
  children: (handle: DragHandle | null) => ReactNode;
}) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id, disabled: !movable || busy });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("relative list-none", isDragging && "z-10 opacity-80")}
    >
      {children(
        movable
          ? {
              props: { ...attributes, ...listeners, ref: setActivatorNodeRef },
              dragging: isDragging,
              disabled: busy,
            }
          : null,
      )}
    </li>
  );
}
