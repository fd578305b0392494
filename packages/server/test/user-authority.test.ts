import { BULK_UPLOAD_COLUMNS, ROLE_IDS, USER_STATUS, encodeClassId } from "@lms/core";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { SEEDED_ROLES, TARGET_TABLE, type SeededRole } from "./support/permission-table";

/**
 * The target's-role column of the role × command table (support/permission-table.ts
 * TARGET_TABLE): each seeded role acts, through HTTP, on a fresh user of each seeded role, and
 * the answer and the change it made (or did not make) are compared with the table.
 */
const t = useTestApp();
const tokens = new Map<SeededRole, string>();

const ROLE_OF: Record<SeededRole, number> = {
  admin: ROLE_IDS.admin,
  rexadmin: ROLE_IDS.rexAdmin,
  lsg: ROLE_IDS.lsg,
  schooladmin: ROLE_IDS.schoolAdmin,
  teacher: ROLE_IDS.teacher,
  student: ROLE_IDS.student,
  parent: ROLE_IDS.parent,
};
const GLOBAL: readonly SeededRole[] = ["admin", "rexadmin", "lsg"];
const NEW_PASSWORD = "Tr0ub4dor&3-Horse";

let lrn = 300000000000;

/** The fields of a valid user of a role (school 1 for school roles; a student in 7 Rizal). */
function fieldsOf(role: SeededRole, userName: string): Record<string, string | number> {
  return {
    firstName: "Tess",
    lastName: "Target",
    userName,
    email: `${userName}@example.edu.ph`,
    roleId: ROLE_OF[role],
    ...(GLOBAL.includes(role) ? {} : { schoolId: 1 }),
    ...(role === "teacher" ? { employeeNumber: "EMP-9001" } : {}),
    ...(role === "student"
      ? {
          learningReferenceNumber: String(lrn++),
          grade: 7,
          section: "Rizal",
          schoolYearFrom: 2026,
          schoolYearTo: 2027,
        }
      : {}),
  };
}

interface Target {
  id: number;
  fields: Record<string, string | number>;
}

/** One new user of each seeded role, created by the admin, named `<prefix><role>`. */
async function makeTargets(prefix: string): Promise<Record<SeededRole, Target>> {
  const admin = tokens.get("admin")!;
  const targets = {} as Record<SeededRole, Target>;
  for (const role of SEEDED_ROLES) {
    const fields = fieldsOf(role, `${prefix}${role}`);
    const answer = await t().call<{ id: number }>("user", "create", fields, { token: admin });
    expect(answer.status, answer.payload).toBe(200);
    targets[role] = { id: answer.body.data!.id, fields };
  }
  return targets;
}

const user = (id: number) => t().app.repos.users.findById(id);

function letter(status: number, allowed = 200): string {
  if (status === allowed) return "Y";
  if (status === 403) return "N";
  if (status === 404) return "S";
  return `?${status}`;
}

/** Runs `act` for each acting role × target role and gives each actor's row of letters. */
async function table(
  act: (actor: SeededRole, target: SeededRole) => Promise<string>,
): Promise<Record<SeededRole, string>> {
  const rows = {} as Record<SeededRole, string>;
  for (const actor of SEEDED_ROLES) {
    let row = "";
    for (const target of SEEDED_ROLES) row += await act(actor, target);
    rows[actor] = row;
  }
  return rows;
}

beforeAll(async () => {
  for (const role of SEEDED_ROLES)
    tokens.set(role, await t().login(role === "lsg" ? "lsg@demo.school.ph" : role));
});

