import { BULK_UPLOAD_COLUMNS, BULK_UPLOAD_TEMPLATE_COLUMNS, emptyPermissions } from "@lms/core";
import { count, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { useTestApp } from "./helper";

const t = useTestApp();
let admin: string;
let schoolAdmin: string;

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
});

const header = BULK_UPLOAD_COLUMNS.join(",");

function row(values: Partial<Record<(typeof BULK_UPLOAD_COLUMNS)[number], string>>): string {
  return BULK_UPLOAD_COLUMNS.map((c) => values[c] ?? "").join(",");
}

function student(i: number, prefix = "bulk") {
  return row({
    firstName: "Jose",
    lastName: "Rizal",
    userName: `${prefix}${i}`,
    email: `${prefix}${i}@example.edu.ph`,
    roleId: "5",
    schoolId: "1",
    learningReferenceNumber: String(100000000000 + i),
    grade: "7",
    section: "Rizal",
  });
}

async function userCount(): Promise<number> {
  const [row] = await t().database.db.select({ n: count() }).from(users);
  return Number(row!.n);
}

const upload = (csv: string, fields: Record<string, string> = {}, token = admin) =>
  t().call<{
    rows: {
      line: number;
      role: string;
      school: string;
      action: string | null;
      code: string | null;
      errors: { field: string; code: string; row?: number }[];
    }[];
    created: number;
    updated: number;
    errors: number;
  }>(
    "user",
    "bulkupload",
    { mode: "add", ...fields },
    { token, files: { file: { data: csv, filename: "users.csv", type: "text/csv" } } },
  );

describe("bulk upload", () => {
  it("checks every row on a dry run, with its CSV line number, and writes nothing", async () => {
    const before = await userCount();
    const csv = [
      "\uFEFF" + header,
      student(1),
      row({ firstName: "X", userName: "x" }),
      student(1),
    ].join("\r\n");
    const answer = await upload(csv, { dryRun: "1" });
    expect(answer.status).toBe(200);
    const rows = answer.body.data!.rows;
    expect(rows.map((r) => [r.line, r.action, r.code])).toEqual([
      [2, "create", null],
      [3, null, "csv.invalidRow"],
      [4, null, "csv.duplicateRow"],
    ]);
    expect(rows[1]!.errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(["lastName", "email"]),
    );
    expect(await userCount()).toBe(before);
  });

  it("refuses a file with an unknown header as an invalid CSV", async () => {
    const answer = await upload("firstName,nickname\r\nA,B");
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe("Invalid csv file.");
  });

  it("writes nothing when one row among 1,000 is invalid, and all 1,000 once it is fixed", async () => {
    const before = await userCount();
    const lines = Array.from({ length: 1000 }, (_, i) => student(i));
    const broken = [...lines];
    broken[617] = row({
      firstName: "Bad",
      lastName: "Row",
      userName: "badrow",
      email: "not-an-email",
      roleId: "5",
      schoolId: "1",
    });
    const failed = await upload([header, ...broken].join("\n"));
    expect(failed.status).toBe(422);
    expect(failed.body.message).toBe("Row contains invalid values.");
    expect(failed.body.errors!.every((e) => e.row === 619)).toBe(true);
    expect(await userCount()).toBe(before);

    const done = await upload([header, ...lines].join("\n"));
    expect(done.status).toBe(200);
    expect(done.body.message).toBe("Bulk upload complete.");
    expect(done.body.data!.created).toBe(1000);
    expect(await userCount()).toBe(before + 1000);
    const links = await t().database.db.execute(
      sql`select count(*)::int as n from password_tokens where kind = 'activation' and user_id in (select id from users where user_name like 'bulk%')`,
    );
    expect((links as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1000);
  });

  it("treats an existing user name as a row error in add mode and updates it in upsert mode", async () => {
    const csv = [header, student(5).replace("Rizal,", "Mabini,")].join("\n");
    const added = await upload(csv, { dryRun: "1" });
    expect(added.body.data!.rows[0]!.errors[0]).toMatchObject({
      field: "userName",
      code: "errors.userCreateConflict",
    });
    const upserted = await upload(csv, { mode: "upsert" });
    expect(upserted.status).toBe(200);
    expect(upserted.body.data!.updated).toBe(1);
    const record = await t().app.repos.users.findForLogin("bulk5");
    expect(record!.lastName).toBe("Mabini");
  });

  it("keeps a school admin's rows in its own school and below its rights", async () => {
    const csv = [
      header,
      student(1, "sadm").replace(",1,", ",2,"),
      row({
        firstName: "Ana",
        lastName: "Admin",
        userName: "sa-admin",
        email: "sa-admin@example.edu.ph",
        roleId: "1",
      }),
    ].join("\n");
    const answer = await upload(csv, { dryRun: "1" }, schoolAdmin);
    const [first, second] = answer.body.data!.rows;
    expect(first!.errors[0]).toMatchObject({ field: "schoolId", code: "errors.forbidden" });
    expect(second!.errors.map((e) => e.code)).toContain("errors.forbidden");
  });

  it("puts rows that name no school into the school the upload is made for", async () => {
    const csv = [
      header,
      student(1, "preset").replace(",1,", ",,"),
      student(2, "preset").replace(",1,", ",,"),
    ].join("\n");
    const refused = await upload(csv, { dryRun: "1" });
    expect(refused.body.data!.rows[0]!.errors.map((e) => e.field)).toContain("schoolId");
    const answer = await upload(csv, { schoolId: "2" });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.created).toBe(2);
    const record = await t().app.repos.users.findForLogin("preset1");
    expect(record!.schoolId).toBe(2);
    // A school admin cannot use it to reach another school.
    const other = await upload(
      [header, student(3, "preset").replace(",1,", ",,")].join("\n"),
      { dryRun: "1", schoolId: "2" },
      schoolAdmin,
    );
    expect(other.body.data?.rows[0]?.errors[0] ?? other.body.errors?.[0]).toMatchObject({
      field: "schoolId",
    });
  });
});

