import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { PNG } from "./support/files";
import { buildCourse, pathOf } from "./support/journey";
import { type Impact, DAY_MS, trash } from "./support/recycle-bin";

describe("courses, elements and materials in the bin", () => {
  const t = useTestApp();
  let teacher: string;
  let student: string;
  let admin: string;
  let otherAdmin: string;

  beforeAll(async () => {
    teacher = await t().login("teacher");
    student = await t().login("student");
    admin = await t().login("admin");
    otherAdmin = await t().login("schooladmin2");
  });

  it("needs the course code when learners have progress, and restores the course with it", async () => {
    const course = await buildCourse(t(), teacher, [
      { name: "Week 1", materials: [{ name: "Notes", type: "page" }] },
      { name: "Week 2", materials: [{ name: "Link", type: "link" }] },
    ]);
    const code = (
      await t().call<{ courseCode: string }>(
        "course",
        "get",
        { id: course.courseId },
        {
          token: teacher,
        },
      )
    ).body.data!.courseCode;
    const empty = await t().call<Impact>(
      "course",
      "impact",
      { id: course.courseId },
      {
        token: teacher,
      },
    );
    expect(empty.body.data).toMatchObject({
      code,
      requiresCode: false,
      counts: { elements: 2, materials: 2, progress: 0, attempts: 0 },
    });
    await t().call("journey", "complete", { materialId: course.ids.Notes }, { token: student });
    const impact = await t().call<Impact>(
      "course",
      "impact",
      { id: course.courseId },
      {
        token: teacher,
      },
    );
    expect(impact.body.data).toMatchObject({ requiresCode: true, counts: { progress: 1 } });

    const refused = await t().call("course", "delete", { id: course.courseId }, { token: teacher });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("errors.confirmCodeMismatch");
    expect(
      (await t().call("course", "get", { id: course.courseId }, { token: teacher })).status,
    ).toBe(200);

    const deleted = await t().call<{ binIds: number[] }>(
      "course",
      "delete",
      { id: course.courseId, confirmCode: code.toLowerCase() },
      { token: teacher },
    );
    expect(deleted.status, deleted.payload).toBe(200);
    expect(
      (await t().call("course", "get", { id: course.courseId }, { token: teacher })).status,
    ).toBe(404);
    expect(
      (await t().call("journey", "path", { courseId: course.courseId }, { token: student })).status,
    ).toBe(404);
    const entries = await trash(t(), "course", teacher);
    expect(entries.map((e) => e.recordId)).toEqual([course.courseId]);
    expect(entries[0]!.counts).toEqual({ elements: 2, materials: 2, progress: 1, attempts: 0 });
    expect(await trash(t(), "course", otherAdmin)).toEqual([]);

    const restored = await t().call(
      "course",
      "restore",
      { id: deleted.body.data!.binIds[0] },
      { token: teacher },
    );
    expect(restored.status, restored.payload).toBe(200);
    const path = await pathOf(t(), student, course.courseId);
    expect(path.map((s) => `${s.name}:${s.state}`)).toEqual(["Notes:complete", "Link:open"]);
  });

  it("moves an element with its materials to the bin; a restored one whose position is taken goes to the end", async () => {
    const course = await buildCourse(t(), teacher, [
      { name: "A", materials: [{ name: "A1", type: "page" }] },
      {
        name: "B",
        materials: [
          { name: "B1", type: "page" },
          { name: "B2", type: "page" },
        ],
      },
      { name: "C", materials: [{ name: "C1", type: "page" }] },
    ]);
    await t().call("journey", "complete", { materialId: course.ids.A1 }, { token: student });
    await t().call("journey", "complete", { materialId: course.ids.B1 }, { token: student });
    const impact = await t().call<Impact>(
      "element",
      "impact",
      { id: course.elementIds.B },
      {
        token: teacher,
      },
    );
    expect(impact.body.data).toMatchObject({
      label: "B",
      requiresCode: false,
      counts: { materials: 2, progress: 1 },
    });
    const deleted = await t().call<{ binIds: number[] }>(
      "element",
      "delete",
      { id: course.elementIds.B },
      { token: teacher },
    );
    expect(deleted.status, deleted.payload).toBe(200);
    expect((await pathOf(t(), student, course.courseId)).map((s) => s.name)).toEqual(["A1", "C1"]);
    const entries = await trash(t(), "element", teacher, { courseId: course.courseId });
    expect(entries.map((e) => e.label)).toEqual(["B"]);
    expect(await trash(t(), "element", otherAdmin)).toEqual([]);

    const restored = await t().call(
      "element",
      "restore",
      { id: deleted.body.data!.binIds[0] },
      { token: teacher },
    );
    expect(restored.status, restored.payload).toBe(200);
    const elements = await t().call<{ data: { name: string; position: number }[] }>(
      "element",
      "list",
      { courseId: course.courseId, sortBy: "position", sortOrder: "asc" },
      { token: teacher },
    );
    expect(elements.body.data!.data.map((e) => `${e.name}:${e.position}`)).toEqual([
      "A:1",
      "C:2",
      "B:3",
    ]);
    const path = await pathOf(t(), student, course.courseId);
    expect(path.map((s) => `${s.name}:${s.state}`)).toEqual([
      "A1:complete",
      "C1:open",
      "B1:complete",
      "B2:locked",
    ]);

    // A material goes and comes back the same way; its element in the bin refuses its restore.
    const material = await t().call<{ binIds: number[] }>(
      "material",
      "delete",
      { id: course.ids.B2 },
      { token: teacher },
    );
    expect(material.status, material.payload).toBe(200);
    const element = await t().call<{ binIds: number[] }>(
      "element",
      "delete",
      { id: course.elementIds.B },
      { token: teacher },
    );
    const orphan = await t().call(
      "material",
      "restore",
      { id: material.body.data!.binIds[0] },
      { token: teacher },
    );
    expect(orphan.status).toBe(409);
    expect(orphan.body.code).toBe("errors.restoreParentMissing");
    await t().call("element", "restore", { id: element.body.data!.binIds[0] }, { token: teacher });
    expect(
      (
        await t().call(
          "material",
          "restore",
          { id: material.body.data!.binIds[0] },
          { token: teacher },
        )
      ).status,
    ).toBe(200);
    expect((await pathOf(t(), student, course.courseId)).map((s) => s.name)).toEqual([
      "A1",
      "C1",
      "B1",
      "B2",
    ]);
  });

  it("keeps a material's files until the purge, which the retention job runs after LMS_TRASH_DAYS", async () => {
    const course = await buildCourse(t(), teacher, [
      {
        name: "Files",
        materials: [
          {
            name: "Handout",
            type: "file",
            files: { file: { data: PNG, filename: "handout.png", type: "image/png" } },
          },
        ],
      },
    ]);
    const keys = (await t().app.repos.materials.filesOf([course.ids.Handout!])).map((f) =>
      path.join(t().config.dataDir, "files", f.storageKey),
    );
    expect(keys.length).toBeGreaterThan(0);
    const deleted = await t().call<{ binIds: number[] }>(
      "material",
      "delete",
      { id: course.ids.Handout },
      { token: teacher },
    );
    expect(deleted.status, deleted.payload).toBe(200);
    expect(keys.every((k) => existsSync(k))).toBe(true);

    const binId = deleted.body.data!.binIds[0]!;
    const stillThere = async () =>
      (await trash(t(), "material", admin)).some((entry) => entry.id === binId);
    expect(await t().app.recycleBin.purgeExpired(new Date(Date.now() + 29 * DAY_MS))).toBe(0);
    expect(await stillThere()).toBe(true);
    expect(keys.every((k) => existsSync(k))).toBe(true);
    expect(
      await t().app.recycleBin.purgeExpired(new Date(Date.now() + 31 * DAY_MS)),
    ).toBeGreaterThan(0);
    expect(await stillThere()).toBe(false);
    expect(keys.filter((k) => existsSync(k))).toEqual([]);
  });
});

