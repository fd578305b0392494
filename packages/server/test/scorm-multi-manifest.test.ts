import { describe, expect, it } from "vitest";
import { readManifest } from "../src/lib/scorm";
import { rollUp } from "../src/lib/scorm-rollup";
import { TWO_SCOS_2004, TWO_SCOS_12 } from "./support/scorm-multi";

/** Issue 15: packages with several SCOs (table of contents, per-SCO data, rollup). */

describe("manifest of a package with several SCOs", () => {
  it("reads the default organisation's items as a tree and its SCOs in order with their data", () => {
    const manifest = readManifest(TWO_SCOS_2004);
    expect(manifest.launch).toBe("content/intro.html?lang=en");
    expect(manifest.items).toEqual([
      {
        id: "module-1",
        title: "Module 1",
        launchable: false,
        children: [
          { id: "sco-intro", title: "Introduction", launchable: true, children: [] },
          { id: "glossary", title: "Glossary", launchable: true, children: [] },
        ],
      },
      { id: "sco-quiz", title: "Quiz", launchable: true, children: [] },
    ]);
    expect(manifest.scos.map((s) => [s.id, s.kind, s.launch])).toEqual([
      ["sco-intro", "sco", "content/intro.html?lang=en&part=1"],
      ["glossary", "asset", "content/glossary.html"],
      ["sco-quiz", "sco", "content/quiz.html"],
    ]);
    expect(manifest.scos[0]!.runtime.launchData).toBe("intro");
    expect(manifest.scos[1]).toMatchObject({ rollsUpCompletion: false, rollsUpSuccess: false });
    expect(manifest.scos[2]!.runtime.objectives).toEqual([
      { id: "quiz-passed", primary: true, satisfiedByMeasure: true, minNormalizedMeasure: 0.8 },
    ]);
    expect(manifest.rollup).toEqual({ completion: "all", success: "all" });
  });

  it("reads a 1.2 package's SCOs with each one's mastery score", () => {
    const manifest = readManifest(TWO_SCOS_12);
    expect(manifest.scos.map((s) => [s.id, s.title, s.launch, s.runtime.masteryScore])).toEqual([
      ["a", "Lesson A", "a.html", "70"],
      ["b", "Lesson B", "b.html", null],
    ]);
  });

  it("honours the organisation's simple 'any' rollup rule", () => {
    const any = TWO_SCOS_2004.replace(
      '<organization identifier="org"><title>Course</title>',
      `<organization identifier="org"><title>Course</title>
        <imsss:sequencing><imsss:rollupRules><imsss:rollupRule childActivitySet="any">
          <imsss:rollupConditions><imsss:rollupCondition condition="completed"/></imsss:rollupConditions>
          <imsss:rollupAction action="completed"/>
        </imsss:rollupRule></imsss:rollupRules></imsss:sequencing>`,
    );
    const manifest = readManifest(any);
    expect(manifest.rollup.completion).toBe("any");
    const one = new Map([["sco-intro", { "cmi.completion_status": "completed" }]]);
    expect(rollUp(manifest, one).complete).toBe(true);
    expect(rollUp(readManifest(TWO_SCOS_2004), one).complete).toBe(false);
  });
});

describe("rollup", () => {
  const manifest = readManifest(TWO_SCOS_2004);
  it("completes the material when every tracked SCO is complete, and passes by their success", () => {
    const data = new Map<string, Record<string, string>>([
      ["sco-intro", { "cmi.completion_status": "completed" }],
    ]);
    expect(rollUp(manifest, data)).toEqual({
      cmi: { "cmi.completion_status": "incomplete", "cmi.success_status": "unknown" },
      complete: false,
    });
    data.set("sco-quiz", {
      "cmi.completion_status": "completed",
      "cmi.success_status": "failed",
      "cmi.score.scaled": "0.5",
    });
    // The untracked glossary counts for nothing; the intro reports no success.
    expect(rollUp(manifest, data)).toEqual({
      cmi: {
        "cmi.completion_status": "completed",
        "cmi.success_status": "failed",
        "cmi.score.scaled": "0.5",
      },
      complete: true,
    });
  });

  it("rolls 1.2 lesson statuses and raw scores up", () => {
    const twelve = readManifest(TWO_SCOS_12);
    const data = new Map<string, Record<string, string>>([
      ["a", { "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "90" }],
    ]);
    expect(rollUp(twelve, data)).toEqual({
      cmi: { "cmi.core.lesson_status": "incomplete", "cmi.core.score.raw": "90" },
      complete: false,
    });
    data.set("b", { "cmi.core.lesson_status": "incomplete", "cmi.core.score.raw": "60" });
    expect(rollUp(twelve, data).complete).toBe(false);
    // Lesson B has no mastery score and reports no pass: lesson A's pass decides.
    data.set("b", { "cmi.core.lesson_status": "completed", "cmi.core.score.raw": "60" });
    expect(rollUp(twelve, data)).toEqual({
      cmi: { "cmi.core.lesson_status": "passed", "cmi.core.score.raw": "75" },
      complete: true,
    });
  });
});
