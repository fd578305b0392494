import { BULK_UPLOAD_COLUMNS, ROLE_IDS, USER_STATUS, emptyPermissions } from "@lms/core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, useTestApp } from "./helper";

/**
 * Attacks on users above the attacker (issue 12, "Authority has a ceiling on every command that
 * touches another user"), each tried through HTTP as the role that would try it.
 */
const t = useTestApp();
const STOLEN = "Stolen@Admin-2026";
let admin: string;
let lsg: string;
let schoolAdmin: string;

beforeAll(async () => {
  admin = await t().login("admin");
  lsg = await t().login("lsg@demo.school.ph");
  schoolAdmin = await t().login("schooladmin");
});

const user = async (userName: string) => (await t().app.repos.users.findForLogin(userName))!;

const signIn = (userName: string, password: string) =>
  t().call("user", "login", { userName, password });

/** A user of `roleId` in school 1 with a password, signed in; returns its token. */
async function signedInUser(userName: string, roleId: number, schoolId = 1): Promise<string> {
  const created = await t().call(
    "user",
    "create",
    {
      firstName: "Eva",
      lastName: "Cruz",
      userName,
      email: `${userName}@example.edu.ph`,
      roleId,
      schoolId,
    },
    { token: admin },
  );
  expect(created.status, created.payload).toBe(200);
  const password = "Custom@Role-2026";
  const set = await t().call(
    "user",
    "changepassword",
    { userId: await t().userId(userName), newPassword: password, confirmPassword: password },
    { token: admin },
  );
  expect(set.status).toBe(200);
  return t().login(userName, password);
}

/** A custom role made by the admin; returns its id. */
async function customRole(roleName: string, permissions: object): Promise<number> {
  const answer = await t().call<{ id: number }>(
    "role",
    "create",
    { roleName, permissions },
    { token: admin },
  );
  expect(answer.status, answer.payload).toBe(200);
  return answer.body.data!.id;
}

/** The fields of the user form for a seeded user, as its details give them. */
async function formOf(userName: string): Promise<Record<string, unknown>> {
  const record = await t().call<Record<string, unknown>>(
    "user",
    "get",
    { id: await t().userId(userName) },
    { token: admin },
  );
  return {
    ...record.body.data!,
    assignedLoad: record.body.data!.assignedLoad as object,
    children: [],
    parent: undefined,
    schoolId: record.body.data!.schoolId ?? undefined,
  };
}

function csv(rows: Record<string, string>[]): string {
  return [
    BULK_UPLOAD_COLUMNS.join(","),
    ...rows.map((r) => BULK_UPLOAD_COLUMNS.map((c) => r[c] ?? "").join(",")),
  ].join("\n");
}

const upload = (file: string, token: string) =>
  t().call<{ rows: { line: number; errors: { field: string; code: string }[] }[] }>(
    "user",
    "bulkupload",
    { mode: "upsert" },
    { token, files: { file: { data: file, filename: "users.csv", type: "text/csv" } } },
  );