describe("the role × command table's target column", () => {
  let targets: Record<SeededRole, Target>;
  beforeAll(async () => {
    targets = await makeTargets("tgt");
  });

  it("user update", async () => {
    const rows = await table(async (actor, role) => {
      const target = targets[role];
      const title = `set by ${actor}`;
      const answer = await t().call(
        "user",
        "update",
        { id: target.id, ...target.fields, title },
        { token: tokens.get(actor)! },
      );
      const result = letter(answer.status);
      expect((await user(target.id))!.title === title, `${actor} → ${role}`).toBe(result === "Y");
      return result;
    });
    expect(rows).toEqual(TARGET_TABLE.user!.update);
  });

  // Before any password is set: an activation link goes only to a user not yet registered.
  it("user resendactivation", async () => {
    const rows = await table(async (actor, role) => {
      const answer = await t().call(
        "user",
        "resendactivation",
        { id: targets[role].id },
        { token: tokens.get(actor)! },
      );
      return letter(answer.status);
    });
    expect(rows).toEqual(TARGET_TABLE.user!.resendactivation);
  });

  it("user changepassword with a userId", async () => {
    const rows = await table(async (actor, role) => {
      const target = targets[role];
      const before = (await user(target.id))!.passwordHash;
      const answer = await t().call(
        "user",
        "changepassword",
        { userId: target.id, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        { token: tokens.get(actor)! },
      );
      const result = letter(answer.status);
      const after = (await user(target.id))!.passwordHash;
      expect(after !== before, `${actor} → ${role}`).toBe(result === "Y");
      return result;
    });
    expect(rows).toEqual(TARGET_TABLE.user!.changepassword);
  });

  it("user deactivate", async () => {
    const rows = await table(async (actor, role) => {
      const target = targets[role];
      const answer = await t().call(
        "user",
        "deactivate",
        { id: target.id },
        { token: tokens.get(actor)! },
      );
      const result = letter(answer.status);
      const status = (await user(target.id))!.status;
      expect(status, `${actor} → ${role}`).toBe(
        result === "Y" ? USER_STATUS.inactive : USER_STATUS.active,
      );
      await t().call("user", "activate", { id: target.id }, { token: tokens.get("admin")! });
      return result;
    });
    expect(rows).toEqual(TARGET_TABLE.user!.deactivate);
  });

  it("user activate", async () => {
    const rows = await table(async (actor, role) => {
      const target = targets[role];
      await t().call("user", "deactivate", { id: target.id }, { token: tokens.get("admin")! });
      const answer = await t().call(
        "user",
        "activate",
        { id: target.id },
        { token: tokens.get(actor)! },
      );
      const result = letter(answer.status);
      const status = (await user(target.id))!.status;
      expect(status, `${actor} → ${role}`).toBe(
        result === "Y" ? USER_STATUS.active : USER_STATUS.inactive,
      );
      await t().call("user", "activate", { id: target.id }, { token: tokens.get("admin")! });
      return result;
    });
    expect(rows).toEqual(TARGET_TABLE.user!.activate);
  });

  it("user bulkupload (upsert of an existing user)", async () => {
    const rows = await table(async (actor, role) => {
      const target = targets[role];
      const lastName = `Upserted ${"ABCDEFG"[SEEDED_ROLES.indexOf(actor)]}`;
      const values: Record<string, string | number> = { ...target.fields, lastName };
      const csv = [
        BULK_UPLOAD_COLUMNS.join(","),
        BULK_UPLOAD_COLUMNS.map((c) => String(values[c] ?? "")).join(","),
      ].join("\n");
      const answer = await t().call<{ rows: { errors: { code: string }[] }[] }>(
        "user",
        "bulkupload",
        { mode: "upsert" },
        {
          token: tokens.get(actor)!,
          files: { file: { data: csv, filename: "users.csv", type: "text/csv" } },
        },
      );
      let result = letter(answer.status);
      if (answer.status === 422) {
        // A refused row: the whole file is refused, the row says why.
        const codes = answer.body.data!.rows[0]!.errors.map((e) => e.code);
        expect(codes, `${actor} → ${role}`).toContain("errors.forbidden");
        result = "N";
      }
      expect((await user(target.id))!.lastName === lastName, `${actor} → ${role}`).toBe(
        result === "Y",
      );
      return result;
    });
    expect(rows).toEqual(TARGET_TABLE.user!.bulkupload);
  });

  it("user create (the role of the user created)", async () => {
    const rows = await table(async (actor, role) => {
      const name = `new${SEEDED_ROLES.indexOf(actor)}${role}`;
      const answer = await t().call("user", "create", fieldsOf(role, name), {
        token: tokens.get(actor)!,
      });
      const result = letter(answer.status);
      const created = await t().app.repos.users.findForLogin(name);
      expect(created !== undefined, `${actor} → ${role}`).toBe(result === "Y");
      return result;
    });
    expect(rows).toEqual(TARGET_TABLE.user!.create);
  });

  it("class move (students only)", async () => {
    const from = { schoolId: 1, schoolYearFrom: 2026, grade: 7 };
    const student = targets.student;
    const rows = {} as Record<SeededRole, string>;
    for (const actor of SEEDED_ROLES) {
      const answer = await t().call(
        "class",
        "move",
        {
          id: encodeClassId({ ...from, section: "Rizal" }),
          ids: JSON.stringify([student.id]),
          section: "Mabini",
        },
        { token: tokens.get(actor)! },
      );
      const result = letter(answer.status);
      const section = (await user(student.id))!.section;
      expect(section, actor).toBe(result === "Y" ? "Mabini" : "Rizal");
      if (result === "Y") {
        const back = await t().call(
          "class",
          "move",
          {
            id: encodeClassId({ ...from, section: "Mabini" }),
            ids: JSON.stringify([student.id]),
            section: "Rizal",
          },
          { token: tokens.get("admin")! },
        );
        expect(back.status).toBe(200);
      }
      rows[actor] = `-----${result}-`;
    }
    expect(rows).toEqual(TARGET_TABLE.class!.move);
  });

  it("user impact", async () => {
    const fresh = await makeTargets("imp");
    const rows = await table(async (actor, role) => {
      const answer = await t().call(
        "user",
        "impact",
        { id: fresh[role].id },
        { token: tokens.get(actor)! },
      );
      return letter(answer.status);
    });
    expect(rows).toEqual(TARGET_TABLE.user!.impact);
  });

  // Last: the users acted on are gone afterwards.
  it("user delete", async () => {
    const rows = {} as Record<SeededRole, string>;
    for (const [index, actor] of SEEDED_ROLES.entries()) {
      const fresh = await makeTargets(`del${index}`);
      let row = "";
      for (const role of SEEDED_ROLES) {
        const answer = await t().call(
          "user",
          "delete",
          { id: fresh[role].id },
          { token: tokens.get(actor)! },
        );
        const result = letter(answer.status);
        expect((await user(fresh[role].id)) === undefined, `${actor} → ${role}`).toBe(
          result === "Y",
        );
        row += result;
      }
      rows[actor] = row;
    }
    expect(rows).toEqual(TARGET_TABLE.user!.delete);
  });
});
