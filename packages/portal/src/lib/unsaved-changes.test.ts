import { describe, expect, it } from "vitest";
import { holdsNavigation, leaveWithoutAsking, leavesForm } from "./unsaved-changes";

const at = (pathname: string, search = "") => ({ pathname, search });

describe("a form with unsaved changes", () => {
  it("holds a navigation to another page or to other search parameters", () => {
    expect(holdsNavigation(true, at("/schools/1/edit"), at("/users"))).toBe(true);
    expect(holdsNavigation(true, at("/courses/1"), at("/courses/1", "?tab=details"))).toBe(true);
    expect(leavesForm(at("/schools/1/edit"), at("/schools/1/edit"))).toBe(false);
  });

  it("holds nothing once its changes are saved or discarded", () => {
    expect(holdsNavigation(false, at("/schools/1/edit"), at("/users"))).toBe(false);
  });

  it("lets a navigation on purpose through, and only that one", () => {
    const seen: boolean[] = [];
    leaveWithoutAsking(() => seen.push(holdsNavigation(true, at("/a"), at("/b"))));
    expect(seen).toEqual([false]);
    expect(holdsNavigation(true, at("/a"), at("/b"))).toBe(true);
  });

  it("asks again after a navigation on purpose that failed", () => {
    expect(() =>
      leaveWithoutAsking(() => {
        throw new Error("no route");
      }),
    ).toThrow("no route");
    expect(holdsNavigation(true, at("/a"), at("/b"))).toBe(true);
  });
});
