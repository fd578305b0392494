import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseFilters } from "../src/lib/list";
import { listSpec } from "../src/plugins/app/repositories/user-records";
import { UsersSearchIndex } from "../src/read-models/users-search/users-search-index";
import { useTestApp } from "./helper";
import { insertUsers, search, searchChecks } from "./support/users-search";

// The app's own index is off: each test builds the index it looks at.
const t = useTestApp({ userSearchIndex: false });
const { version, expected, pageIds } = searchChecks(t);

beforeAll(async () => {
  await t().database.db.execute(insertUsers("idx"));
});

describe("the users' search in memory: catching up on changes", () => {
  it("catches up on users added, changed and deleted, and leaves a changed match's place to the database until it builds again", async () => {
    const db = t().database.db;
    const index = new UsersSearchIndex(db, 1_000);
    await index.ready();
    await db.execute(sql`update users set last_name = 'Zamorano' where user_name = 'idx7'`);
    await db.execute(sql`delete from users where user_name = 'idx8'`);
    await db.execute(sql`
      insert into users (first_name, last_name, user_name, email, role_id, school_id, created_by)
      values ('Zamora', 'Bago', 'idxnew', 'idxnew@example.edu.ph', 5, 1, 'test')`);
    const now = await version();
    // By id, a changed user's place is its id: answered from memory.
    for (const sortOrder of ["asc", "desc"] as const) {
      const byId = search("zamor", { sortOrder });
      const answer = await index.page(now, byId);
      expect(answer).toEqual(await expected(byId));
      expect(answer!.total).toBe(2);
    }
    // Sorted by a column, a changed user that matches has no known place: the database sorts the
    // matches it is among.
    for (const sortOrder of ["asc", "desc"] as const) {
      const sorted = search("zamor", { sortBy: "lastName", sortOrder });
      const answer = (await index.page(now, sorted))!;
      expect(answer.placeInDatabase).toBe(true);
      expect(await pageIds(answer, sorted)).toEqual((await expected(sorted)).ids);
      expect(answer.total).toBe(2);
    }
    expect(
      await index.page(now, search("zamor", { sortBy: "lastName", offset: 1_000 })),
    ).toBeNull();
    // One that matches no changed user is still answered, without the deleted user.
    const untouched = search("idx8", { sortBy: "lastName" });
    expect(await index.page(now, untouched)).toEqual(await expected(untouched));
    expect((await expected(untouched)).total).toBe(10);
  });

  it("answers a page asked again from memory, until a user changes", async () => {
    const db = t().database.db;
    // A small count limit: the common term's page is found by marks, as at scale.
    const index = new UsersSearchIndex(db, 1_000, undefined, 5);
    await index.ready();
    const newest = search("mar", { sortOrder: "desc" });
    const before = await version();
    const first = await index.page(before, newest);
    expect(first).toEqual(await expected(newest));
    expect(await index.page(before, newest)).toBe(first);
    // Searches that differ in any part are not answered from the first one's.
    for (const [other, where] of [
      [search("mar", { sortOrder: "desc", offset: 7 }), sql`true`],
      [search("mar", { sortOrder: "asc" }), sql`true`],
      [search("mar", { sortOrder: "desc", sortBy: "email" }), sql`true`],
      [search("mar", { sortOrder: "desc", schoolId: 2 }), sql`school_id = 2`],
      [
        search("mar", {
          sortOrder: "desc",
          filters: parseFilters(listSpec, [{ key: "roleId", values: ["3"] }]),
        }),
        sql`role_id = 3`,
      ],
    ] as const) {
      // (A filtered total is estimated: the page's ids are exact.)
      const answer = await index.page(before, other);
      expect(answer!.ids).toEqual((await expected(other, where)).ids);
      expect(answer!.ids).not.toEqual(first!.ids);
    }
    try {
      await db.execute(sql`
        insert into users (first_name, last_name, user_name, email, role_id, school_id, created_by)
        values ('Mariana', 'Bago', 'idxkept', 'idxkept@example.edu.ph', 5, 1, 'test')`);
      const after = await index.page(await version(), newest);
      expect(after).toEqual(await expected(newest));
      expect(after!.total).toBe(first!.total + 1);
    } finally {
      await db.execute(sql`delete from users where user_name = 'idxkept'`);
    }
  });

  it("builds again when it cannot catch up, and then knows every change", async () => {
    const db = t().database.db;
    const index = new UsersSearchIndex(db);
    await index.ready();
    await db.execute(sql`update users set first_name = 'Quintana' where user_name = 'idx11'`);
    // The changes are gone (as after a day, or a TRUNCATE): the index cannot catch up.
    await db.execute(sql`delete from user_changes`);
    const wanted = search("quinta", { sortBy: "firstName", sortOrder: "desc" });
    expect(await index.page(await version(), wanted)).toBeNull();
    expect(await index.ready()).toBe(true);
    const answer = await index.page(await version(), wanted);
    expect(answer).toEqual(await expected(wanted));
    expect(answer!.total).toBe(1);
  });
});
