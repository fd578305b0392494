import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { buildCourse, pathOf } from "./support/journey";
import { type Impact, DAY_MS, count, trash, canSignIn, learnerRows } from "./support/recycle-bin";

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
