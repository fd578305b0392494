import { createIntl, tg, zh } from "@lms/core";
import { describe, expect, it } from "vitest";
import { contentsText, impactText } from "./impact-text";

const english = createIntl("es");

describe("impactText", () => {
  it("says what goes with a school, in the issue's words", () => {
    expect(
      impactText(english, {
        label: "Rizal National High School",
        counts: { users: 412, courses: 37, progress: 9000 },
      }),
    ).toBe(
      "Rizal National High School, 412 users, 37 courses and their progress will be moved to the recycle bin.",
    );
  });

  it("uses the singular for one and leaves out what is zero", () => {
    expect(
      impactText(english, { label: "Algebra", counts: { elements: 1, materials: 0, attempts: 1 } }),
    ).toBe("Algebra, 1 course element and 1 attempt will be moved to the recycle bin.");
  });

  it("names the record alone, or with its own progress", () => {
    expect(impactText(english, { label: "Teacher", counts: {} })).toBe(
      "Teacher will be moved to the recycle bin.",
    );
    expect(impactText(english, { label: "Quiz 1", counts: { progress: 3 } })).toBe(
      "Quiz 1 and its progress will be moved to the recycle bin.",
    );
  });

  it("speaks Chinese and Tagalog", () => {
    const counts = { users: 2, courses: 1 };
    expect(impactText(createIntl("zh", zh), { label: "RHS", counts })).toBe(
      "RHS、2 位用户和1 门课程将被移至回收站。",
    );
    expect(impactText(createIntl("tg", tg), { label: "RHS", counts })).toBe(
      "Ililipat sa recycle bin ang RHS, 2 gumagamit, at 1 kurso.",
    );
  });
});

describe("contentsText", () => {
  it("lists the counts of a bin entry with the progress as a number", () => {
    expect(contentsText(english, { users: 3, progress: 1 })).toBe("3 users and 1 progress record");
    expect(contentsText(english, {})).toBe("");
  });
});
