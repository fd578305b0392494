import { USER_STATUS } from "@lms/core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestApp } from "./helper";
import { PNG } from "./support/files";

const t = useTestApp();
let admin: string;
let schoolAdmin: string;

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
});

interface ListData<Row> {
  pagination: { page: number; rowsPerPage: number; totalcount: number };
  data: Row[];
}

type UserRow = { id: number; userName: string; lastName: string; schoolId: number | null };

const newUser = (name: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Rosa",
  lastName: "Villanueva",
  userName: name,
  email: `${name}@example.edu.ph`,
  roleId: 3,
  schoolId: 1,
  employeeNumber: "EMP-2001",
  assignedLoad: [{ grade: 7, subject: "Science", section: "Rizal" }],
  ...extra,
});

describe("user list", () => {
  it("pages, sorts and counts every matching user", async () => {
    const answer = await t().call<ListData<UserRow>>(
      "user",
      "list",
      { page: 1, rowsPerPage: 10, sortBy: "userName", sortOrder: "asc" },
      { token: admin },
    );
    expect(answer.status).toBe(200);
    const names = answer.body.data!.data.map((u) => u.userName);
    expect(names).toEqual([...names].sort());
    expect(answer.body.data!.pagination).toEqual({ page: 1, rowsPerPage: 10, totalcount: 16 });
  });

  it("searches names, user names and e-mails", async () => {
    const answer = await t().call<ListData<UserRow>>(
      "user",
      "list",
      { search: "dela cruz" },
      { token: admin },
    );
    expect(answer.body.data!.data.map((u) => u.userName).sort()).toEqual(["parent", "student"]);
  });

  it("gives a searched page's records exactly as their details, first read and kept", async () => {
    const search = () =>
      t().call<ListData<Record<string, unknown> & { id: number }>>(
        "user",
        "list",
        { search: "demo", sortBy: "userName", sortOrder: "asc", rowsPerPage: 50 },
        { token: admin },
      );
    const [first, kept] = [await search(), await search()];
    expect(kept.body.data).toEqual(first.body.data);
    const rows = first.body.data!.data;
    // Teachers carry their assigned load, parents their children: every kind of field is compared.
    expect(rows.map((r) => r.userName)).toEqual(expect.arrayContaining(["teacher", "parent"]));
    for (const row of rows) {
      const details = await t().call("user", "get", { id: row.id }, { token: admin });
      expect(row).toEqual(details.body.data);
    }
  });

  it("answers a repeated search with every change to users made since", async () => {
    const search = async (page: number) => {
      const answer = await t().call<ListData<UserRow>>(
        "user",
        "list",
        { search: "quintana", sortBy: "userName", sortOrder: "desc", page, rowsPerPage: 10 },
        { token: admin },
      );
      expect(answer.status).toBe(200);
      return answer.body.data!;
    };
    const pages = async () => {
      const [first, second] = [await search(1), await search(2)];
      return {
        total: first.pagination.totalcount,
        names: [...first.data, ...second.data].map((u) => u.userName),
      };
    };
    expect(await pages()).toEqual({ total: 0, names: [] });
    const names = Array.from(
      { length: 11 },
      (_, i) => `quintana-${String(i + 1).padStart(2, "0")}`,
    );
    for (const name of names) {
      const created = await t().call("user", "create", newUser(name, { lastName: "Quintana" }), {
        token: admin,
      });
      expect(created.status).toBe(200);
    }
    const descending = [...names].reverse();
    expect(await pages()).toEqual({ total: 11, names: descending });

    const idOf = async (name: string) =>
      [...(await search(1)).data, ...(await search(2)).data].find((u) => u.userName === name)!.id;
    const renamedId = await idOf("quintana-05");
    const renamed = await t().call(
      "user",
      "update",
      { ...newUser("soriano-05", { lastName: "Soriano" }), id: renamedId },
      { token: admin },
    );
    expect(renamed.status).toBe(200);
    const deleted = await t().call(
      "user",
      "delete",
      { id: await idOf("quintana-11") },
      { token: admin },
    );
    expect(deleted.status).toBe(200);
    expect(await pages()).toEqual({
      total: 9,
      names: descending.filter((n) => n !== "quintana-05" && n !== "quintana-11"),
    });
    const left = [...(await search(1)).data, ...(await search(2)).data];
    await t().call(
      "user",
      "delete",
      { ids: [...left.map((u) => u.id), renamedId] },
      { token: admin },
    );
    expect(await pages()).toEqual({ total: 0, names: [] });
  });

  it("filters by repeated filter groups in order", async () => {
    const answer = await t().call<ListData<UserRow>>(
      "user",
      "list",
      {},
      {
        token: admin,
        entries: [
          ["filter[key]", "roleId"],
          ["filter[values][]", "5"],
          ["filter[values][]", "9"],
          ["filter[key]", "schoolId"],
          ["filter[values][]", "1"],
        ],
      },
    );
    // The demo student and parent, and the six students of the demo classes (seed-classes.ts).
    expect(answer.body.data!.data.map((u) => u.userName).sort()).toEqual([
      "andres",
      "carmen",
      "lea",
      "miguel",
      "paolo",
      "parent",
      "rosa",
      "student",
    ]);
  });

  it("refuses a column that is not sortable with 422", async () => {
    const answer = await t().call("user", "list", { sortBy: "passwordHash" }, { token: admin });
    expect(answer.status).toBe(422);
    expect(answer.body.errors![0]).toMatchObject({ field: "sortBy", code: "validation.sortBy" });
  });

  it("refuses an unknown filter with 422", async () => {
    const answer = await t().call(
      "user",
      "list",
      {},
      {
        token: admin,
        entries: [
          ["filter[key]", "passwordHash"],
          ["filter[values][]", "x"],
        ],
      },
    );
    expect(answer.status).toBe(422);
  });

  it("shows a school admin only its school's users", async () => {
    const answer = await t().call<ListData<UserRow>>(
      "user",
      "list",
      { rowsPerPage: 50 },
      { token: schoolAdmin },
    );
    expect(answer.body.data!.data.every((u) => u.schoolId === 1)).toBe(true);
    expect(answer.body.data!.pagination.totalcount).toBe(11);
  });

  it("exports every matching row as CSV with a BOM and neutralised formulas", async () => {
    await t().call(
      "user",
      "create",
      newUser("formula1", { firstName: "Ana", lastName: "-Reyes" }),
      { token: admin },
    );
    const answer = await t().call(
      "user",
      "export",
      { rowsPerPage: 10, sortBy: "userName", sortOrder: "asc" },
      { token: admin },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/csv");
    expect(answer.headers["content-disposition"]).toContain("users.csv");
    const text = answer.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.trim().split("\r\n");
    expect(lines.length).toBe(1 + 17);
    expect(text).toContain(",'-Reyes,");
    expect(lines[0]).toContain("userName");
  });
});

describe("user records", () => {
  it("creates a user, sends an activation link and answers the record with its audit columns", async () => {
    const answer = await t().call<{
      id: number;
      createdBy: string;
      createdAt: string;
      updatedBy: null;
      assignedLoad: unknown[];
      registered: number;
    }>("user", "create", newUser("rvillanueva"), { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("User has been created.");
    const record = answer.body.data!;
    expect(record.createdBy).toBe("admin");
    expect(record.updatedBy).toBeNull();
    expect(record.registered).toBe(0);
    expect(record.assignedLoad).toEqual([{ grade: 7, subject: "Science", section: "Rizal" }]);
    await t().app.mailer.flush();
    const mails = await t().app.repos.outbox.all();
    const mail = mails.find((m) => m.recipient === "rvillanueva@example.edu.ph");
    expect(mail?.link).toMatch(/^http:\/\/portal\.test\/#\/account\/set-password\?token=/);
    expect(mail?.status).toBe("logged");
  });

  it("answers 409 with the conflict text for an existing user name", async () => {
    const answer = await t().call(
      "user",
      "create",
      newUser("TEACHER", { email: "other@example.edu.ph" }),
      { token: admin },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Creation Unsuccessful. User already exists.");
    expect(answer.body.errors).toEqual([
      expect.objectContaining({ field: "userName", code: "users.userNameTaken" }),
    ]);
  });

  it("marks the e-mail, and only it, when the e-mail is the part that is taken", async () => {
    const teacher = await t().app.repos.users.findForLogin("teacher");
    const answer = await t().call(
      "user",
      "create",
      newUser("brand-new-name", { email: teacher!.email!.toUpperCase() }),
      { token: admin },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Creation Unsuccessful. User already exists.");
    expect(answer.body.errors?.map((e) => e.field)).toEqual(["email"]);
    expect(answer.body.errors?.[0]?.message).toBe("This e-mail address is already in use.");
  });

  it("answers 422 with per-field codes for bad fields", async () => {
    const answer = await t().call("user", "create", newUser("x!", { email: "nope" }), {
      token: admin,
    });
    expect(answer.status).toBe(422);
    const fields = answer.body.errors!.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["userName", "email"]));
  });

  it("does not let a school admin create a user in another school or with a higher role", async () => {
    const other = await t().call("user", "create", newUser("sa-other", { schoolId: 2 }), {
      token: schoolAdmin,
    });
    expect(other.status).toBe(403);
    const higher = await t().call(
      "user",
      "create",
      newUser("sa-admin", { roleId: 1, schoolId: undefined }),
      { token: schoolAdmin },
    );
    expect(higher.status).toBe(403);
    const ok = await t().call("user", "create", newUser("sa-teacher"), { token: schoolAdmin });
    expect(ok.status).toBe(200);
  });

  it("does not let a school admin move a user to another school", async () => {
    const teacher = await t().call<UserRow & Record<string, unknown>>(
      "user",
      "get",
      { id: await t().userId("teacher") },
      { token: schoolAdmin },
    );
    const record = teacher.body.data!;
    const moved = await t().call(
      "user",
      "update",
      {
        ...record,
        assignedLoad: record.assignedLoad as object,
        children: [],
        parent: undefined,
        schoolId: 2,
      },
      { token: schoolAdmin },
    );
    expect(moved.status).toBe(403);
  });

  it("updates a user and records who did it", async () => {
    const id = await t().userId("sa-teacher");
    const answer = await t().call<{ title: string; updatedBy: string; updatedAt: string }>(
      "user",
      "update",
      { id, ...newUser("sa-teacher", { title: "Teacher III" }) },
      { token: schoolAdmin },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data!.title).toBe("Teacher III");
    expect(answer.body.data!.updatedBy).toBe("schooladmin");
    expect(answer.body.data!.updatedAt).toEqual(expect.any(String));
  });

  it("deactivates a user and ends its sessions, then activates it", async () => {
    const token = await t().login("student");
    const id = await t().userId("student");
    const answer = await t().call("user", "deactivate", { id }, { token: admin });
    expect(answer.body.message).toBe("User has been deactivated.");
    expect((await t().call("user", "getisloggedinstatus", {}, { token })).status).toBe(401);
    const blocked = await t().call("user", "login", {
      userName: "student",
      password: "Demo@2026!",
    });
    expect(blocked.status).toBe(403);
    await t().call("user", "activate", { id }, { token: admin });
    expect(
      (await t().call("user", "login", { userName: "student", password: "Demo@2026!" })).status,
    ).toBe(200);
  });

  it("resends an activation link only to a user who has not registered", async () => {
    const id = await t().userId("rvillanueva");
    const answer = await t().call("user", "resendactivation", { id }, { token: admin });
    expect(answer.body.message).toBe("Activation link has been sent.");
    const registered = await t().call(
      "user",
      "resendactivation",
      { id: await t().userId("teacher") },
      { token: admin },
    );
    expect(registered.status).toBe(422);
  });

  it("deletes a user, but nobody deletes themselves", async () => {
    const self = await t().call(
      "user",
      "delete",
      { id: await t().userId("admin") },
      { token: admin },
    );
    expect(self.status).toBe(403);
    const answer = await t().call(
      "user",
      "delete",
      { id: await t().userId("formula1") },
      { token: admin },
    );
    expect(answer.body.message).toBe("User has been deleted.");
    const gone = await t().call(
      "user",
      "get",
      {
        id: await t()
          .userId("rvillanueva")
          .then((x) => x + 1000),
      },
      { token: admin },
    );
    expect(gone.status).toBe(404);
  });
});

describe("own account", () => {
  it("reads and updates the profile with a photo checked by its bytes", async () => {
    const token = await t().login("teacher");
    const png = PNG;
    const profile = await t().call<Record<string, unknown>>("user", "profile", {}, { token });
    const fields = {
      firstName: "Maria",
      lastName: "Santos",
      email: "teacher@demo.school.ph",
      lang: "tg",
    };
    const svg = await t().call("user", "updateprofile", fields, {
      token,
      files: {
        photo: {
          data: "<svg xmlns='http://www.w3.org/2000/svg'/>",
          filename: "a.png",
          type: "image/png",
        },
      },
    });
    expect(svg.status).toBe(422);
    expect(svg.body.errors![0]!.code).toBe("validation.imageType");
    const big = await t().call("user", "updateprofile", fields, {
      token,
      files: {
        photo: { data: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), filename: "a.png" },
      },
    });
    expect(big.body.errors![0]!.code).toBe("validation.imageSize");
    const answer = await t().call<{ photo: string; lang: string }>(
      "user",
      "updateprofile",
      fields,
      {
        token,
        files: { photo: { data: png, filename: "me.png" } },
      },
    );
    expect(answer.status).toBe(200);
    expect(profile.body.data!.userName).toBe("teacher");
    expect(answer.body.data!.lang).toBe("tg");
    const photo = await t().app.inject({
      method: "GET",
      url: answer.body.data!.photo,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
  });

  it("changes the language with the catalogue text", async () => {
    const token = await t().login("parent");
    const answer = await t().call("user", "setlanguage", { lang: "zh" }, { token });
    expect(answer.body.message).toBe("Success. Language successfully changed.");
    expect((await t().call("user", "setlanguage", { lang: "fr" }, { token })).status).toBe(422);
  });

  it("changes the password: the current one is checked, common ones refused, other sessions end", async () => {
    const first = await t().login("schooladmin2");
    const second = await t().login("schooladmin2");
    const wrong = await t().call(
      "user",
      "changepassword",
      {
        currentPassword: "Nope@2026!",
        newPassword: "Fresh@Pass99",
        confirmPassword: "Fresh@Pass99",
      },
      { token: first },
    );
    expect(wrong.body.errors![0]).toMatchObject({
      field: "currentPassword",
      code: "validation.passwordIncorrect",
    });
    const common = await t().call(
      "user",
      "changepassword",
      { currentPassword: "Demo@2026!", newPassword: "Password1", confirmPassword: "Password1" },
      { token: first },
    );
    expect(common.body.errors![0]).toMatchObject({
      field: "newPassword",
      code: "validation.passwordCommon",
    });
    const ok = await t().call(
      "user",
      "changepassword",
      {
        currentPassword: "Demo@2026!",
        newPassword: "Fresh@Pass99",
        confirmPassword: "Fresh@Pass99",
      },
      { token: first },
    );
    expect(ok.status).toBe(200);
    expect((await t().call("user", "getisloggedinstatus", {}, { token: first })).status).toBe(200);
    expect((await t().call("user", "getisloggedinstatus", {}, { token: second })).status).toBe(401);
    expect(
      (await t().call("user", "login", { userName: "schooladmin2", password: "Fresh@Pass99" }))
        .status,
    ).toBe(200);
  });
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

  it("refuses an activation link to a registered user among the targets with 422", async () => {
    const answer = await t().call(
      "user",
      "resendactivation",
      { ids: JSON.stringify([await t().userId("rvillanueva"), await t().userId("teacher")]) },
      { token: admin },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors![0]).toMatchObject({ field: "ids" });
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
