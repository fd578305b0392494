import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { type ListData, type UserRow, newUser } from "./support/users";

const t = useTestApp();
let admin: string;
let schoolAdmin: string;

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
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

describe("bulk actions on users", () => {
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
});
