import { describe, expect, it } from "vitest";
import { scalarsOf } from "./scorm-runtime";

describe("SCORM commit map", () => {
  it("keeps the elements that carry a value and drops empty collections", () => {
    expect(
      scalarsOf({
        "cmi.core.lesson_location": "2",
        "cmi.core.score.raw": 90,
        "cmi.objectives": {},
        "cmi.interactions": {},
      }),
    ).toEqual({ "cmi.core.lesson_location": "2", "cmi.core.score.raw": 90 });
  });
});
