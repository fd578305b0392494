import type { UserRecord } from "@lms/core";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it, vi } from "vitest";
import type { JsonText } from "../src/lib/json-text";
import { openDatabase, rowsOf } from "../src/db/client";
import type { RecordText } from "../src/plugins/app/repositories/user-page-rows";
import { UsersSearchRepository } from "../src/plugins/app/repositories/users-search-repository";
import {
  selectRecordTexts,
  selectRecords,
  withDetails,
  type DetailedRow,
} from "../src/plugins/app/repositories/user-records";
import { freshPostgresUrl, useTestApp } from "./helper";

// The records held are what this file tests: on whatever LMS_READ_MODELS says.
const t = useTestApp({ readModels: true });

type Page = { data: UserRecord[]; pagination: { totalcount: number } };

/** The user list's first page by user name, and whether its records came from those held. */
async function firstPage(token: string, search = ""): Promise<{ page: Page; held: boolean }> {
  const texts = (t().app.repos.usersSearch as unknown as { rows: { texts: object } }).rows
    .texts as {
    page(ids: number[], version: string): Promise<JsonText | null>;
  };
  const spy = vi.spyOn(texts, "page");
  try {
    const answer = await t().call<Page>(
      "user",
      "list",
      { rowsPerPage: 50, sortBy: "userName", sortOrder: "asc", ...(search ? { search } : {}) },
      { token },
    );
    expect(answer.status).toBe(200);
    const results = await Promise.all(spy.mock.results.map((r) => r.value as Promise<unknown>));
    return { page: answer.body.data!, held: results.some((r) => r !== null) };
  } finally {
    spy.mockRestore();
  }
}

const byName = (page: Page, userName: string) => page.data.find((u) => u.userName === userName)!;

