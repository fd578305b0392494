import { ROLE_IDS, USER_STATUS, emptyPermissions } from "@lms/core";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { attackHelpers } from "./support/attack-authority";

/**
 * Attacks on users above the attacker (issue 12, "Authority has a ceiling on every command that
 * touches another user"), each tried through HTTP as the role that would try it.
 */
const t = useTestApp();
let admin: string;
let lsg: string;
let schoolAdmin: string;

beforeAll(async () => {
  admin = await t().login("admin");
  lsg = await t().login("lsg@demo.school.ph");
  schoolAdmin = await t().login("schooladmin");
});

const { user, signIn, signedInUser, customRole, formOf } = attackHelpers(t, () => admin);

describe("an lsg manages the users of every school (the ceiling compares schools, users, roles)", () => {
  it("lets an lsg create a teacher, a student and a parent in a school and set their passwords", async () => {
    const password = "Lsg@Managed-2026";
    const people = [
      { userName: "lsgteacher", roleId: ROLE_IDS.teacher, employeeNumber: "EMP-4401" },
      {
        userName: "lsgstudent",
        roleId: ROLE_IDS.student,
        learningReferenceNumber: "305123440001",
        grade: 7,
        section: "Rizal",
        schoolYearFrom: 2026,
        schoolYearTo: 2027,
      },
      { userName: "lsgparent", roleId: ROLE_IDS.parent },
    ];
    for (const { userName, ...fields } of people) {
      const created = await t().call(
        "user",
        "create",
        {
          firstName: "Nina",
          lastName: "Santos",
          userName,
          email: `${userName}@example.edu.ph`,
          schoolId: 2,
          ...fields,
        },
        { token: lsg },
      );
      expect(created.status, `${userName}: ${created.payload}`).toBe(200);
      const set = await t().call(
        "user",
        "changepassword",
        { userId: await t().userId(userName), newPassword: password, confirmPassword: password },
        { token: lsg },
      );
      expect(set.status, userName).toBe(200);
      expect((await signIn(userName, password)).status, userName).toBe(200);
    }
  });

  it("lets an lsg set a seeded teacher's password, edit and deactivate it", async () => {
    const id = await t().userId("teacher");
    const password = "Lsg@Reset-2026";
    const set = await t().call(
      "user",
      "changepassword",
      { userId: id, newPassword: password, confirmPassword: password },
      { token: lsg },
    );
    expect(set.status).toBe(200);
    expect((await signIn("teacher", password)).status).toBe(200);
    const edit = await t().call(
      "user",
      "update",
      { ...(await formOf("teacher")), title: "Master Teacher I" },
      { token: lsg },
    );
    expect(edit.status).toBe(200);
    expect((await user("teacher")).title).toBe("Master Teacher I");
    const off = await t().call("user", "deactivate", { id }, { token: lsg });
    expect(off.status).toBe(200);
    expect((await user("teacher")).status).toBe(USER_STATUS.inactive);
    const on = await t().call("user", "activate", { id }, { token: lsg });
    expect(on.status).toBe(200);
    expect((await user("teacher")).status).toBe(USER_STATUS.active);
  });

  it("lets an lsg edit another school's school admin, but never the admin or the rex admin", async () => {
    const edit = await t().call(
      "user",
      "update",
      { ...(await formOf("schooladmin2")), title: "Principal II" },
      { token: lsg },
    );
    expect(edit.status).toBe(200);
    expect((await user("schooladmin2")).title).toBe("Principal II");
    for (const target of ["admin", "rexadmin"]) {
      const refused = await t().call(
        "user",
        "update",
        { ...(await formOf(target)), title: "Owned" },
        { token: lsg },
      );
      expect(refused.status, target).toBe(403);
      expect((await user(target)).title, target).not.toBe("Owned");
    }
  });
});

