import type { AuditRecord } from "@lms/core";
import { sql } from "drizzle-orm";
import { BULK_UPLOAD_COLUMNS, encodeClassId } from "@lms/core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../src/db/client";
import { isRecorded, purgeAudit } from "../src/services/audit";
import { DEMO_PASSWORD, multipart, useTestApp } from "./helper";

const t = useTestApp();
let admin: string;

const NEW_PASSWORD = "Zebra#Quartz2026!";
const WRONG_PASSWORD = "Wrong#Guess7731";
const LINK_PASSWORD = "Mango#Harbor4412";
let resetToken = "";

beforeAll(async () => {
  admin = await t().login("admin");
});

type ListAnswer = { data: AuditRecord[]; pagination: { totalcount: number } };

async function audit(
  token: string,
  fields: Record<string, string | number> = {},
  filters: Record<string, string> = {},
) {
  const entries: [string, string][] = Object.entries(filters).flatMap(([key, value]) => [
    ["filter[key]", key],
    ["filter[values][]", value],
  ]);
  return t().call<ListAnswer>("audit", "list", { rowsPerPage: 50, ...fields }, { token, entries });
}

/** The newest record of a module and action. */
async function latest(module: string, action: string): Promise<AuditRecord> {
  const answer = await audit(admin, {}, { module, action });
  expect(answer.status, answer.payload).toBe(200);
  const record = answer.body.data!.data[0];
  expect(record, `${module} ${action}`).toBeDefined();
  return record!;
}

const school = (code: string, extra: Record<string, unknown> = {}) => ({
  schoolCode: code,
  schoolName: `School ${code}`,
  country: "Philippines",
  city: "Davao City",
  ...extra,
});

async function createSchool(code: string): Promise<number> {
  const created = await t().call<{ id: number }>("school", "create", school(code), {
    token: admin,
  });
  expect(created.status, created.payload).toBe(200);
  return created.body.data!.id;
}

