import { CATALOGUES, createIntl } from "@lms/core";
import { describe, expect, it } from "vitest";
import { scormResultText } from "./scorm-result";

const { t } = createIntl("es");
const result = (status: string | null, score: number | null) => ({
  materialId: 1,
  name: "Cells",
  status,
  score,
  attempts: 0,
  complete: false,
  noData: false,
});

describe("scormResultText", () => {
  it("shows the status in the user's language and the best score", () => {
    expect(scormResultText(result("passed", 85), t)).toBe("Cells: Passed · 85%");
    expect(scormResultText(result("failed", 0), t)).toBe("Cells: Not passed · 0%");
    expect(scormResultText(result("completed", null), t)).toBe("Cells: Complete");
    expect(scormResultText(result("incomplete", null), t)).toBe("Cells: In progress");
  });

  it("says not attempted without a status or with one outside the standard", () => {
    expect(scormResultText(result(null, null), t)).toBe("Cells: Not attempted");
    expect(scormResultText(result("not attempted", null), t)).toBe("Cells: Not attempted");
    expect(scormResultText(result("toString", null), t)).toBe("Cells: Not attempted");
  });

  it("uses the catalogue of the language", () => {
    expect(scormResultText(result("passed", 85), createIntl("zh", CATALOGUES.zh).t)).toBe(
      "Cells: 通过 · 85%",
    );
  });

  it("counts the attempts, and says when the package never reported data", () => {
    expect(scormResultText({ ...result("passed", 85), attempts: 2 }, t)).toBe(
      "Cells: Passed · 85% · 2 attempts",
    );
    expect(scormResultText({ ...result(null, null), attempts: 0, noData: true }, t)).toBe(
      "Cells: Opened, no data reported by the package",
    );
    expect(scormResultText({ ...result(null, null), noData: true, complete: true }, t)).toBe(
      "Cells: Complete",
    );
  });
});