describe("attacks on roles", () => {
  it("refuses a school admin who edits or disables a built-in role", async () => {
    const teacherRole = await t().app.repos.roles.get(ROLE_IDS.teacher);
    const edit = await t().call(
      "role",
      "update",
      { id: ROLE_IDS.teacher, roleName: "teacher", permissions: emptyPermissions() },
      { token: schoolAdmin },
    );
    expect(edit.status).toBe(403);
    const off = await t().call(
      "role",
      "setstatus",
      { id: ROLE_IDS.teacher, status: "disabled" },
      { token: schoolAdmin },
    );
    expect(off.status).toBe(403);
    expect(await t().app.repos.roles.get(ROLE_IDS.teacher)).toEqual(teacherRole);
  });

  it("refuses a school-bound role editor who changes a built-in role or another school's role", async () => {
    const all = { access: true, view: true, add: true, modify: true };
    const head = await customRole("Head of School", {
      schools: { access: true, view: true },
      users: all,
      roles: all,
      courses: all,
      materials: all,
      reports: all,
    });
    const token = await signedInUser("head1", head);
    const teacherRole = await t().app.repos.roles.get(ROLE_IDS.teacher);
    for (const [command, fields] of [
      ["update", { id: ROLE_IDS.teacher, roleName: "teacher", permissions: emptyPermissions() }],
      ["setstatus", { id: ROLE_IDS.teacher, status: "disabled" }],
    ] as const) {
      const answer = await t().call("role", command, fields, { token });
      expect(answer.status, command).toBe(403);
    }
    // Nobody deletes a built-in role.
    const deleted = await t().call("role", "delete", { id: ROLE_IDS.student }, { token });
    expect(deleted.status).toBe(409);
    expect(await t().app.repos.roles.get(ROLE_IDS.teacher)).toEqual(teacherRole);
    // A custom role one of school 2's users holds is not school 1's to change.
    const shared = await customRole("Librarian", { reports: { access: true, view: true } });
    await signedInUser("librarian2", shared, 2);
    const other = await t().call(
      "role",
      "setstatus",
      { id: shared, status: "disabled" },
      { token },
    );
    expect(other.status).toBe(403);
    const otherDeleted = await t().call("role", "delete", { id: shared }, { token });
    expect(otherDeleted.status).toBe(403);
    expect((await t().app.repos.roles.get(shared))!.enabled).toBe(true);
    // A custom role held only in its own school is.
    const own = await customRole("Clerk", { reports: { access: true, view: true } });
    await signedInUser("clerk1", own);
    const mine = await t().call(
      "role",
      "update",
      { id: own, roleName: "Clerk", permissions: { courses: { access: true, view: true } } },
      { token },
    );
    expect(mine.status).toBe(200);
  });

  it("refuses a role editor who grants a right it lacks", async () => {
    const all = { access: true, view: true, add: true, modify: true };
    const editor = await customRole("Role Editor", { roles: all, users: { view: true } });
    const token = await signedInUser("editor1", editor);
    const create = await t().call(
      "role",
      "create",
      { roleName: "Course Boss", permissions: { courses: all } },
      { token },
    );
    expect(create.status).toBe(403);
    expect(create.body.code).toBe("errors.forbidden");
    const made = await t().call<{ id: number }>(
      "role",
      "create",
      { roleName: "User Viewer", permissions: { users: { view: true } } },
      { token },
    );
    expect(made.status).toBe(200);
    const raise = await t().call(
      "role",
      "update",
      {
        id: made.body.data!.id,
        roleName: "User Viewer",
        permissions: { users: { view: true }, schools: all },
      },
      { token },
    );
    expect(raise.status).toBe(403);
    const role = await t().app.repos.roles.get(made.body.data!.id);
    expect(role!.permissions.schools).toEqual({
      access: false,
      add: false,
      view: false,
      modify: false,
    });
  });

  it("holds a role's lowered rights and its disabling on its holders' very next call", async () => {
    const auditor = await customRole("Auditor", {
      users: { access: true, view: true },
      reports: { access: true, view: true },
    });
    const token = await signedInUser("auditor1", auditor);
    expect((await t().call("user", "list", {}, { token })).status).toBe(200);
    const lowered = await t().call(
      "role",
      "update",
      {
        id: auditor,
        roleName: "Auditor",
        permissions: { reports: { access: true, view: true } },
      },
      { token: admin },
    );
    expect(lowered.status).toBe(200);
    expect((await t().call("user", "list", {}, { token })).status).toBe(403);
    await t().call(
      "role",
      "update",
      {
        id: auditor,
        roleName: "Auditor",
        permissions: { users: { access: true, view: true } },
      },
      { token: admin },
    );
    expect((await t().call("user", "list", {}, { token })).status).toBe(200);
    await t().call("role", "setstatus", { id: auditor, status: "disabled" }, { token: admin });
    expect((await t().call("user", "list", {}, { token })).status).toBe(403);
  });
});