describe("the audit trail records", () => {
  it("a deletion, a restore and a purge under the record they act on, not the bin entry", async () => {
    const id = await createSchool("AUDBIN");
    expect((await t().call("school", "delete", { id }, { token: admin })).status).toBe(200);
    expect(await latest("school", "delete")).toMatchObject({
      recordId: String(id),
      recordLabel: "School AUDBIN (AUDBIN)",
    });
    const bin = await t().call<{ data: { id: number; recordId: number }[] }>(
      "school",
      "trash",
      { search: "audbin" },
      { token: admin },
    );
    const entry = bin.body.data!.data.find((e) => e.recordId === id)!;
    expect(entry.id).not.toBe(id);
    expect((await t().call("school", "restore", { id: entry.id }, { token: admin })).status).toBe(
      200,
    );
    const restored = await latest("school", "restore");
    expect(restored).toMatchObject({ recordId: String(id), recordLabel: "School AUDBIN (AUDBIN)" });
    expect(restored.changes).toMatchObject({ schoolCode: [null, "AUDBIN"] });
    expect((await t().call("school", "delete", { id }, { token: admin })).status).toBe(200);
    const again = await t().call<{ data: { id: number; recordId: number }[] }>(
      "school",
      "trash",
      { search: "audbin" },
      { token: admin },
    );
    const second = again.body.data!.data.find((e) => e.recordId === id)!;
    expect((await t().call("school", "purge", { id: second.id }, { token: admin })).status).toBe(
      200,
    );
    expect(await latest("school", "purge")).toMatchObject({
      recordId: String(id),
      recordLabel: "School AUDBIN",
    });
  });

  it("a create with its values, who, when and from where", async () => {
    const before = Date.now();
    const id = await createSchool("AUD1");
    const record = await latest("school", "create");
    expect(record).toMatchObject({
      actorName: "admin",
      actorRoleName: "admin",
      recordId: String(id),
      recordLabel: "School AUD1 (AUD1)",
      address: "127.0.0.1",
      schoolId: id,
      count: 1,
    });
    expect(record.changes).toMatchObject({
      schoolCode: [null, "AUD1"],
      city: [null, "Davao City"],
    });
    expect(Date.parse(record.at)).toBeGreaterThanOrEqual(before - 1000);
  });

  it("an update with the old and the new value of each field changed, and only those", async () => {
    const id = await createSchool("AUD2");
    const updated = await t().call(
      "school",
      "update",
      { id, ...school("AUD2", { schoolName: "Audit High", city: "Cebu City" }) },
      { token: admin },
    );
    expect(updated.status, updated.payload).toBe(200);
    const record = await latest("school", "update");
    expect(record.recordId).toBe(String(id));
    expect(record.recordLabel).toBe("Audit High (AUD2)");
    expect(record.changes).toEqual({
      schoolName: ["School AUD2", "Audit High"],
      city: ["Davao City", "Cebu City"],
    });
  });

  it("a status change of one record, and a bulk action with its ids and count", async () => {
    const a = await createSchool("AUD3");
    const b = await createSchool("AUD4");
    await t().call("school", "setstatus", { id: a, status: "disabled" }, { token: admin });
    const one = await latest("school", "setstatus");
    expect(one.recordId).toBe(String(a));
    expect(one.changes).toEqual({ enabled: [true, false] });

    const bulk = await t().call(
      "school",
      "setstatus",
      { ids: JSON.stringify([a, b]), status: "enabled" },
      { token: admin },
    );
    expect(bulk.status, bulk.payload).toBe(200);
    const many = await latest("school", "setstatus");
    expect(many.count).toBe(2);
    expect(many.recordId).toBe(`${a},${b}`);
    expect(many.recordLabel).toBe("School AUD3 (AUD3), School AUD4 (AUD4)");
    expect(many.changes).toMatchObject({ ids: [a, b], status: "enabled", count: 2 });
  });

  it("a delete with the record's last values", async () => {
    const id = await createSchool("AUD5");
    const deleted = await t().call("school", "delete", { id }, { token: admin });
    expect(deleted.status, deleted.payload).toBe(200);
    const record = await latest("school", "delete");
    expect(record.recordId).toBe(String(id));
    expect(record.recordLabel).toBe("School AUD5 (AUD5)");
    expect(record.changes).toMatchObject({ schoolCode: ["AUD5", null] });
  });

  it("a change of a role's permissions, right by right", async () => {
    const role = await t().call<{ id: number; permissions: Record<string, unknown> }>(
      "role",
      "create",
      { roleName: "Audit Clerk", description: "reads", enabled: true, permissions: "{}" },
      { token: admin },
    );
    expect(role.status, role.payload).toBe(200);
    const permissions = {
      ...role.body.data!.permissions,
      users: { access: true, add: false, view: true, modify: false },
    };
    const updated = await t().call(
      "role",
      "update",
      {
        id: role.body.data!.id,
        roleName: "Audit Clerk",
        description: "reads",
        enabled: true,
        permissions: JSON.stringify(permissions),
      },
      { token: admin },
    );
    expect(updated.status, updated.payload).toBe(200);
    const record = await latest("role", "update");
    expect(record.recordLabel).toBe("Audit Clerk");
    expect(record.changes).toEqual({
      "permissions.users.access": [false, true],
      "permissions.users.view": [false, true],
    });
  });

  it("a user's activation and deactivation", async () => {
    const teacher = await t().userId("student2");
    await t().call("user", "deactivate", { id: teacher }, { token: admin });
    const off = await latest("user", "deactivate");
    expect(off.recordId).toBe(String(teacher));
    expect(off.changes).toEqual({ status: [0, 1] });
    await t().call("user", "activate", { id: teacher }, { token: admin });
    expect((await latest("user", "activate")).changes).toEqual({ status: [1, 0] });
  });

  it("a password set by another user, never the password", async () => {
    const teacher = await t().userId("teacher");
    const changed = await t().call(
      "user",
      "changepassword",
      { userId: teacher, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      { token: admin },
    );
    expect(changed.status, changed.payload).toBe(200);
    const record = await latest("user", "changepassword");
    expect(record.actorName).toBe("admin");
    expect(record.recordId).toBe(String(teacher));
    expect(record.recordLabel).toContain("(teacher)");
  });

  it("a sign-in, and a failed one with the user name tried", async () => {
    await t().login("teacher", NEW_PASSWORD);
    const ok = await latest("user", "login");
    expect(ok).toMatchObject({
      actorName: "teacher",
      recordLabel: "teacher",
      address: "127.0.0.1",
    });

    const failed = await t().call("user", "login", {
      userName: "Teacher",
      password: WRONG_PASSWORD,
    });
    expect(failed.status).toBe(401);
    const bad = await latest("user", "loginfailed");
    expect(bad.recordLabel).toBe("Teacher");
    expect(bad.actorId).toBe(await t().userId("teacher"));
    expect(bad.changes).toEqual({ reason: "auth.invalidCredentials" });

    await t().call("user", "login", { userName: "nobody-here", password: WRONG_PASSWORD });
    const unknown = await latest("user", "loginfailed");
    expect(unknown).toMatchObject({ recordLabel: "nobody-here", actorId: null });
  });

  it("a class move with its students, in their school", async () => {
    const student = await t().app.repos.users.findForLogin("student");
    const id = encodeClassId({
      schoolId: student!.schoolId!,
      schoolYearFrom: student!.schoolYearFrom!,
      grade: student!.grade!,
      section: student!.section,
    });
    const moved = await t().call(
      "class",
      "move",
      { id, ids: JSON.stringify([student!.id]), section: "Audit Section" },
      { token: admin },
    );
    expect(moved.status, moved.payload).toBe(200);
    const record = await latest("class", "move");
    expect(record).toMatchObject({ count: 1, schoolId: student!.schoolId });
    expect(record.recordLabel).toContain("(student)");
    expect(record.changes).toMatchObject({ section: "Audit Section", ids: [id, student!.id] });
  });

  it("any command not named a read, such as a recycle bin's restore and purge", () => {
    const form = { entries: [], files: [] } as unknown as Parameters<typeof isRecorded>[2];
    for (const cmdType of ["restore", "purge", "create", "setstatus", "move"]) {
      expect(isRecorded("school", cmdType, form), cmdType).toBe(true);
    }
    for (const cmdType of ["list", "get", "export", "trash", "login"]) {
      expect(isRecorded("school", cmdType, form), cmdType).toBe(false);
    }
    expect(isRecorded("journey", "complete", form)).toBe(false);
  });

  it("nothing for a read or a refused command", async () => {
    const count = async () => (await audit(admin)).body.data!.pagination.totalcount;
    const start = await count();
    await t().call("school", "list", {}, { token: admin });
    const refused = await t().call(
      "school",
      "update",
      { id: 999999, ...school("NOPE") },
      {
        token: admin,
      },
    );
    expect(refused.status).toBe(404);
    expect(await count()).toBe(start);
  });

  it("a password reset by link, in the name of the link's user, without the token", async () => {
    const logged: string[] = [];
    const info = vi.spyOn(t().app.log, "info").mockImplementation((entry: unknown) => {
      const link = (entry as { link?: string } | undefined)?.link;
      if (link) logged.push(link);
    });
    await t().call("user", "forgotpassword", { email: "student2@demo.school.ph" });
    await t().app.mailer.flush();
    info.mockRestore();
    resetToken = decodeURIComponent(logged.at(-1)!.split("token=")[1]!);
    const reset = await t().call("user", "resetpassword", {
      token: resetToken,
      newPassword: LINK_PASSWORD,
      confirmPassword: LINK_PASSWORD,
    });
    expect(reset.status, reset.payload).toBe(200);
    const record = await latest("user", "resetpassword");
    const student2 = await t().userId("student2");
    expect(record).toMatchObject({ actorId: student2, actorName: "student2" });
    expect(record.recordId).toBe(String(student2));
  });

  it("a bulk upload with its counts, and no dry run", async () => {
    const csv = [
      BULK_UPLOAD_COLUMNS.join(","),
      BULK_UPLOAD_COLUMNS.map(
        (c) =>
          ({
            firstName: "Jose",
            lastName: "Rizal",
            userName: "audit.bulk1",
            email: "audit.bulk1@example.edu.ph",
            roleId: "5",
            schoolId: "1",
            learningReferenceNumber: "100000000777",
            grade: "7",
            section: "Rizal",
          })[c as string] ?? "",
      ).join(","),
    ].join("\r\n");
    const upload = (dryRun: string) =>
      t().call(
        "user",
        "bulkupload",
        { mode: "add", dryRun },
        { token: admin, files: { file: { data: csv, filename: "users.csv", type: "text/csv" } } },
      );
    const count = async () =>
      (await audit(admin, {}, { action: "bulkupload" })).body.data!.pagination.totalcount;
    expect((await upload("1")).status).toBe(200);
    expect(await count()).toBe(0);
    const done = await upload("0");
    expect(done.status, done.payload).toBe(200);
    const record = await latest("user", "bulkupload");
    expect(record.count).toBe(1);
    expect(record.changes).toMatchObject({ created: 1, updated: 0 });
  });

  it("the address the request came from", async () => {
    const { body, contentType } = await multipart({
      cmdType: "login",
      userName: "from-afar",
      password: WRONG_PASSWORD,
    });
    const answer = await t().app.inject({
      method: "POST",
      url: "/api/user/",
      headers: { "content-type": contentType },
      payload: body,
      remoteAddress: "10.9.0.7",
    });
    expect(answer.statusCode).toBe(401);
    expect(await latest("user", "loginfailed")).toMatchObject({
      recordLabel: "from-afar",
      address: "10.9.0.7",
    });
  });

  it("no secret anywhere in the table", async () => {
    const rows = await rowsOf<Record<string, unknown>>(
      t().database.db.execute(sql`select * from audit_log`),
    );
    expect(rows.length).toBeGreaterThan(5);
    const all = JSON.stringify(rows);
    expect(resetToken.length).toBeGreaterThan(10);
    for (const secret of [
      NEW_PASSWORD,
      WRONG_PASSWORD,
      LINK_PASSWORD,
      DEMO_PASSWORD,
      resetToken,
      "$argon2",
    ]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/"(password|passwordHash|token|confirmPassword|newPassword)"/i);
  });
});

describe("who reads the audit trail", () => {
  it("a school admin reads its school's records only", async () => {
    const mine = (await t().app.repos.users.findForLogin("schooladmin"))!.schoolId!;
    const other = (await t().app.repos.users.findForLogin("schooladmin2"))!.schoolId!;
    await t().call("user", "login", { userName: "schooladmin2", password: WRONG_PASSWORD });
    const token = await t().login("schooladmin");
    const answer = await audit(token);
    expect(answer.status, answer.payload).toBe(200);
    const rows = answer.body.data!.data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.schoolId === mine)).toBe(true);
    const everything = await audit(admin, {}, { schoolId: String(other) });
    expect(everything.body.data!.data.some((r) => r.recordLabel === "schooladmin2")).toBe(true);
    // Asking for another school's records finds none.
    const asked = await audit(token, {}, { schoolId: String(other) });
    expect(asked.body.data!.pagination.totalcount).toBe(0);
  });

  it("anyone else gets a 403", async () => {
    for (const user of ["student", "parent", "lsg@demo.school.ph"]) {
      const token = await t().login(user);
      expect((await audit(token)).status, user).toBe(403);
      expect((await t().call("audit", "export", {}, { token })).status, user).toBe(403);
    }
  });

  it("rex admin reads everything", async () => {
    const token = await t().login("rexadmin");
    const answer = await audit(token, {}, { module: "school" });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.data.some((r) => r.recordLabel === "School AUD1 (AUD1)")).toBe(true);
  });
});

