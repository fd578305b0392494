import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { UsersSearchIndex } from "../src/read-models/users-search/users-search-index";
import { useTestApp } from "./helper";
import { insertUsers } from "./support/users-search";

// The index is what this file tests: on whatever LMS_READ_MODELS says.
const served = useTestApp({ readModels: true });

describe("the users' search in memory: the user list", () => {
  it("answers the user list's searches with exact totals once it is ready", async () => {
    const app = served();
    await app.database.db.execute(insertUsers("srv"));
    expect(await app.app.repos.usersSearch.indexReady()).toBe(true);
    const token = await app.login("admin");
    const answer = await app.call<{
      pagination: { totalcount: number; totalIsEstimate?: boolean };
      data: { id: number }[];
    }>(
      "user",
      "list",
      { search: "srv1", sortBy: "lastName", sortOrder: "desc", rowsPerPage: 10 },
      { token },
    );
    const rows = (await app.database.db.execute(
      sql`select id from users where search_text like '%srv1%' order by last_name desc, id desc`,
    )) as unknown as { rows: { id: number }[] };
    expect(answer.headers["server-timing"]).toMatch(/^index, app;dur=[\d.]+$/);
    expect(answer.body.data!.pagination.totalcount).toBe(rows.rows.length);
    expect(answer.body.data!.pagination.totalIsEstimate).toBeUndefined();
    expect(answer.body.data!.data.map((r) => r.id)).toEqual(
      rows.rows.slice(0, 10).map((r) => Number(r.id)),
    );
    // A change the index has not caught up on shows in the very next answer.
    await app.database.db.execute(sql`delete from users where user_name = 'srv1'`);
    await app.database.db.execute(
      sql`update users set first_name = 'Zzsrv' where user_name = 'srv15'`,
    );
    const list = (search: string) =>
      app.call<{ pagination: { totalcount: number }; data: { userName: string }[] }>(
        "user",
        "list",
        { search, sortBy: "userName", sortOrder: "asc", rowsPerPage: 10 },
        { token },
      );
    const after = await list("srv1");
    expect(after.body.data!.pagination.totalcount).toBe(rows.rows.length - 1);
    expect(after.body.data!.data.map((r) => r.userName)).not.toContain("srv1");
    // The changed user matches among others: the index answers, the database placing it.
    const first = await app.call<{ data: { userName: string }[] }>(
      "user",
      "list",
      { search: "srv1", sortBy: "firstName", sortOrder: "desc", rowsPerPage: 50 },
      { token },
    );
    const sorted = (await app.database.db.execute(
      sql`select user_name from users where search_text like '%srv1%'
           order by first_name desc, id desc limit 50`,
    )) as unknown as { rows: { user_name: string }[] };
    expect(sorted.rows.map((r) => r.user_name)).toContain("srv15");
    expect(first.headers["server-timing"]).toMatch(/^index\b/);
    expect(first.body.data!.data.map((r) => r.userName)).toEqual(
      sorted.rows.map((r) => r.user_name),
    );
    // Further pages of it, both ways, on a column of many ties: the database's page of the users
    // the index gave.
    for (const sortOrder of ["asc", "desc"] as const) {
      const second = await app.call<{
        pagination: { totalcount: number };
        data: { userName: string }[];
      }>(
        "user",
        "list",
        { search: "srv1", sortBy: "lastName", sortOrder, page: 2, rowsPerPage: 10 },
        { token },
      );
      const direction = sql.raw(sortOrder);
      const want = (await app.database.db.execute(
        sql`select user_name from users where search_text like '%srv1%'
             order by last_name ${direction}, id ${direction} limit 10 offset 10`,
      )) as unknown as { rows: { user_name: string }[] };
      expect(second.headers["server-timing"], sortOrder).toMatch(/^index\b/);
      expect(second.body.data!.pagination.totalcount, sortOrder).toBe(rows.rows.length - 1);
      expect(
        second.body.data!.data.map((r) => r.userName),
        sortOrder,
      ).toEqual(want.rows.map((r) => r.user_name));
    }
    const renamed = await list("zzsrv");
    expect(renamed.body.data!.data.map((r) => r.userName)).toEqual(["srv15"]);
  });
});

describe("the index's answers against changes", () => {
  it("leaves a page to the database when the users change between the index's answer and its rows", async () => {
    const app = served();
    const db = app.database.db;
    await db.execute(sql`
      insert into users (first_name, last_name, user_name, email, role_id, school_id, created_by)
      select 'Chg', 'Bago', 'chg' || i, 'chg' || i || '@example.edu.ph', 5, 1, 'test'
        from generate_series(1, 5) i`);
    expect(await app.app.repos.usersSearch.indexReady()).toBe(true);
    const token = await app.login("admin");
    const list = () =>
      app.call<{ data: { userName: string; firstName: string }[] }>(
        "user",
        "list",
        { search: "chg", sortBy: "userName", sortOrder: "asc", rowsPerPage: 10 },
        { token },
      );
    expect((await list()).headers["server-timing"]).toMatch(/^index\b/);
    // Each answer of the index is followed by a change before its rows are read.
    const { index } = (
      app.app.repos.usersSearch as unknown as { search: { index: UsersSearchIndex } }
    ).search;
    const pageAt = index.pageAt.bind(index);
    let changes = 0;
    index.pageAt = async (version, search) => {
      const found = await pageAt(version, search);
      changes += 1;
      await db.execute(
        sql`update users set first_name = ${`Chg${changes}`} where user_name = 'chg1'`,
      );
      return found;
    };
    try {
      const answer = await list();
      // Both of the index's answers were one change behind their rows: the database answered.
      expect(changes).toBe(2);
      expect(answer.headers["server-timing"]).not.toMatch(/^index\b/);
      expect(answer.body.data!.data[0]).toMatchObject({ userName: "chg1", firstName: "Chg2" });
    } finally {
      index.pageAt = pageAt;
      await db.execute(sql`delete from users where user_name like 'chg%'`);
    }
  });
});
