import { createIntl, es, zh } from "@lms/core";
import { describe, expect, it } from "vitest";
import { resultText, secondsText, statusText } from "./scorm-status-text";

const { t } = createIntl("es", es);

describe("SCORM report texts", () => {
  it("names every status the server reports and keeps an unknown one as it is", () => {
    expect(statusText("not attempted", t)).toBe("Not attempted");
    expect(statusText("passed", t)).toBe("Passed");
    expect(statusText("incomplete", createIntl("zh", zh).t)).toBe("未完成");
    expect(statusText("browsed", t)).toBe("browsed");
  });

  it("names results and keeps a numeric result", () => {
    expect(resultText("incorrect", t)).toBe("Incorrect");
    expect(resultText("0.5", t)).toBe("0.5");
  });

  it("rounds latencies to a tenth of a second and leaves a missing one empty", () => {
    expect(secondsText(7.46, t)).toBe("7.5 s");
    expect(secondsText(null, t)).toBe("");
  });
});