describe("bulk upload with role names and school codes", () => {
  const named =
    "firstName,lastName,userName,email,role,school,grade,section,learningReferenceNumber,employeeNumber";
  const person = (name: string, role: string, school: string) =>
    role.toLowerCase() === "teacher"
      ? `Tala,Santos,${name},${name}@example.edu.ph,${role},${school},,,,EMP-${name}`
      : `Lito,Bautista,${name},${name}@example.edu.ph,${role},${school},7,Luna,${String(
          400000000000 + name.length * 1000 + name.charCodeAt(name.length - 1),
        )},`;
  let registrarId: number;

  beforeAll(async () => {
    const permissions = emptyPermissions();
    permissions.courses = { access: true, view: true, add: false, modify: false };
    registrarId = await t().app.repos.roles.create(
      t().database.db,
      { roleName: "Registrar", description: "", enabled: true, permissions },
      "test",
    );
  });

  it("gives each row the role of its name and the school of its code, in any case", async () => {
    const csv = [
      named,
      person("nmteach", "TEACHER", "rnhs"),
      person("nmstuda", "Student", "BIS"),
      person("nmregis", "registrar", "Rnhs"),
    ].join("\r\n");
    const checked = await upload(csv, { dryRun: "1" });
    expect(checked.status).toBe(200);
    expect(checked.body.data!.rows.map((r) => [r.action, r.role, r.school])).toEqual([
      ["create", "teacher", "RNHS"],
      ["create", "student", "BIS"],
      ["create", "Registrar", "RNHS"],
    ]);
    const done = await upload(csv);
    expect(done.status).toBe(200);
    expect(done.body.data!.created).toBe(3);
    const stored = await Promise.all(
      ["nmteach", "nmstuda", "nmregis"].map((n) => t().app.repos.users.findForLogin(n)),
    );
    expect(stored.map((u) => [u!.roleId, u!.schoolId])).toEqual([
      [3, 1],
      [5, 2],
      [registrarId, 1],
    ]);
  });

  it("writes nothing when a role name or school code is unknown, and names the row and column", async () => {
    const before = await userCount();
    const csv = [
      named,
      person("nmokay", "student", "RNHS"),
      person("nmwizard", "wizard", "RNHS"),
      person("nmnowhere", "student", "NOPE"),
    ].join("\n");
    const failed = await upload(csv);
    expect(failed.status).toBe(422);
    expect(failed.body.message).toBe("Row contains invalid values.");
    expect(failed.body.errors!.map((e) => [e.row, e.field, e.code])).toEqual([
      [3, "role", "validation.invalidValue"],
      [4, "school", "validation.invalidValue"],
    ]);
    expect(await userCount()).toBe(before);
    expect(await t().app.repos.users.findForLogin("nmokay")).toBeUndefined();
  });

  it("treats a school code outside a school admin's school as unknown, and a role above it as by id", async () => {
    const csv = [
      named,
      person("saown", "student", "rnhs"),
      person("saother", "student", "BIS"),
      person("sanone", "student", "NOPE"),
      person("saabove", "Admin", ""),
    ].join("\n");
    const answer = await upload(csv, { dryRun: "1" }, schoolAdmin);
    expect(answer.status).toBe(200);
    const [own, other, none, above] = answer.body.data!.rows;
    expect(own).toMatchObject({ action: "create", code: null, school: "RNHS" });
    // Another school's code and a code that does not exist answer alike: nothing tells them apart.
    const answerOf = (r: typeof other) => r!.errors.map(({ row: _row, ...error }) => error);
    expect(answerOf(other)).toEqual(answerOf(none));
    expect(other!.errors).toMatchObject([{ field: "school", code: "validation.invalidValue" }]);
    expect(other!.school).toBe("BIS");
    expect(above!.errors).toMatchObject([{ field: "role", code: "errors.forbidden" }]);
    const byId = await upload(
      [
        header,
        row({
          firstName: "Ana",
          lastName: "Admin",
          userName: "saabove2",
          email: "saabove2@example.edu.ph",
          roleId: "1",
        }),
      ].join("\n"),
      { dryRun: "1" },
      schoolAdmin,
    );
    expect(byId.body.data!.rows[0]!.errors).toMatchObject([
      { field: "roleId", code: "errors.forbidden" },
    ]);
  });

  it("sends rows naming no school to the school of the upload, from its code or id alike", async () => {
    const csv = [named, person("nmpreset", "student", "")].join("\n");
    const answer = await upload(csv, { schoolId: "2" });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.rows[0]).toMatchObject({ role: "student", school: "BIS" });
    expect((await t().app.repos.users.findForLogin("nmpreset"))!.schoolId).toBe(2);
  });

  it("still reads ids, and accepts an id and a name together only when they agree", async () => {
    const both =
      "firstName,lastName,userName,email,roleId,role,schoolId,school,grade,learningReferenceNumber";
    const line = (name: string, cells: string, n: number) =>
      `Lea,Salonga,${name},${name}@example.edu.ph,${cells},7,${500000000000 + n}`;
    const answer = await upload(
      [
        both,
        line("bothok", "5,Student,2,bis", 1),
        line("bothrole", "3,student,1,RNHS", 2),
        line("bothschool", "5,student,1,BIS", 3),
        line("idonly", "5,,1,", 4),
      ].join("\n"),
      { dryRun: "1" },
    );
    expect(answer.status).toBe(200);
    expect(
      answer.body.data!.rows.map((r) => [r.action, r.errors.map((e) => e.field), r.role, r.school]),
    ).toEqual([
      ["create", [], "student", "BIS"],
      [null, ["role"], "student", "RNHS"],
      [null, ["school"], "student", "BIS"],
      ["create", [], "student", "RNHS"],
    ]);
  });

  it("offers a template with role names and a school code the caller reaches, ready to upload", async () => {
    const template = async (token: string, fields: Record<string, string> = {}) => {
      const answer = await t().call("user", "template", fields, { token });
      expect(answer.status).toBe(200);
      return answer.payload
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\r\n");
    };
    const lines = await template(admin);
    expect(lines[0]).toBe(BULK_UPLOAD_TEMPLATE_COLUMNS.join(","));
    expect(lines[0]!.split(",")).toEqual(expect.arrayContaining(["role", "school"]));
    expect(lines[0]!.split(",")).not.toContain("roleId");
    const cells = (line: string) => {
      const columns = lines[0]!.split(",");
      const values = line.split(",");
      return [values[columns.indexOf("role")], values[columns.indexOf("school")]];
    };
    expect(lines.slice(1).map(cells)).toEqual([
      ["teacher", "RNHS"],
      ["student", "RNHS"],
    ]);
    expect((await template(admin, { schoolId: "2" })).slice(1).map(cells)).toEqual([
      ["teacher", "BIS"],
      ["student", "BIS"],
    ]);
    expect((await template(schoolAdmin)).slice(1).map(cells)[0]).toEqual(["teacher", "RNHS"]);
    // Another school's code is not given away.
    expect((await template(schoolAdmin, { schoolId: "2" })).slice(1).map(cells)[0]).toEqual([
      "teacher",
      "",
    ]);
    const checked = await upload(lines.join("\r\n"), { dryRun: "1" });
    expect(checked.body.data!.rows.map((r) => [r.action, r.code])).toEqual([
      ["create", null],
      ["create", null],
    ]);
  });
});
