import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { buildCourse, pathOf } from "./support/journey";
import { type Impact, count, trash, canSignIn, learnerRows } from "./support/recycle-bin";

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
