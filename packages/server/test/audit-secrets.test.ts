import { sql } from "drizzle-orm";
import { BULK_UPLOAD_COLUMNS } from "@lms/core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../src/db/client";
import { purgeAudit } from "../src/services/audit";
import { DEMO_PASSWORD, multipart, useTestApp } from "./helper";
import { NEW_PASSWORD, WRONG_PASSWORD, LINK_PASSWORD, auditHelpers } from "./support/audit";

const t = useTestApp();
let admin: string;

let resetToken = "";

beforeAll(async () => {
  admin = await t().login("admin");
});

const { audit, latest, createSchool } = auditHelpers(t, () => admin);

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
