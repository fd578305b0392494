import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { buildCourse, classCookie, fetchContent, pathOf, scormZip } from "./support/journey";

const t = useTestApp();
let teacher: string;
let student: string;
let courseId: number;
let ids: Record<string, number>;

interface Load {
  version: string;
  launchUrl: string;
  cmi: Record<string, string>;
}

beforeAll(async () => {
  teacher = await t().login("teacher");
  student = await t().login("student");
  ({ courseId, ids } = await buildCourse(t(), teacher, [
    { name: "Intro", materials: [{ name: "Read first", type: "page" }] },
    {
      name: "Packages",
      materials: [
        {
          name: "Old package",
          type: "scorm",
          files: { package: { data: scormZip("1.2"), filename: "a.zip" } },
        },
        {
          name: "New package",
          type: "scorm",
          files: { package: { data: scormZip("2004"), filename: "b.zip" } },
        },
      ],
    },
  ]));
});

const load = (materialId: number, token = student) =>
  t().call<Load>("journey", "scormload", { materialId }, { token });
const commit = (materialId: number, cmi: Record<string, string>, token = student) =>
  t().call<{ state: string; summary: { done: number; timeSpentSeconds: number } }>(
    "journey",
    "scormcommit",
    { materialId, cmi: JSON.stringify(cmi) },
    { token },
  );

async function stored(materialId: number) {
  const rows = await t().database.db.execute(
    sql`select cmi, total_seconds from scorm_attempts where material_id = ${materialId}`,
  );
  return (rows as unknown as { rows: { cmi: Record<string, string>; total_seconds: number }[] })
    .rows;
}

