import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client";
import { useTestApp, type TestApp } from "./helper";
import { PNG } from "./support/files";
import { buildCourse, pathOf } from "./support/journey";

interface Entry {
  id: number;
  recordId: number;
  label: string;
  code: string | null;
  deletedBy: string | null;
  deletedAt: string;
  purgeAt: string;
  counts: Record<string, number>;
}

interface Impact {
  id: number;
  label: string;
  code: string | null;
  requiresCode: boolean;
  counts: Record<string, number>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function count(t: TestApp, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.database.db.execute(query));
  return Number(row!.n);
}

async function trash(t: TestApp, resource: string, token: string, fields = {}) {
  const answer = await t.call<{ data: Entry[]; pagination: { totalcount: number } }>(
    resource,
    "trash",
    fields,
    { token },
  );
  expect(answer.status, answer.payload).toBe(200);
  return answer.body.data!.data;
}

async function canSignIn(t: TestApp, userName: string): Promise<boolean> {
  const answer = await t.call("user", "login", { userName, password: "Demo@2026!" });
  return answer.status === 200;
}

/** Learner progress and attempts of one user, as the database holds them. */
const learnerRows = (t: TestApp, userId: number) =>
  count(
    t,
    sql`select ((select count(*) from progress where user_id = ${userId})
      + (select count(*) from attempts where user_id = ${userId}))::int as n`,
  );

describe("a school in the recycle bin", () => {
  const t = useTestApp();
  let admin: string;
  let schoolId: number;
  let studentId: number;

  beforeAll(async () => {
    admin = await t().login("admin");
    studentId = await t().userId("student");
    const schools = await t().call<{ data: { id: number; schoolCode: string }[] }>(
      "school",
      "list",
      { search: "rnhs" },
      { token: admin },
    );
    schoolId = schools.body.data!.data.find((s) => s.schoolCode === "RNHS")!.id;
    // The student has progress in the demo journey: one more opened material makes sure of it.
    const student = await t().login("student");
    const course = await buildCourse(t(), await t().login("teacher"), [
      { name: "Intro", materials: [{ name: "Read me", type: "page" }] },
    ]);
    await t().call("journey", "open", { materialId: course.ids["Read me"] }, { token: student });
    await t().call(
      "journey",
      "complete",
      { materialId: course.ids["Read me"] },
      { token: student },
    );
  });

  it("says what goes with it, and refuses a delete without its code (409, nothing changed)", async () => {
    const impact = await t().call<Impact>("school", "impact", { id: schoolId }, { token: admin });
    expect(impact.status).toBe(200);
    expect(impact.body.data).toMatchObject({
      id: schoolId,
      label: "Rizal National High School",
      code: "RNHS",
      requiresCode: true,
    });
    const counts = impact.body.data!.counts;
    expect(Object.keys(counts).sort()).toEqual(["courses", "progress", "users"]);
    expect(counts.users).toBe(
      await count(t(), sql`select count(*)::int as n from users where school_id = ${schoolId}`),
    );
    expect(counts.courses).toBeGreaterThan(0);
    expect(counts.progress).toBeGreaterThan(0);

    for (const fields of [{ id: schoolId }, { id: schoolId, confirmCode: "BIS" }]) {
      const refused = await t().call<Impact>("school", "delete", fields, { token: admin });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("errors.confirmCodeMismatch");
      expect(refused.body.message).toBe("Type the code to confirm the deletion.");
      expect(refused.body.data!.counts).toEqual(counts);
    }
    expect(await canSignIn(t(), "student")).toBe(true);
    expect(await trash(t(), "school", admin)).toEqual([]);
  });

  it("moves the school, its users and courses to the bin and brings them back with their progress", async () => {
    const progress = await learnerRows(t(), studentId);
    expect(progress).toBeGreaterThan(0);
    const studentToken = await t().login("student");
    const users = await count(
      t(),
      sql`select count(*)::int as n from users where school_id = ${schoolId}`,
    );

    const deleted = await t().call<{ binIds: number[] }>(
      "school",
      "delete",
      { id: schoolId, confirmCode: " rnhs " },
      { token: admin },
    );
    expect(deleted.status, deleted.payload).toBe(200);
    expect(deleted.body.message).toBe("School has been deleted.");
    const [binId] = deleted.body.data!.binIds;

    // Gone from sign-in, sessions, lists and gets.
    expect(await canSignIn(t(), "student")).toBe(false);
    expect((await t().call("user", "profile", {}, { token: studentToken })).status).toBe(401);
    const schools = await t().call<{ data: { id: number }[] }>(
      "school",
      "list",
      {},
      {
        token: admin,
      },
    );
    expect(schools.body.data!.data.map((s) => s.id)).not.toContain(schoolId);
    const userList = await t().call<{ data: { userName: string }[] }>(
      "user",
      "list",
      { search: "student" },
      { token: admin },
    );
    expect(userList.body.data!.data.map((u) => u.userName)).not.toContain("student");
    expect((await t().call("user", "get", { id: studentId }, { token: admin })).status).toBe(404);

    const [entry] = await trash(t(), "school", admin);
    expect(entry).toMatchObject({
      id: binId,
      recordId: schoolId,
      label: "Rizal National High School",
      code: "RNHS",
      deletedBy: "admin",
    });
    expect(entry!.counts.users).toBe(users);
    const kept = new Date(entry!.purgeAt).getTime() - new Date(entry!.deletedAt).getTime();
    expect(Math.round(kept / DAY_MS)).toBe(30);
    expect(await trash(t(), "school", admin, { search: "rizal" })).toHaveLength(1);
    expect(await trash(t(), "school", admin, { search: "nothing like it" })).toHaveLength(0);

    const restored = await t().call("school", "restore", { id: binId }, { token: admin });
    expect(restored.status, restored.payload).toBe(200);
    expect(restored.body).toMatchObject({
      code: "trash.restored",
      message: "Restored from the recycle bin.",
      data: { recordId: schoolId },
    });
    expect(await canSignIn(t(), "student")).toBe(true);
    expect(await learnerRows(t(), studentId)).toBe(progress);
    expect(
      await count(t(), sql`select count(*)::int as n from users where school_id = ${schoolId}`),
    ).toBe(users);
    const again = await t().call<{ data: { userName: string }[] }>(
      "user",
      "list",
      { search: "student" },
      { token: admin },
    );
    expect(again.body.data!.data.map((u) => u.userName)).toContain("student");
    expect(await trash(t(), "school", admin)).toEqual([]);
    // A restored user's sessions are not restored: the old token stays ended.
    expect((await t().call("user", "profile", {}, { token: studentToken })).status).toBe(401);
  });

  it("answers 404 for an entry that is not in the bin", async () => {
    expect((await t().call("school", "restore", { id: 999999 }, { token: admin })).status).toBe(
      404,
    );
    expect((await t().call("school", "purge", { id: 999999 }, { token: admin })).status).toBe(404);
  });
});

