import { describe, expect, it } from "vitest";
import type { JourneyElement, JourneyMaterial, JourneyState } from "@lms/core";
import {
  around,
  blockerOf,
  callToAction,
  elementProgress,
  firstUnfinished,
  secondsOn,
  sequenceOf,
} from "./sequence";

const material = (id: number, state: JourneyState, extra: Partial<JourneyMaterial> = {}) =>
  ({ id, name: `M${id}`, state, startedAt: null, completedAt: null, ...extra }) as JourneyMaterial;

const elements: JourneyElement[] = [
  {
    id: 1,
    name: "E1",
    type: "basic",
    position: 1,
    materials: [material(1, "complete"), material(2, "inProgress")],
  },
  {
    id: 2,
    name: "E2",
    type: "lesson",
    position: 2,
    materials: [material(3, "locked"), material(4, "locked")],
  },
];

describe("journey sequence", () => {
  it("lists the materials of every element in order", () => {
    expect(sequenceOf(elements).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it("finds the neighbours of a material", () => {
    const { previous, next, index } = around(sequenceOf(elements), 2);
    expect([previous?.id, next?.id, index]).toEqual([1, 3, 1]);
    expect(around(sequenceOf(elements), 1).previous).toBeNull();
    expect(around(sequenceOf(elements), 4).next).toBeNull();
  });

  it("names the first unfinished material before a locked one", () => {
    expect(blockerOf(sequenceOf(elements), 4)?.id).toBe(2);
    expect(blockerOf(sequenceOf(elements), 1)).toBeNull();
  });

  it("continues at the first open or started material", () => {
    expect(firstUnfinished(sequenceOf(elements))?.id).toBe(2);
  });

  it("offers start, continue or review", () => {
    expect(callToAction(0, 4)).toBe("start");
    expect(callToAction(2, 4)).toBe("continue");
    expect(callToAction(4, 4)).toBe("review");
  });

  it("counts an element's completion and a material's time", () => {
    expect(elementProgress(elements[0]!)).toEqual({ done: 1, total: 2, percent: 50 });
    expect(
      secondsOn(
        material(9, "complete", {
          startedAt: "2026-01-01T00:00:00Z",
          completedAt: "2026-01-01T00:02:30Z",
        }),
      ),
    ).toBe(150);
  });
});