describe("the audit list and export", () => {
  it("filters by user, module, action and date", async () => {
    const byActor = await audit(admin, { actor: "teach" });
    expect(byActor.body.data!.data.length).toBeGreaterThan(0);
    expect(byActor.body.data!.data.every((r) => r.actorName.toLowerCase().includes("teach"))).toBe(
      true,
    );
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await audit(admin, { from: today, to: today }, { action: "create" });
    expect(inRange.body.data!.pagination.totalcount).toBeGreaterThan(0);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const after = await audit(admin, { from: tomorrow });
    expect(after.body.data!.pagination.totalcount).toBe(0);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await audit(admin, { to: yesterday })).body.data!.pagination.totalcount).toBe(0);
    const lastMinute = new Date(Date.now() - 60_000).toISOString();
    const recent = await audit(admin, { from: lastMinute, to: new Date().toISOString() });
    expect(recent.status, recent.payload).toBe(200);
    expect(recent.body.data!.pagination.totalcount).toBeGreaterThan(0);
    expect((await audit(admin, { from: "2026-13-45" })).status).toBe(422);
    expect((await audit(admin, { sortBy: "changes" })).status).toBe(422);
    const sorted = await audit(admin, { sortBy: "actorName", sortOrder: "asc" });
    const names = sorted.body.data!.data.map((r) => r.actorName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("exports CSV with the changes", async () => {
    const answer = await t().call(
      "audit",
      "export",
      { columns: "actorName,action,recordLabel,changes" },
      {
        token: admin,
        entries: [
          ["filter[key]", "action"],
          ["filter[values][]", "update"],
        ],
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/csv");
    const lines = answer.payload
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("actorName,action,recordLabel,changes");
    expect(lines.some((l) => l.includes("Audit High (AUD2)") && l.includes("Cebu City"))).toBe(
      true,
    );
  });
});

describe("retention", () => {
  it("purges records older than LMS_AUDIT_DAYS and keeps the others", async () => {
    const old = new Date(Date.now() - (t().config.auditDays + 1) * 86_400_000);
    await t().app.repos.audit.insert([
      {
        at: old,
        actorId: null,
        actorName: "ancient",
        actorRoleId: null,
        schoolId: null,
        address: "",
        module: "school",
        action: "update",
        recordId: "",
        recordLabel: "",
        changes: null,
        count: 1,
      },
    ]);
    expect((await audit(admin, { actor: "ancient" })).body.data!.pagination.totalcount).toBe(1);
    const total = (await audit(admin)).body.data!.pagination.totalcount;
    expect(await purgeAudit(t().app)).toBe(1);
    expect((await audit(admin, { actor: "ancient" })).body.data!.pagination.totalcount).toBe(0);
    expect((await audit(admin)).body.data!.pagination.totalcount).toBe(total - 1);
  });
});
