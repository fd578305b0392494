import { BULK_UPLOAD_COLUMNS } from "@lms/core";
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
      action: string | null;
      code: string | null;
      errors: { field: string; code: string }[];
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
