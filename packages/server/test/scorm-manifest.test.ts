import { beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../src/lib/scorm";
import { writeZip } from "../src/lib/zip";
import { useTestApp } from "./helper";
import { buildCourse } from "./support/journey";

const NO_DATA = {
  objectives: [],
  completionThreshold: null,
  launchData: null,
  maxTimeAllowed: null,
  timeLimitAction: null,
  masteryScore: null,
};

/** A one-SCO manifest whose item carries `item` (and the manifest `extra`, e.g. a collection). */
function manifest(version: "1.2" | "2004", item: string, extra = ""): string {
  return version === "1.2"
    ? `<?xml version="1.0"?>
<manifest identifier="m12" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i" identifierref="r"><title>T</title>${item}</item></organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources>
</manifest>`
    : `<?xml version="1.0"?>
<manifest identifier="m2004" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>T</title>
    <item identifier="i" identifierref="r"><title>T</title>${item}</item></organization></organizations>
  <resources><resource identifier="r" type="webcontent" adlcp:scormType="sco" href="index.html"/></resources>
  ${extra}
</manifest>`;
}

const OBJECTIVES_2004 = `
  <adlcp:completionThreshold completedByMeasure="true" minProgressMeasure="0.75"/>
  <adlcp:dataFromLMS>start=intro&amp;lang=en</adlcp:dataFromLMS>
  <adlcp:timeLimitAction>exit,message</adlcp:timeLimitAction>
  <imsss:sequencing>
    <imsss:limitConditions attemptAbsoluteDurationLimit="PT1H30M"/>
    <imsss:objectives>
      <imsss:primaryObjective objectiveID="urn:lms:quiz-passed" satisfiedByMeasure="true">
        <imsss:minNormalizedMeasure>0.7</imsss:minNormalizedMeasure>
      </imsss:primaryObjective>
      <imsss:objective objectiveID="obj-vocabulary"/>
      <imsss:objective objectiveID="obj-grammar" satisfiedByMeasure="true"/>
    </imsss:objectives>
  </imsss:sequencing>`;

const MASTERY_12 = `
  <adlcp:masteryscore>+80.0</adlcp:masteryscore>
  <adlcp:datafromlms>chapter=3</adlcp:datafromlms>
  <adlcp:maxtimeallowed>00:45:00</adlcp:maxtimeallowed>
  <adlcp:timelimitaction>continue,message</adlcp:timelimitaction>`;

describe("manifest: the launched SCO's runtime data", () => {
  it("reads 2004 objectives, completion threshold, launch data and time limits", () => {
    expect(readManifest(manifest("2004", OBJECTIVES_2004)).sco).toEqual({
      ...NO_DATA,
      objectives: [
        {
          id: "urn:lms:quiz-passed",
          primary: true,
          satisfiedByMeasure: true,
          minNormalizedMeasure: 0.7,
        },
        {
          id: "obj-vocabulary",
          primary: false,
          satisfiedByMeasure: false,
          minNormalizedMeasure: null,
        },
        { id: "obj-grammar", primary: false, satisfiedByMeasure: true, minNormalizedMeasure: 1 },
      ],
      completionThreshold: "0.75",
      launchData: "start=intro&lang=en",
      maxTimeAllowed: "PT1H30M",
      timeLimitAction: "exit,message",
    });
  });

  it("reads 2004 values of the 3rd edition and of a sequencing collection", () => {
    const sco = readManifest(
      manifest(
        "2004",
        `<adlcp:completionThreshold>.50</adlcp:completionThreshold>
         <imsss:sequencing IDRef="shared"/>`,
        `<imsss:sequencingCollection><imsss:sequencing ID="shared">
           <imsss:limitConditions attemptAbsoluteDurationLimit="PT20M"/>
           <imsss:objectives><imsss:primaryObjective objectiveID="p" satisfiedByMeasure="false">
             <imsss:minNormalizedMeasure>0.4</imsss:minNormalizedMeasure></imsss:primaryObjective>
           </imsss:objectives></imsss:sequencing></imsss:sequencingCollection>`,
      ),
    ).sco;
    expect(sco).toEqual({
      ...NO_DATA,
      objectives: [
        { id: "p", primary: true, satisfiedByMeasure: false, minNormalizedMeasure: 0.4 },
      ],
      completionThreshold: "0.5",
      maxTimeAllowed: "PT20M",
    });
  });

  it("leaves out what a 2004 manifest does not declare or declares out of the data model", () => {
    expect(readManifest(manifest("2004", "")).sco).toEqual(NO_DATA);
    const wrong = readManifest(
      manifest(
        "2004",
        `<adlcp:completionThreshold completedByMeasure="false" minProgressMeasure="0.6"/>
         <adlcp:timeLimitAction>stop</adlcp:timeLimitAction>
         <imsss:sequencing><imsss:limitConditions attemptAbsoluteDurationLimit="90 minutes"/>
           <imsss:objectives>
             <imsss:primaryObjective satisfiedByMeasure="true"/>
             <imsss:objective objectiveID="has space"/>
             <imsss:objective objectiveID="ok" satisfiedByMeasure="true">
               <imsss:minNormalizedMeasure>1.5</imsss:minNormalizedMeasure></imsss:objective>
           </imsss:objectives></imsss:sequencing>`,
      ),
    ).sco;
    // No objective id on the primary objective, a spaced id, a measure beyond 1 (default 1.0).
    expect(wrong).toEqual({
      ...NO_DATA,
      objectives: [{ id: "ok", primary: false, satisfiedByMeasure: true, minNormalizedMeasure: 1 }],
    });
  });

  it("reads 1.2 mastery score, launch data and time limits, and leaves out what is absent", () => {
    expect(readManifest(manifest("1.2", MASTERY_12)).sco).toEqual({
      ...NO_DATA,
      masteryScore: "80",
      launchData: "chapter=3",
      maxTimeAllowed: "00:45:00",
      timeLimitAction: "continue,message",
    });
    expect(readManifest(manifest("1.2", "")).sco).toEqual(NO_DATA);
    expect(
      readManifest(
        manifest(
          "1.2",
          `<adlcp:masteryscore>120</adlcp:masteryscore><adlcp:maxtimeallowed>45 min</adlcp:maxtimeallowed>
           <adlcp:timelimitaction>Exit, No Message</adlcp:timelimitaction>`,
        ),
      ).sco,
    ).toEqual({ ...NO_DATA, timeLimitAction: "exit,no message" });
  });
});

const t = useTestApp();
let teacher: string;
let student: string;
let ids: Record<string, number>;

const zip = (xml: string) =>
  writeZip([
    { path: "imsmanifest.xml", data: Buffer.from(xml) },
    { path: "index.html", data: Buffer.from("<!doctype html><title>SCO</title>") },
  ]);

const load = (materialId: number, token = student) =>
  t().call<{ version: string; cmi: Record<string, string> }>(
    "journey",
    "scormload",
    { materialId },
    { token },
  );

beforeAll(async () => {
  teacher = await t().login("teacher");
  student = await t().login("student");
  const scorm = (name: string, xml: string) => ({
    name,
    type: "scorm" as const,
    files: { package: { data: zip(xml), filename: `${name}.zip` } },
  });
  // One course each: a course's materials open one after the other.
  ids = {};
  for (const [name, xml] of [
    ["Objectives", manifest("2004", OBJECTIVES_2004)],
    ["Mastery", manifest("1.2", MASTERY_12)],
    ["Plain 2004", manifest("2004", "")],
    ["Plain 1.2", manifest("1.2", "")],
  ] as const) {
    const built = await buildCourse(t(), teacher, [
      { name: "Package", materials: [scorm(name, xml)] },
    ]);
    ids[name] = built.ids[name]!;
  }
});

const MANIFEST_ELEMENTS = [
  "cmi.launch_data",
  "cmi.scaled_passing_score",
  "cmi.completion_threshold",
  "cmi.max_time_allowed",
  "cmi.time_limit_action",
  "cmi.student_data.mastery_score",
  "cmi.student_data.max_time_allowed",
  "cmi.student_data.time_limit_action",
];

describe("scormload: the runtime starts as the manifest says", () => {
  it("initialises a 2004 runtime with the objectives, passing score, threshold and limits", async () => {
    const loaded = await load(ids["Objectives"]!);
    expect(loaded.status, loaded.payload).toBe(200);
    expect(loaded.body.data!.cmi).toMatchObject({
      "cmi.objectives.0.id": "urn:lms:quiz-passed",
      "cmi.objectives.1.id": "obj-vocabulary",
      "cmi.objectives.2.id": "obj-grammar",
      "cmi.scaled_passing_score": "0.7",
      "cmi.completion_threshold": "0.75",
      "cmi.launch_data": "start=intro&lang=en",
      "cmi.max_time_allowed": "PT1H30M",
      "cmi.time_limit_action": "exit,message",
      "cmi.entry": "ab-initio",
    });
    expect(Object.keys(loaded.body.data!.cmi)).not.toContain("cmi.objectives.3.id");
    // Staff (browse mode) get the same start.
    const staff = await load(ids["Objectives"]!, teacher);
    expect(staff.body.data!.cmi["cmi.scaled_passing_score"]).toBe("0.7");
  });

  it("keeps the stored objectives on resume and adds only the missing declared ones", async () => {
    const committed = await t().call(
      "journey",
      "scormcommit",
      {
        materialId: ids["Objectives"]!,
        cmi: JSON.stringify({
          "cmi.objectives.0.id": "obj-grammar",
          "cmi.objectives.0.success_status": "passed",
          "cmi.objectives.1.id": "sco-own",
          "cmi.completion_status": "incomplete",
          "cmi.exit": "suspend",
          // Read-only values a runtime echoes back never replace the manifest's.
          "cmi.scaled_passing_score": "0.1",
          "cmi.launch_data": "tampered",
        }),
      },
      { token: student },
    );
    expect(committed.status, committed.payload).toBe(200);
    const cmi = (await load(ids["Objectives"]!)).body.data!.cmi;
    const objectives = Object.entries(cmi).filter(([key]) =>
      /^cmi\.objectives\.\d+\.id$/.test(key),
    );
    expect(Object.fromEntries(objectives)).toEqual({
      "cmi.objectives.0.id": "obj-grammar",
      "cmi.objectives.1.id": "sco-own",
      "cmi.objectives.2.id": "urn:lms:quiz-passed",
      "cmi.objectives.3.id": "obj-vocabulary",
    });
    expect(cmi["cmi.objectives.0.success_status"]).toBe("passed");
    expect(cmi["cmi.scaled_passing_score"]).toBe("0.7");
    expect(cmi["cmi.launch_data"]).toBe("start=intro&lang=en");
  });

  it("initialises a 1.2 runtime with the mastery score, launch data and limits", async () => {
    const loaded = await load(ids["Mastery"]!);
    expect(loaded.status, loaded.payload).toBe(200);
    expect(loaded.body.data!.cmi).toMatchObject({
      "cmi.student_data.mastery_score": "80",
      "cmi.launch_data": "chapter=3",
      "cmi.student_data.max_time_allowed": "00:45:00",
      "cmi.student_data.time_limit_action": "continue,message",
      "cmi.core.entry": "ab-initio",
    });
  });

  it("sets none of them for a package that declares none", async () => {
    for (const name of ["Plain 2004", "Plain 1.2"]) {
      const loaded = await load(ids[name]!);
      expect(loaded.status, loaded.payload).toBe(200);
      const keys = Object.keys(loaded.body.data!.cmi);
      expect(keys.filter((key) => MANIFEST_ELEMENTS.includes(key))).toEqual([]);
      expect(keys.filter((key) => key.startsWith("cmi.objectives."))).toEqual([]);
    }
  });
});

describe("scormcommit: success by the manifest's score", () => {
  const commit = async (materialId: number, cmi: Record<string, string>) => {
    const answer = await t().call<{ state: string }>(
      "journey",
      "scormcommit",
      { materialId, cmi: JSON.stringify(cmi) },
      { token: student },
    );
    expect(answer.status, answer.payload).toBe(200);
    return { state: answer.body.data!.state, cmi: (await load(materialId)).body.data!.cmi };
  };

  it("stores a 2004 success status from score.scaled and the scaled passing score", async () => {
    const below = await commit(ids["Objectives"]!, {
      "cmi.score.scaled": "0.65",
      "cmi.completion_status": "completed",
    });
    expect(below.cmi["cmi.success_status"]).toBe("failed");
    // Completed is complete; the failed success status stays for the teacher to see.
    expect(below.state).toBe("complete");
    // At the passing score exactly, whatever the SCO claimed.
    const at = await commit(ids["Objectives"]!, {
      "cmi.score.scaled": "0.7",
      "cmi.success_status": "failed",
    });
    expect(at.cmi["cmi.success_status"]).toBe("passed");
  });

  it("stores a 1.2 passed or failed from score.raw and the mastery score once finished", async () => {
    const unfinished = await commit(ids["Mastery"]!, {
      "cmi.core.score.raw": "95",
      "cmi.core.lesson_status": "incomplete",
    });
    expect(unfinished.cmi["cmi.core.lesson_status"]).toBe("incomplete");
    const below = await commit(ids["Mastery"]!, {
      "cmi.core.score.raw": "79.5",
      "cmi.core.lesson_status": "completed",
    });
    expect(below.cmi["cmi.core.lesson_status"]).toBe("failed");
    expect(below.state).toBe("inProgress");
    const passed = await commit(ids["Mastery"]!, {
      "cmi.core.score.raw": "80",
      "cmi.core.lesson_status": "completed",
    });
    expect(passed.cmi["cmi.core.lesson_status"]).toBe("passed");
    expect(passed.state).toBe("complete");
  });

  it("leaves the SCO's own status when the manifest declares no score", async () => {
    const plain12 = await commit(ids["Plain 1.2"]!, {
      "cmi.core.score.raw": "10",
      "cmi.core.lesson_status": "completed",
    });
    expect(plain12.cmi["cmi.core.lesson_status"]).toBe("completed");
    const plain2004 = await commit(ids["Plain 2004"]!, {
      "cmi.score.scaled": "0.1",
      "cmi.success_status": "passed",
    });
    expect(plain2004.cmi["cmi.success_status"]).toBe("passed");
  });
});
