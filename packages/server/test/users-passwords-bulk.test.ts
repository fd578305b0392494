import { USER_STATUS } from "@lms/core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestApp } from "./helper";
import { type ListData, type UserRow, newUser } from "./support/users";

const t = useTestApp();
let admin: string;
let schoolAdmin: string;

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
});

describe("forgotten password", () => {
  it("answers the same whether the account exists or not", async () => {
    const known = await t().call("user", "forgotpassword", { email: "student2@demo.school.ph" });
    const unknown = await t().call("user", "forgotpassword", { email: "nobody@demo.school.ph" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
  });

  it("sends a reset link that works once", async () => {
    // Without SMTP the link is logged for a developer (the outbox keeps no token once logged).
    const logged: string[] = [];
    const info = vi.spyOn(t().app.log, "info").mockImplementation((entry: unknown) => {
      const link = (entry as { link?: string } | undefined)?.link;
      if (link) logged.push(link);
    });
    await t().call("user", "forgotpassword", { email: "student2@demo.school.ph" });
    await t().app.mailer.flush();
    info.mockRestore();
    const link = logged.at(-1)!;
    const token = decodeURIComponent(link.split("token=")[1]!);
    const verified = await t().call("user", "verifytoken", { token, kind: "reset" });
    expect(verified.status).toBe(200);
    const fields = { token, newPassword: "Another@Pass77", confirmPassword: "Another@Pass77" };
    const reset = await t().call("user", "resetpassword", fields);
    expect(reset.status).toBe(200);
    const again = await t().call("user", "resetpassword", fields);
    expect(again.status).toBe(410);
    expect(again.body.message).toBe("Your forgot password link seems expired or invalid.");
    expect((await t().call("user", "verifytoken", { token, kind: "reset" })).status).toBe(410);
  });

  it("rate limits requests per account with 429", async () => {
    let last = 0;
    for (let i = 0; i < 5; i++) {
      last = (await t().call("user", "forgotpassword", { email: "parent@demo.school.ph" })).status;
    }
    expect(last).toBe(429);
  });
});

describe("bulk actions on users", () => {
  type Status = { status: number };
  const ON = USER_STATUS.active;
  const OFF = USER_STATUS.inactive;
  const statusOf = async (userName: string) =>
    (await t().call<Status>("user", "get", { id: await t().userId(userName) }, { token: admin }))
      .body.data!.status;
  const studentsOfSchool1: [string, string][] = [
    ["filter[key]", "roleId"],
    ["filter[values][]", "5"],
    ["filter[key]", "schoolId"],
    ["filter[values][]", "1"],
  ];

  it("deactivates and activates the users of an ids list", async () => {
    const ids = [await t().userId("teacher"), await t().userId("parent")];
    const off = await t().call<{ count: number }>(
      "user",
      "deactivate",
      { ids: JSON.stringify(ids) },
      { token: schoolAdmin },
    );
    expect(off.status).toBe(200);
    expect(off.body.code).toBe("users.deactivated");
    expect(off.body.data).toEqual({ count: 2 });
    expect([await statusOf("teacher"), await statusOf("parent")]).toEqual([OFF, OFF]);
    const on = await t().call<{ count: number }>(
      "user",
      "activate",
      { ids: JSON.stringify(ids) },
      { token: schoolAdmin },
    );
    expect(on.body).toMatchObject({ code: "users.activated", data: { count: 2 } });
    expect([await statusOf("teacher"), await statusOf("parent")]).toEqual([ON, ON]);
  });

  it("changes nothing when one target is out of scope (404) or refused (403)", async () => {
    const student = await t().userId("student");
    const outOfScope = await t().call(
      "user",
      "deactivate",
      { ids: JSON.stringify([student, await t().userId("student2")]) },
      { token: schoolAdmin },
    );
    expect(outOfScope.status).toBe(404);
    const self = await t().call(
      "user",
      "deactivate",
      { ids: JSON.stringify([student, await t().userId("schooladmin")]) },
      { token: schoolAdmin },
    );
    expect(self.status).toBe(403);
    const above = await t().call(
      "user",
      "delete",
      { ids: JSON.stringify([student, await t().userId("admin")]) },
      { token: await t().login("lsg") },
    );
    expect(above.status).toBe(403);
    expect(await statusOf("student")).toBe(ON);
    // Every user of the school matches, the caller too: refused as a whole.
    const everyone = await t().call(
      "user",
      "deactivate",
      { allMatching: 1 },
      { token: schoolAdmin },
    );
    expect(everyone.status).toBe(403);
    expect(await statusOf("student")).toBe(ON);
    expect(await statusOf("teacher")).toBe(ON);
  });

  it("acts on every user the list request matches (allMatching)", async () => {
    const list = await t().call<ListData<UserRow>>(
      "user",
      "list",
      {},
      { token: admin, entries: studentsOfSchool1 },
    );
    const total = list.body.data!.pagination.totalcount;
    expect(total).toBeGreaterThan(0);
    const off = await t().call<{ count: number }>(
      "user",
      "deactivate",
      { allMatching: 1 },
      { token: admin, entries: studentsOfSchool1 },
    );
    expect(off.body).toMatchObject({ code: "users.deactivated", data: { count: total } });
    expect(await statusOf("student")).toBe(OFF);
    expect(await statusOf("student2")).toBe(ON);
    const on = await t().call<{ count: number }>(
      "user",
      "activate",
      { allMatching: 1, search: "student" },
      { token: admin, entries: studentsOfSchool1 },
    );
    expect(on.body.data!.count).toBeGreaterThan(0);
    expect(await statusOf("student")).toBe(ON);
  });

  it("answers 422 with field codes for bad targets", async () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{}, "id", "validation.required"],
      [{ ids: "[0]" }, "ids", "validation.invalidValue"],
      [{ ids: "not json" }, "ids", "validation.invalidValue"],
      [{ ids: "[]" }, "ids", "validation.invalidValue"],
      [{ ids: JSON.stringify([{ id: 1 }]) }, "ids", "validation.invalidValue"],
      [
        { ids: JSON.stringify(Array.from({ length: 1001 }, (_, i) => i + 1)) },
        "ids",
        "validation.invalidValue",
      ],
      [{ allMatching: "maybe" }, "allMatching", "validation.invalidValue"],
      [{ id: 5, ids: "[5]" }, "ids", "validation.invalidValue"],
    ];
    for (const [fields, field, code] of cases) {
      const answer = await t().call("user", "activate", fields, { token: admin });
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body.errors![0]).toMatchObject({ field, code });
    }
    const badFilter = await t().call(
      "user",
      "activate",
      { allMatching: 1 },
      { token: admin, entries: [["filter[key]", "passwordHash"]] },
    );
    expect(badFilter.status).toBe(422);
  });

  it("deletes the users of an ids list", async () => {
    const created = await Promise.all(
      ["bulkdel1", "bulkdel2"].map((name) =>
        t().call<{ id: number }>("user", "create", newUser(name), { token: admin }),
      ),
    );
    const ids = created.map((c) => c.body.data!.id);
    const answer = await t().call<{ count: number }>(
      "user",
      "delete",
      { ids: JSON.stringify(ids) },
      { token: admin },
    );
    expect(answer.body).toMatchObject({ code: "users.deleted", data: { count: 2 } });
    expect((await t().call("user", "get", { id: ids[0] }, { token: admin })).status).toBe(404);
  });
});