describe("attacks on a user above the attacker", () => {
  it("refuses an lsg who sets the admin's or the rex admin's password: theirs still works", async () => {
    const rexAdmin = await t().login("rexadmin");
    for (const [target, token] of [
      ["admin", admin],
      ["rexadmin", rexAdmin],
    ] as const) {
      const answer = await t().call(
        "user",
        "changepassword",
        { userId: await t().userId(target), newPassword: STOLEN, confirmPassword: STOLEN },
        { token: lsg },
      );
      expect(answer.status, target).toBe(403);
      expect(answer.body.code).toBe("errors.forbidden");
      expect((await signIn(target, STOLEN)).status, target).toBe(401);
      expect((await signIn(target, DEMO_PASSWORD)).status, target).toBe(200);
      // Their sessions were not ended either.
      expect((await t().call("user", "profile", {}, { token })).status, target).toBe(200);
    }
  });

  it("refuses an lsg who deactivates, edits or deletes the admin or the rex admin", async () => {
    for (const target of ["admin", "rexadmin"]) {
      const id = await t().userId(target);
      const off = await t().call("user", "deactivate", { id }, { token: lsg });
      expect(off.status).toBe(403);
      const edit = await t().call(
        "user",
        "update",
        { ...(await formOf(target)), email: "lsg-owns-this@example.edu.ph" },
        { token: lsg },
      );
      expect(edit.status).toBe(403);
      const gone = await t().call("user", "delete", { id }, { token: lsg });
      expect(gone.status).toBe(403);
      const row = await user(target);
      expect(row.status).toBe(USER_STATUS.active);
      expect(row.email).toBe(`${target}@demo.school.ph`);
    }
  });

  it("refuses a school admin who deactivates, edits or deletes a global admin", async () => {
    const id = await t().userId("admin");
    for (const command of ["deactivate", "delete", "activate", "resendactivation"]) {
      const answer = await t().call("user", command, { id }, { token: schoolAdmin });
      // Outside the school admin's scope: as any record it cannot see.
      expect(answer.status, command).toBe(404);
    }
    const edit = await t().call(
      "user",
      "update",
      { ...(await formOf("admin")), email: "taken-over@example.edu.ph" },
      { token: schoolAdmin },
    );
    expect(edit.status).toBe(404);
    const password = await t().call(
      "user",
      "changepassword",
      { userId: id, newPassword: STOLEN, confirmPassword: STOLEN },
      { token: schoolAdmin },
    );
    expect(password.status).toBe(404);
    const row = await user("admin");
    expect(row.status).toBe(USER_STATUS.active);
    expect(row.email).toBe("admin@demo.school.ph");
    expect((await signIn("admin", DEMO_PASSWORD)).status).toBe(200);
  });

  it("refuses a school admin who promotes a teacher to admin, rex admin or lsg", async () => {
    const teacher = await formOf("teacher");
    for (const roleId of [ROLE_IDS.admin, ROLE_IDS.rexAdmin, ROLE_IDS.lsg]) {
      const answer = await t().call(
        "user",
        "update",
        { ...teacher, roleId, schoolId: undefined },
        { token: schoolAdmin },
      );
      expect(answer.status, String(roleId)).toBe(403);
    }
    expect((await user("teacher")).roleId).toBe(ROLE_IDS.teacher);
    // Within its own rights, the same edit goes through.
    const within = await t().call(
      "user",
      "update",
      { ...teacher, title: "Teacher II" },
      { token: schoolAdmin },
    );
    expect(within.status).toBe(200);
  });

  it("refuses an lsg who promotes itself or another lsg to admin", async () => {
    const other = await signedInUser("lsgtwo", ROLE_IDS.lsg);
    const form = await formOf("lsgtwo");
    const self = await t().call(
      "user",
      "update",
      { ...form, roleId: ROLE_IDS.admin },
      {
        token: other,
      },
    );
    expect(self.status).toBe(403);
    const peer = await t().call(
      "user",
      "update",
      { ...form, roleId: ROLE_IDS.rexAdmin },
      {
        token: lsg,
      },
    );
    expect(peer.status).toBe(403);
    expect((await user("lsgtwo")).roleId).toBe(ROLE_IDS.lsg);
    // An lsg edits another lsg (equal rights) as long as the role stays.
    const edit = await t().call(
      "user",
      "update",
      { ...form, title: "Coordinator" },
      {
        token: lsg,
      },
    );
    expect(edit.status).toBe(200);
  });

  it("refuses a school admin who changes its own role, even to a lower one", async () => {
    const answer = await t().call(
      "user",
      "update",
      { ...(await formOf("schooladmin")), roleId: ROLE_IDS.teacher, employeeNumber: "EMP-7" },
      { token: schoolAdmin },
    );
    expect(answer.status).toBe(403);
    expect((await user("schooladmin")).roleId).toBe(ROLE_IDS.schoolAdmin);
    const same = await t().call(
      "user",
      "update",
      { ...(await formOf("schooladmin")), title: "Head Teacher" },
      { token: schoolAdmin },
    );
    expect(same.status).toBe(200);
  });

  it("refuses a stolen session that changes its own e-mail outside the profile", async () => {
    const before = await user("schooladmin");
    const answer = await t().call(
      "user",
      "update",
      { ...(await formOf("schooladmin")), email: "thief@example.edu.ph" },
      { token: schoolAdmin },
    );
    expect(answer.status).toBe(403);
    const row = {
      firstName: before.firstName,
      lastName: before.lastName,
      userName: "schooladmin",
      email: "thief@example.edu.ph",
      roleId: String(ROLE_IDS.schoolAdmin),
      schoolId: String(before.schoolId),
    };
    const uploaded = await upload(csv([row]), schoolAdmin);
    expect(uploaded.status).toBe(422);
    expect(uploaded.body.data!.rows[0]!.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "email", code: "errors.forbidden" }),
      ]),
    );
    expect((await user("schooladmin")).email).toBe(before.email);
  });

  it("refuses a custom role with users rights but no roles rights acting on a school admin", async () => {
    // Every users right and every learning right, but no schools or roles rights.
    const all = { access: true, view: true, add: true, modify: true };
    const registrar = await customRole("Registrar", {
      users: all,
      courses: all,
      materials: all,
      reports: all,
    });
    const token = await signedInUser("registrar1", registrar);
    const id = await t().userId("schooladmin");
    expect((await t().call("user", "deactivate", { id }, { token })).status).toBe(403);
    const password = await t().call(
      "user",
      "changepassword",
      { userId: id, newPassword: STOLEN, confirmPassword: STOLEN },
      { token },
    );
    expect(password.status).toBe(403);
    const edit = await t().call(
      "user",
      "update",
      { ...(await formOf("schooladmin")), email: "registrar-owns@example.edu.ph" },
      { token },
    );
    expect(edit.status).toBe(403);
    // Nor does it make a user a school admin.
    const promote = await t().call(
      "user",
      "update",
      { ...(await formOf("teacher")), roleId: ROLE_IDS.schoolAdmin },
      { token },
    );
    expect(promote.status).toBe(403);
    expect((await user("teacher")).roleId).toBe(ROLE_IDS.teacher);
    expect((await user("schooladmin")).status).toBe(USER_STATUS.active);
    expect((await user("schooladmin")).email).toBe("schooladmin@demo.school.ph");
    expect((await signIn("schooladmin", STOLEN)).status).toBe(401);
    // A teacher of its school (no authority rights) and a user of its own rights are in reach.
    const teacherId = await t().userId("teacher");
    const teacher = await t().call("user", "deactivate", { id: teacherId }, { token });
    expect(teacher.status).toBe(200);
    expect((await user("teacher")).status).toBe(USER_STATUS.inactive);
    await t().call("user", "activate", { id: teacherId }, { token: admin });
    await signedInUser("registrar2", registrar);
    const peer = await t().call(
      "user",
      "deactivate",
      { id: await t().userId("registrar2") },
      { token },
    );
    expect(peer.status).toBe(200);
  });

  it("writes nothing when a bulk upload updates the admin by user name, and names the row", async () => {
    const before = await user("admin");
    const file = csv([
      {
        firstName: "Lara",
        lastName: "Gomez",
        userName: "newlsg1",
        email: "newlsg1@example.edu.ph",
        roleId: String(ROLE_IDS.lsg),
      },
      {
        firstName: "Ana",
        lastName: "Owned",
        userName: "admin",
        email: "admin@demo.school.ph",
        roleId: String(ROLE_IDS.admin),
      },
    ]);
    const answer = await upload(file, lsg);
    expect(answer.status).toBe(422);
    const [first, second] = answer.body.data!.rows;
    expect(first!.errors).toEqual([]);
    expect(second!.line).toBe(3);
    expect(second!.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "userName", code: "errors.forbidden", row: 3 }),
      ]),
    );
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ row: 3, code: "errors.forbidden" })]),
    );
    expect(await t().app.repos.users.findForLogin("newlsg1")).toBeUndefined();
    expect((await user("admin")).lastName).toBe(before.lastName);
  });

  it("writes nothing when a bulk upload takes over the admin by e-mail or demotes it", async () => {
    const byEmail = await upload(
      csv([
        {
          firstName: "Ana",
          lastName: "Owned",
          userName: "fakeadmin",
          email: "admin@demo.school.ph",
          roleId: String(ROLE_IDS.lsg),
        },
      ]),
      lsg,
    );
    expect(byEmail.status).toBe(422);
    expect(byEmail.body.data!.rows[0]!.errors.length).toBeGreaterThan(0);
    const demote = await upload(
      csv([
        {
          firstName: "Ana",
          lastName: "Reyes",
          userName: "admin",
          email: "admin@demo.school.ph",
          roleId: String(ROLE_IDS.lsg),
        },
      ]),
      lsg,
    );
    expect(demote.status).toBe(422);
    expect(demote.body.data!.rows[0]!.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "userName", row: 2 })]),
    );
    const bySchoolAdmin = await upload(
      csv([
        {
          firstName: "Ana",
          lastName: "Owned",
          userName: "admin",
          email: "admin@demo.school.ph",
          roleId: String(ROLE_IDS.schoolAdmin),
          schoolId: "1",
        },
      ]),
      schoolAdmin,
    );
    expect(bySchoolAdmin.status).toBe(422);
    expect(bySchoolAdmin.body.data!.rows[0]!.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "userName", row: 2 })]),
    );
    expect(await t().app.repos.users.findForLogin("fakeadmin")).toBeUndefined();
    const row = await user("admin");
    expect([row.roleId, row.schoolId, row.lastName]).toEqual([ROLE_IDS.admin, null, "Reyes"]);
  });
});

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
