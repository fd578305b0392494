import { ROLE_IDS, USER_STATUS } from "@lms/core";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, useTestApp } from "./helper";
import { attackHelpers, csv } from "./support/attack-authority";

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

const { user, signIn, signedInUser, customRole, formOf, upload } = attackHelpers(t, () => admin);

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
