import type { Placement } from "@lms/core";

/** Anything ordered by a 1-based position: course elements, an element's materials. */
export interface Positioned {
  id: number;
  position: number;
}

/** One call of the swap command (API.md: swap_from and swap_to as { id, position }). */
export interface SwapStep {
  from: Positioned;
  to: Positioned;
}

/** The items in the order the server keeps them. */
export function byPosition<T extends Positioned>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * Where a new element lands (1-based), SPEC.md §3 placement: at the top, before or after another
 * element, or at the bottom. An unknown or missing relative element falls back to the bottom.
 */
export function positionForPlacement(
  items: readonly Positioned[],
  placement: Placement,
  relativeTo?: number | null,
): number {
  const ordered = byPosition(items);
  if (placement === "top") return 1;
  const index = relativeTo == null ? -1 : ordered.findIndex((item) => item.id === relativeTo);
  if (placement === "bottom" || index === -1) return ordered.length + 1;
  return placement === "before" ? index + 1 : index + 2;
}

/**
 * The swap calls that move the item at `fromIndex` to `toIndex` (indexes in position order).
 * The server only swaps two items, so a move is a chain of swaps with each neighbour passed;
 * each step carries the positions as they are when it runs, so the server can refuse a stale one.
 */
export function moveSwaps(
  items: readonly Positioned[],
  fromIndex: number,
  toIndex: number,
): SwapStep[] {
  const ordered = byPosition(items).map((item) => ({ ...item }));
  if (
    fromIndex === toIndex ||
    fromIndex < 0 ||
    toIndex < 0 ||
    fromIndex >= ordered.length ||
    toIndex >= ordered.length
  )
    return [];
  const steps: SwapStep[] = [];
  const direction = toIndex > fromIndex ? 1 : -1;
  for (let i = fromIndex; i !== toIndex; i += direction) {
    const moving = ordered[i]!;
    const neighbour = ordered[i + direction]!;
    steps.push({
      from: { id: moving.id, position: moving.position },
      to: { id: neighbour.id, position: neighbour.position },
    });
    [moving.position, neighbour.position] = [neighbour.position, moving.position];
    ordered[i] = neighbour;
    ordered[i + direction] = moving;
  }
  return steps;
}

/** The single swap of a move up or move down button, or null at either end. */
export function swapTarget(
  items: readonly Positioned[],
  id: number,
  direction: "up" | "down",
): SwapStep | null {
  const ordered = byPosition(items);
  const index = ordered.findIndex((item) => item.id === id);
  if (index === -1) return null;
  return moveSwaps(ordered, index, direction === "up" ? index - 1 : index + 1)[0] ?? null;
}

/** The ids in their new order after moving one (for showing a move before the server confirms). */
export function moveId(ids: readonly number[], fromIndex: number, toIndex: number): number[] {
  const next = [...ids];
  const [moved] = next.splice(fromIndex, 1);
  if (moved === undefined) return next;
  next.splice(toIndex, 0, moved);
  return next;
}