describe("a large course deleted by a job", () => {
  const t = useTestApp({ trash: { days: 30, deleteJobRows: 3 } });

  it("answers 202, then 409 'Course deletion in progress...' on the course until the job is done", async () => {
    const teacher = await t().login("teacher");
    const student = await t().login("student");
    const course = await buildCourse(t(), teacher, [
      {
        name: "One",
        materials: [
          { name: "P1", type: "page" },
          { name: "P2", type: "page" },
        ],
      },
      { name: "Two", materials: [{ name: "P3", type: "page" }] },
    ]);
    let held: (() => Promise<void>) | undefined;
    t().app.recycleBin.startJob = (run) => {
      held = run;
    };

    const started = await t().call("course", "delete", { id: course.courseId }, { token: teacher });
    expect(started.status, started.payload).toBe(202);
    expect(started.body).toMatchObject({
      code: "courses.deletionStarted",
      message: "Course deletion started. It will be in the recycle bin shortly.",
    });
    const busy = [
      await t().call("course", "get", { id: course.courseId }, { token: teacher }),
      await t().call("course", "delete", { id: course.courseId }, { token: teacher }),
      await t().call("element", "list", { courseId: course.courseId }, { token: teacher }),
      await t().call("material", "publish", { id: course.ids.P1 }, { token: teacher }),
      await t().call("journey", "path", { courseId: course.courseId }, { token: student }),
      await t().call("journey", "open", { materialId: course.ids.P1 }, { token: student }),
    ];
    for (const answer of busy) {
      expect(answer.status, answer.payload).toBe(409);
      expect(answer.body.code).toBe("errors.courseDeletionInProgress");
      expect(answer.body.message).toBe(
        "Course deletion in progress. Kindly reload the page first before performing other tasks.",
      );
    }
    const mine = await t().call<{ course: { id: number } }[]>(
      "journey",
      "mycourses",
      {},
      {
        token: student,
      },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data!.map((c) => c.course.id)).not.toContain(course.courseId);

    await held!();
    expect(
      (await t().call("course", "get", { id: course.courseId }, { token: teacher })).status,
    ).toBe(404);
    const [entry] = await trash(t(), "course", teacher);
    expect(entry).toMatchObject({
      recordId: course.courseId,
      deletedBy: "teacher",
      counts: { elements: 2, materials: 3 },
    });
    expect(
      (await t().call("course", "restore", { id: entry!.id }, { token: teacher })).status,
    ).toBe(200);
    expect((await pathOf(t(), student, course.courseId)).map((s) => s.name)).toEqual([
      "P1",
      "P2",
      "P3",
    ]);
  });
});
