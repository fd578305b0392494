import type { UserRecord } from "@lms/core";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { JsonText } from "../src/lib/json-text";
import { useTestApp } from "./helper";

const t = useTestApp();

type Page = { data: UserRecord[]; pagination: { totalcount: number } };

/** The user list's first page by user name, and whether its records came from those held. */
async function firstPage(token: string): Promise<{ page: Page; held: boolean }> {
  const texts = (t().app.repos.usersSearch as unknown as { texts: object }).texts as {
    page(ids: number[], version: string): Promise<JsonText | null>;
  };
  const spy = vi.spyOn(texts, "page");
  try {
    const answer = await t().call<Page>(
      "user",
      "list",
      { rowsPerPage: 50, sortBy: "userName", sortOrder: "asc" },
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
    const first = await firstPage(token);
    expect(first.held).toBe(false);
    const second = await firstPage(token);
    expect(second.held).toBe(true);
    expect(second.page).toEqual(first.page);
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
});