describe("users' records held written as JSON (issue 14)", () => {
  it("answers a page again from the records it holds, as the database gave them", async () => {
    const token = await t().login("admin");
    // A page of every user is answered from the index's ranks, then its records held: the index
    // first built (in the background since the start, not yet on a loaded machine).
    await expect(t().app.repos.usersSearch.indexReady()).resolves.toBe(true);
    const first = await firstPage(token);
    expect(first.held).toBe(false);
    const second = await firstPage(token);
    expect(second.held).toBe(true);
    expect(second.page).toEqual(first.page);
  });

  it("holds a searched page's records once the search is asked again", async () => {
    const token = await t().login("admin");
    await expect(t().app.repos.usersSearch.indexReady()).resolves.toBe(true);
    // Whatever an earlier page held is dropped (held at the roles' version before).
    await t().database.db.execute(sql`update roles set role_name = role_name`);
    const asked = [];
    for (let i = 0; i < 3; i++) asked.push(await firstPage(token, "stud"));
    expect(asked[0]!.page.pagination.totalcount).toBeGreaterThan(0);
    expect(asked.map((answer) => answer.held)).toEqual([false, false, true]);
    expect(asked[2]!.page).toEqual(asked[0]!.page);
  });

  // A user's change last: the index then leaves the changed user's place to the database, which
  // reads the page's records with it.
  it("shows a change to any table a record is read from on the very next page", async () => {
    const token = await t().login("admin");
    const db = t().database.db;
    const changes: [string, () => Promise<unknown>, (page: Page) => unknown, unknown][] = [
      [
        "a role",
        () => db.execute(sql`update roles set role_name = 'mentor' where role_name = 'teacher'`),
        (page) => byName(page, "teacher").roleName,
        "mentor",
      ],
      [
        "a school",
        () =>
          db.execute(sql`update schools set school_name = 'Renamed School'
                          where id = (select school_id from users where user_name = 'teacher')`),
        (page) => byName(page, "teacher").schoolName,
        "Renamed School",
      ],
      [
        "a teacher's load",
        () =>
          db.execute(sql`insert into user_loads (user_id, grade, subject, section)
                         select id, 9, 'Physics', 'Newton' from users where user_name = 'teacher'`),
        (page) => byName(page, "teacher").assignedLoad.some((l) => l.section === "Newton"),
        true,
      ],
      [
        "a parent's children",
        () =>
          db.execute(sql`insert into parent_children (parent_id, child_id)
                         select p.id, c.id from users p, users c
                          where p.user_name = 'parent' and c.user_name = 'student2'`),
        (page) => byName(page, "parent").children.length,
        2,
      ],
      [
        "a user",
        () => db.execute(sql`update users set first_name = 'Renamed' where user_name = 'student'`),
        (page) => byName(page, "student").firstName,
        "Renamed",
      ],
    ];
    for (const [table, change, read, expected] of changes) {
      await firstPage(token);
      expect((await firstPage(token)).held, table).toBe(true);
      await change();
      const after = await firstPage(token);
      expect(after.held, table).toBe(false);
      expect(read(after.page), table).toEqual(expected);
    }
  });

  it("has the database write each record as the server writes it from the record's columns", async () => {
    const db = t().database.db;
    // Odd values: quotes, a backslash, control characters, non-Latin text, a parent, a photo, a
    // status other than 0 or 1, times with microseconds and in a year of three digits.
    await db.execute(sql`
      insert into users (salutation, first_name, middle_name, last_name, suffix, user_name, email,
                         role_id, status, registered, school_id, school_year_from, grade, section,
                         title, parent, photo, lang, created_at, created_by, updated_at, updated_by)
      select 'Dr. "Q" \\', E'Zoë\t\u0001\n', '王小明', 'O''Brien', 'Jr.', 'edge.case',
             'edge@example.com', role_id, 2, 1, school_id, 2026, 7, 'Rizal', 'Ms',
             '{"name": "Ana \\"A\\"", "email": "a@b.c"}'::jsonb, 'users/edge.png', 'tl',
             '2024-02-29 23:59:59.123999+00', 'admin', '0999-01-01 00:00:00.5+08', 'admin'
        from users where user_name = 'teacher'`);
    await db.execute(sql`update users set photo = '' where user_name = 'student'`);
    await db.execute(sql`insert into user_loads (user_id, grade, subject, section)
                         select id, 9, 'Physics', 'Newton "N"' from users where user_name = 'edge.case'`);
    const byColumns = withDetails((await selectRecords(db, undefined)) as DetailedRow[]);
    const written = new Map(
      (
        await rowsOf<{ id: number; record: string }>(
          db.execute(selectRecordTexts(sql`(select array_agg(id) from users)::int[]`)),
        )
      ).map((row) => [row.id, row.record]),
    );
    expect(byColumns.length).toBeGreaterThan(3);
    expect(written.size).toBe(byColumns.length);
    for (const record of byColumns) {
      const text = written.get(record.id)!;
      expect(JSON.parse(text), record.userName).toEqual(record);
      // Byte for byte, but for the spaces jsonb writes in a parent.
      if (record.parent === null) expect(text, record.userName).toBe(JSON.stringify(record));
    }
    const edge = byColumns.find((record) => record.userName === "edge.case")!;
    expect(edge.updatedAt).toBe("0998-12-31T16:00:00.500Z");
    expect(edge.createdAt).toBe("2024-02-29T23:59:59.123Z");
    expect(edge.photo).toBe(`/api/file/user/${edge.id}`);
    expect(edge.assignedLoad).toHaveLength(1);
  });

  it("reads a page's records by one plan, kept for any number of users (issue 14)", async () => {
    // On PostgreSQL through a pool of one connection, whose statements' plans are listed.
    const fresh = inject("lmsTemplate").kind === "pglite" ? null : await freshPostgresUrl();
    const database = fresh
      ? await openDatabase({ databaseUrl: fresh.url, poolSize: 1 })
      : t().database;
    try {
      if (fresh) {
        // Enough users that reading ten of them costs the planner more than reading one.
        await database.db.execute(sql`
          insert into users (first_name, last_name, user_name, email, role_id, status, registered,
                             password_hash, created_by)
          select 'Many', 'User ' || i, 'many' || i, 'many' || i || '@example.com', role_id, 1, 1,
                 password_hash, 'test'
            from users, generate_series(1, 20000) i where user_name = 'student'`);
        await database.db.execute(sql`analyze users`);
      }
      const repository = new UsersSearchRepository(database.db);
      const recordsByIds = (
        repository as unknown as {
          rows: { byIds: (ids: number[]) => Promise<RecordText[]> };
        }
      ).rows.byIds;
      const [{ id } = { id: 0 }] = await rowsOf<{ id: number }>(
        database.db.execute(sql`select min(id)::int as id from users`),
      );
      // One user's record, as on a page of a search that one user matches: planned for that one
      // user each time, the statement took three times as long as it does by its kept plan.
      for (let run = 0; run < 8; run += 1) expect(await recordsByIds([id])).toHaveLength(1);
      const [plans] = await rowsOf<{ generic: number; custom: number }>(
        database.db.execute(sql`select generic_plans::int as generic, custom_plans::int as custom
                                  from pg_prepared_statements where name = 'lms_users_by_ids'`),
      );
      expect(plans!.generic).toBeGreaterThanOrEqual(3);
      expect(plans!.custom).toBeLessThanOrEqual(5);
    } finally {
      if (fresh) {
        await database.close();
        await fresh.drop();
      }
    }
  });
});
