import { describe, expect, it } from "vitest";
import { moveId, moveSwaps, positionForPlacement, swapTarget } from "./positions";

const items = [
  { id: 10, position: 1 },
  { id: 20, position: 2 },
  { id: 30, position: 3 },
  { id: 40, position: 4 },
];

describe("placement of a new element", () => {
  it("puts it first at the top and last at the bottom", () => {
    expect(positionForPlacement(items, "top")).toBe(1);
    expect(positionForPlacement(items, "bottom")).toBe(5);
    expect(positionForPlacement([], "bottom")).toBe(1);
  });

  it("takes the place of the relative element before it, or the next one after it", () => {
    expect(positionForPlacement(items, "before", 30)).toBe(3);
    expect(positionForPlacement(items, "after", 30)).toBe(4);
    expect(positionForPlacement(items, "after", 40)).toBe(5);
    expect(positionForPlacement(items, "before", 10)).toBe(1);
  });

  it("reads the order from the positions, not from the array order", () => {
    const shuffled = [items[2]!, items[0]!, items[3]!, items[1]!];
    expect(positionForPlacement(shuffled, "after", 10)).toBe(2);
  });

  it("falls back to the bottom when the relative element is unknown", () => {
    expect(positionForPlacement(items, "before", 99)).toBe(5);
    expect(positionForPlacement(items, "after", null)).toBe(5);
  });
});

describe("move up and move down", () => {
  it("swaps with the neighbour above or below", () => {
    expect(swapTarget(items, 20, "up")).toEqual({
      from: { id: 20, position: 2 },
      to: { id: 10, position: 1 },
    });
    expect(swapTarget(items, 20, "down")).toEqual({
      from: { id: 20, position: 2 },
      to: { id: 30, position: 3 },
    });
  });

  it("does nothing at either end or for an unknown item", () => {
    expect(swapTarget(items, 10, "up")).toBeNull();
    expect(swapTarget(items, 40, "down")).toBeNull();
    expect(swapTarget(items, 99, "up")).toBeNull();
  });

  it("uses the positions the server gave, gaps included", () => {
    const gapped = [
      { id: 1, position: 3 },
      { id: 2, position: 7 },
    ];
    expect(swapTarget(gapped, 2, "up")).toEqual({
      from: { id: 2, position: 7 },
      to: { id: 1, position: 3 },
    });
  });
});

describe("a drag and drop move as swaps", () => {
  it("walks the item down past each neighbour, with the positions of that moment", () => {
    expect(moveSwaps(items, 0, 2)).toEqual([
      { from: { id: 10, position: 1 }, to: { id: 20, position: 2 } },
      { from: { id: 10, position: 2 }, to: { id: 30, position: 3 } },
    ]);
  });

  it("walks the item up", () => {
    expect(moveSwaps(items, 3, 1)).toEqual([
      { from: { id: 40, position: 4 }, to: { id: 30, position: 3 } },
      { from: { id: 40, position: 3 }, to: { id: 20, position: 2 } },
    ]);
  });

  it("needs no call when the item is dropped where it was or outside the list", () => {
    expect(moveSwaps(items, 2, 2)).toEqual([]);
    expect(moveSwaps(items, 0, 9)).toEqual([]);
  });

  it("ends in the order that moving the id shows", () => {
    const ids = items.map((i) => i.id);
    expect(moveId(ids, 0, 2)).toEqual([20, 30, 10, 40]);
    expect(moveId(ids, 3, 0)).toEqual([40, 10, 20, 30]);
  });
});