describe("users, roles and the bin's scope", () => {
  const t = useTestApp();
  let admin: string;
  let schoolAdmin: string;
  let otherAdmin: string;

  beforeAll(async () => {
    admin = await t().login("admin");
    schoolAdmin = await t().login("schooladmin");
    otherAdmin = await t().login("schooladmin2");
  });

  it("moves a user to the bin with its progress; only its school's admin sees and restores it", async () => {
    const studentId = await t().userId("student");
    const teacher = await t().login("teacher");
    const course = await buildCourse(t(), teacher, [
      { name: "One", materials: [{ name: "Page", type: "page" }] },
    ]);
    const student = await t().login("student");
    await t().call("journey", "complete", { materialId: course.ids.Page }, { token: student });
    const rows = await learnerRows(t(), studentId);
    expect(rows).toBeGreaterThan(0);

    const impact = await t().call<Impact>(
      "user",
      "impact",
      { id: studentId },
      {
        token: schoolAdmin,
      },
    );
    expect(impact.body.data).toMatchObject({ label: "Juan Dela Cruz", requiresCode: false });
    expect(impact.body.data!.counts.progress).toBeGreaterThan(0);
    // Another school's admin reaches neither the user nor its impact.
    expect(
      (await t().call("user", "impact", { id: studentId }, { token: otherAdmin })).status,
    ).toBe(404);

    const deleted = await t().call<{ count: number; binIds: number[] }>(
      "user",
      "delete",
      { id: studentId },
      { token: schoolAdmin },
    );
    expect(deleted.status, deleted.payload).toBe(200);
    expect(deleted.body.data!.count).toBe(1);
    const binId = deleted.body.data!.binIds[0]!;
    expect(await canSignIn(t(), "student")).toBe(false);
    expect((await t().call("journey", "mycourses", {}, { token: student })).status).toBe(401);
    // The parent's link to the child went with it.
    const parentId = await t().userId("parent");
    expect(
      await count(
        t(),
        sql`select count(*)::int as n from parent_children where parent_id = ${parentId}`,
      ),
    ).toBe(0);

    expect((await trash(t(), "user", schoolAdmin)).map((e) => e.id)).toEqual([binId]);
    expect(await trash(t(), "user", otherAdmin)).toEqual([]);
    expect((await trash(t(), "user", admin)).map((e) => e.id)).toContain(binId);
    expect((await t().call("user", "restore", { id: binId }, { token: otherAdmin })).status).toBe(
      404,
    );
    expect((await t().call("user", "purge", { id: binId }, { token: otherAdmin })).status).toBe(
      404,
    );

    const restored = await t().call("user", "restore", { id: binId }, { token: schoolAdmin });
    expect(restored.status, restored.payload).toBe(200);
    expect(await canSignIn(t(), "student")).toBe(true);
    expect(await learnerRows(t(), studentId)).toBe(rows);
    expect(
      await count(
        t(),
        sql`select count(*)::int as n from parent_children where parent_id = ${parentId}`,
      ),
    ).toBe(1);
    const path = await pathOf(t(), await t().login("student"), course.courseId);
    expect(path.map((s) => s.state)).toEqual(["complete"]);
  });

  it("refuses a restore whose user name is taken now, and one whose school is in the bin", async () => {
    const ownSchool = (await t().app.repos.users.findById(await t().userId("schooladmin")))!
      .schoolId;
    const created = await t().call<{ id: number }>(
      "user",
      "create",
      {
        firstName: "Rosa",
        lastName: "Luna",
        userName: "rluna",
        email: "rluna@example.edu.ph",
        roleId: 10,
        schoolId: ownSchool,
      },
      { token: schoolAdmin },
    );
    expect(created.status, created.payload).toBe(200);
    const first = await t().call<{ binIds: number[] }>(
      "user",
      "delete",
      { id: created.body.data!.id },
      { token: schoolAdmin },
    );
    const again = await t().call(
      "user",
      "create",
      {
        firstName: "Rosa",
        lastName: "Luna",
        userName: "RLuna",
        email: "rosa.luna@example.edu.ph",
        roleId: 10,
        schoolId: ownSchool,
      },
      { token: schoolAdmin },
    );
    expect(again.status, again.payload).toBe(200);
    const conflict = await t().call(
      "user",
      "restore",
      { id: first.body.data!.binIds[0] },
      { token: schoolAdmin },
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.code).toBe("errors.restoreConflict");
    expect(conflict.body.message).toBe(
      "It cannot be restored: its code, name, user name or e-mail is now used by another record.",
    );
    expect(await trash(t(), "user", schoolAdmin)).toHaveLength(1);

    // A user of the second school, then the school itself: the user needs its school back first.
    const bisStudent = await t().userId("student2");
    const user = await t().call<{ binIds: number[] }>(
      "user",
      "delete",
      { id: bisStudent },
      { token: admin },
    );
    const schoolId = (await t().app.repos.users.findById(await t().userId("schooladmin2")))!
      .schoolId!;
    const school = await t().call<{ binIds: number[] }>(
      "school",
      "delete",
      { id: schoolId, confirmCode: "BIS" },
      { token: admin },
    );
    expect(school.status, school.payload).toBe(200);
    const missing = await t().call(
      "user",
      "restore",
      { id: user.body.data!.binIds[0] },
      { token: admin },
    );
    expect(missing.status).toBe(409);
    expect(missing.body.code).toBe("errors.restoreParentMissing");
    expect(missing.body.message).toBe("Restore what it belongs to first.");
    expect(
      (await t().call("school", "restore", { id: school.body.data!.binIds[0] }, { token: admin }))
        .status,
    ).toBe(200);
    expect(
      (await t().call("user", "restore", { id: user.body.data!.binIds[0] }, { token: admin }))
        .status,
    ).toBe(200);
    expect(await canSignIn(t(), "student2")).toBe(true);
  });

  it("moves a role to the bin with its permissions and restores it", async () => {
    const created = await t().call<{ id: number; permissions: unknown }>(
      "role",
      "create",
      {
        roleName: "Registrar",
        description: "Keeps records",
        enabled: true,
        permissions: JSON.stringify({
          schools: { access: false, add: false, view: false, modify: false },
          users: { access: true, add: false, view: true, modify: false },
          roles: { access: false, add: false, view: false, modify: false },
          courses: { access: false, add: false, view: false, modify: false },
          materials: { access: false, add: false, view: false, modify: false },
          reports: { access: true, add: false, view: true, modify: false },
        }),
      },
      { token: admin },
    );
    expect(created.status, created.payload).toBe(200);
    const id = created.body.data!.id;
    const impact = await t().call<Impact>("role", "impact", { id }, { token: admin });
    expect(impact.body.data).toEqual({
      id,
      label: "Registrar",
      code: null,
      requiresCode: false,
      counts: {},
    });
    const deleted = await t().call<{ binIds: number[] }>(
      "role",
      "delete",
      { id },
      {
        token: admin,
      },
    );
    expect(deleted.body.message).toBe("Role has been deleted.");
    expect((await t().call("role", "get", { id }, { token: admin })).status).toBe(404);
    const [entry] = await trash(t(), "role", admin);
    expect(entry).toMatchObject({ recordId: id, label: "Registrar" });
    expect(
      (await t().call("role", "restore", { id: entry!.id }, { token: admin })).body.message,
    ).toBe("Restored from the recycle bin.");
    const role = await t().call<{ permissions: unknown }>("role", "get", { id }, { token: admin });
    expect(role.body.data!.permissions).toEqual(created.body.data!.permissions);
  });
});

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