describe("SCORM packages", () => {
  it("checks the manifest on upload: version, launch file, presence", async () => {
    const element = (await pathOf(t(), teacher, courseId))[0]!;
    const create = (data: Buffer) =>
      t().call(
        "material",
        "create",
        {
          courseId,
          elementId: (element as unknown as { elementId: number }).elementId,
          name: "Bad",
          type: "scorm",
        },
        { token: teacher, files: { package: { data, filename: "x.zip" } } },
      );
    const noLaunch = await create(scormZip("1.2", { launch: "start.html", files: ["other.html"] }));
    expect(noLaunch.status).toBe(422);
    expect(noLaunch.body.errors![0]).toMatchObject({
      field: "package",
      code: "materials.scormNoLaunch",
      message: "The launch file that imsmanifest.xml names is missing from the package.",
    });
    const { writeZip } = await import("../src/lib/zip");
    const noVersion = await create(
      writeZip([
        {
          path: "imsmanifest.xml",
          data: Buffer.from(
            '<manifest xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"><resources><resource identifier="r" href="a.html"/></resources></manifest>',
          ),
        },
        { path: "a.html", data: Buffer.from("a") },
      ]),
    );
    expect(noVersion.status).toBe(422);
    expect(noVersion.body.errors![0]).toMatchObject({
      field: "package",
      code: "materials.scormNoVersion",
    });
    const noManifest = await create(writeZip([{ path: "a.html", data: Buffer.from("a") }]));
    expect(noManifest.body.errors![0]!.code).toBe("materials.invalidPackage");

    // The default organization's first item (depth first), xml:base, version by namespace alone.
    const nested = await create(
      writeZip([
        {
          path: "imsmanifest.xml",
          data: Buffer.from(`<?xml version="1.0"?>
<manifest identifier="m" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <organizations default="second">
    <organization identifier="first"><item identifier="a" identifierref="ra"/></organization>
    <organization identifier="second">
      <item identifier="b"><title>Unit</title><item identifier="c" identifierref="rb"/></item>
    </organization>
  </organizations>
  <resources xml:base="content/">
    <resource identifier="ra" adlcp:scormType="sco" href="a.html"/>
    <resource identifier="rb" adlcp:scormType="sco" href="b/index.html?page=1"/>
  </resources>
</manifest>`),
        },
        { path: "content/a.html", data: Buffer.from("a") },
        { path: "content/b/index.html", data: Buffer.from("b") },
      ]),
    );
    expect(nested.status, nested.payload).toBe(200);
    const materialId = (nested.body.data as { id: number }).id;
    await t().call("material", "publish", { id: materialId }, { token: teacher });
    const loaded = await t().call<{ version: string; launchUrl: string }>(
      "journey",
      "scormload",
      { materialId },
      { token: teacher },
    );
    expect(loaded.status, loaded.payload).toBe(200);
    expect(loaded.body.data!.version).toBe("2004");
    expect(loaded.body.data!.launchUrl).toMatch(/\/content\/b\/index\.html\?page=1$/);
    // The course's journey stays as the other tests expect it.
    const removed = await t().call("material", "delete", { id: materialId }, { token: teacher });
    expect(removed.status).toBe(200);
  });

  it("refuses to load, commit or serve a locked package", async () => {
    const locked = await load(ids["Old package"]!);
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe("Sorry you need to finish previous course element/material.");
    const committed = await commit(ids["Old package"]!, { "cmi.core.lesson_status": "completed" });
    expect(committed.status).toBe(403);
    const cookie = await classCookie(t(), "student");
    const served = await t().app.inject({
      method: "GET",
      url: `/webservice/pluginfile.php/${ids["Old package"]}/sco/start.html`,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(403);
    expect(served.json().message).toBe(
      "Sorry you need to finish previous course element/material.",
    );
    expect(await stored(ids["Old package"]!)).toEqual([]);
  });

  it("starts a 1.2 runtime afresh, stores commits and resumes where the student left", async () => {
    await t().call("journey", "complete", { materialId: ids["Read first"]! }, { token: student });
    const first = await load(ids["Old package"]!);
    expect(first.status, first.payload).toBe(200);
    expect(first.body.data).toMatchObject({
      version: "1.2",
      launchUrl: expect.stringMatching(
        new RegExp(`^http://content\\.test/content/[^/]+/${ids["Old package"]}/sco/start\\.html$`),
      ),
      cmi: {
        "cmi.core.student_id": "student",
        "cmi.core.student_name": "Dela Cruz, Juan",
        "cmi.core.lesson_status": "not attempted",
        "cmi.core.entry": "ab-initio",
        "cmi.core.credit": "credit",
        "cmi.core.lesson_location": "",
        "cmi.suspend_data": "",
      },
    });
    // Issue 12: the content origin serves it sandboxed, with the bridge to the portal's runtime.
    const page = await fetchContent(t(), first.body.data!.launchUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-security-policy"]).toBe(
      "sandbox allow-scripts allow-forms allow-popups",
    );
    expect(page.payload).toContain('<script src="/_lms/scorm-bridge.js" data-version="1.2"');

    const saved = await commit(ids["Old package"]!, {
      "cmi.core.lesson_status": "incomplete",
      "cmi.core.lesson_location": "page-3",
      "cmi.suspend_data": "a=1;b=2",
      "cmi.core.session_time": "0000:01:30.00",
      "cmi.core.exit": "suspend",
    });
    expect(saved.status, saved.payload).toBe(200);
    expect(saved.body.data!.state).toBe("inProgress");
    const again = await commit(ids["Old package"]!, {
      "cmi.core.score.raw": "40",
      "cmi.core.session_time": "0000:00:45.00",
    });
    expect(again.body.data!.state).toBe("inProgress");
    const [row] = await stored(ids["Old package"]!);
    expect(row!.total_seconds).toBe(135);
    expect(row!.cmi).toMatchObject({
      "cmi.core.lesson_location": "page-3",
      "cmi.suspend_data": "a=1;b=2",
      "cmi.core.score.raw": "40",
    });

    const resumed = await load(ids["Old package"]!);
    expect(resumed.body.data!.cmi).toMatchObject({
      "cmi.core.entry": "resume",
      "cmi.core.lesson_status": "incomplete",
      "cmi.core.lesson_location": "page-3",
      "cmi.suspend_data": "a=1;b=2",
      "cmi.core.score.raw": "40",
      "cmi.core.total_time": "0000:02:15",
    });
    expect(resumed.body.data!.cmi["cmi.core.session_time"]).toBeUndefined();
    expect(resumed.body.data!.cmi["cmi.core.exit"]).toBeUndefined();
  });

  it("completes a 1.2 package when the runtime reports passed, opening the next one", async () => {
    const newBefore = await load(ids["New package"]!);
    expect(newBefore.status).toBe(403);
    const done = await commit(ids["Old package"]!, { "cmi.core.lesson_status": "passed" });
    expect(done.body.data!.state).toBe("complete");
    const states = (await pathOf(t(), student, courseId)).map((s) => s.state);
    expect(states).toEqual(["complete", "complete", "open"]);
  });

  it("runs a 2004 package and completes it on completion_status completed", async () => {
    const first = await load(ids["New package"]!);
    expect(first.status, first.payload).toBe(200);
    expect(first.body.data).toMatchObject({
      version: "2004",
      launchUrl: expect.stringMatching(
        new RegExp(`^http://content\\.test/content/[^/]+/${ids["New package"]}/sco/start\\.html$`),
      ),
      cmi: {
        "cmi.learner_id": "student",
        "cmi.learner_name": "Dela Cruz, Juan",
        "cmi.completion_status": "unknown",
        "cmi.success_status": "unknown",
        "cmi.entry": "ab-initio",
        "cmi.credit": "credit",
        "cmi.mode": "normal",
        "cmi.location": "",
      },
    });
    const saved = await commit(ids["New package"]!, {
      "cmi.completion_status": "incomplete",
      "cmi.location": "slide-2",
      "cmi.suspend_data": '{"seen":[1,2]}',
      "cmi.session_time": "PT1M5S",
      "cmi.exit": "suspend",
    });
    expect(saved.body.data!.state).toBe("inProgress");
    const resumed = await load(ids["New package"]!);
    expect(resumed.body.data!.cmi).toMatchObject({
      "cmi.entry": "resume",
      "cmi.location": "slide-2",
      "cmi.suspend_data": '{"seen":[1,2]}',
      "cmi.total_time": "PT0H1M5S",
    });
    const done = await commit(ids["New package"]!, {
      "cmi.completion_status": "completed",
      "cmi.session_time": "PT10S",
    });
    expect(done.body.data!.state).toBe("complete");
    expect(done.body.data!.summary.done).toBe(3);
    expect((await stored(ids["New package"]!))[0]!.total_seconds).toBe(75);
  });

  it("completes a 2004 package on success_status passed alone", async () => {
    const { ids: more } = await buildCourse(t(), teacher, [
      {
        name: "Only",
        materials: [
          {
            name: "Passed package",
            type: "scorm",
            files: { package: { data: scormZip("2004"), filename: "c.zip" } },
          },
        ],
      },
    ]);
    const done = await commit(more["Passed package"]!, {
      "cmi.completion_status": "incomplete",
      "cmi.success_status": "passed",
    });
    expect(done.body.data!.state).toBe("complete");
  });

  it("lets staff run a package in browse mode without recording anything", async () => {
    const { ids: more } = await buildCourse(t(), teacher, [
      {
        name: "Staff",
        materials: [
          { name: "First", type: "page" },
          {
            name: "Staff package",
            type: "scorm",
            files: { package: { data: scormZip("1.2"), filename: "d.zip" } },
          },
        ],
      },
    ]);
    const loaded = await load(more["Staff package"]!, teacher);
    expect(loaded.status).toBe(200);
    expect(loaded.body.data!.cmi).toMatchObject({
      "cmi.core.entry": "ab-initio",
      "cmi.core.credit": "no-credit",
      "cmi.core.lesson_mode": "browse",
    });
    const saved = await commit(
      more["Staff package"]!,
      { "cmi.core.lesson_status": "completed", "cmi.suspend_data": "x" },
      teacher,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data!.state).toBe("open");
    expect(await stored(more["Staff package"]!)).toEqual([]);
    const reloaded = await load(more["Staff package"]!, teacher);
    expect(reloaded.body.data!.cmi["cmi.core.entry"]).toBe("ab-initio");
  });

  it("refuses a commit that is not a flat map of cmi elements", async () => {
    const bad = await t().call(
      "journey",
      "scormcommit",
      { materialId: ids["Old package"]!, cmi: "[1,2]" },
      { token: student },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors![0]!.field).toBe("cmi");
    const tooLong = await commit(ids["Old package"]!, { "cmi.suspend_data": "x".repeat(64_001) });
    expect(tooLong.status).toBe(422);
    const navigation = await commit(ids["Old package"]!, { "adl.nav.request": "continue" });
    expect(navigation.status).toBe(200);
    expect((await stored(ids["Old package"]!))[0]!.cmi["adl.nav.request"]).toBeUndefined();
    const notScorm = await t().call(
      "journey",
      "scormload",
      { materialId: ids["Read first"]! },
      { token: student },
    );
    expect(notScorm.status).toBe(422);
  });
});
