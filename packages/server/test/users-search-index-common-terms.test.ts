import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { TrigramHeads } from "../src/read-models/trigrams/trigram-heads";
import {
  UsersSearchIndex,
  type IndexedSearch,
} from "../src/read-models/users-search/users-search-index";
import { useTestApp } from "./helper";
import { insertUsers, search, searchChecks, slackOf, SORTS } from "./support/users-search";

// The app's own index is off: each test builds the index it looks at.
const t = useTestApp({ userSearchIndex: false });
const { version, expected, pageIds } = searchChecks(t);

beforeAll(async () => {
  await t().database.db.execute(insertUsers("idx"));
});

describe("the users' search in memory: common terms", () => {
  it("walks the sort order for a common term: the page SQL gives, the total exact for three letters, else estimated and flagged", async () => {
    const index = new UsersSearchIndex(t().database.db, undefined, undefined, 5);
    expect(await index.ready()).toBe(true);
    const now = await version();
    let estimated = 0;
    for (const term of ["exa", "@example", "edu.ph"]) {
      for (const [sortBy] of SORTS) {
        for (const sortOrder of ["asc", "desc"] as const) {
          for (const offset of [0, 7]) {
            const wanted = search(term, { sortBy, sortOrder, offset });
            const want = await expected(wanted);
            const answer = (await index.page(now, wanted))!;
            const label = `${term} ${sortBy ?? "id"} ${sortOrder} from ${offset}`;
            expect(answer.ids, label).toEqual(want.ids);
            if (term.length === 3) expect(answer.total, label).toBe(want.total);
            if (answer.estimate) {
              estimated += 1;
              expect(Math.abs(answer.total - want.total), label).toBeLessThanOrEqual(
                slackOf(want.total),
              );
            }
          }
        }
      }
    }
    expect(estimated).toBeGreaterThan(0);
  });

  it("pages a three-letter term of a thousand users or more as a common term's, its total exact", async () => {
    const db = t().database.db;
    // 1,500 users hold "qzx" in their first names, spread over every order, and 300 in e-mails;
    // 6,200 more hold neither (a trigram under a quarter of the users or more has no heads).
    await db.execute(sql`
      insert into users (first_name, last_name, user_name, email, role_id, status, school_id,
                         grade, section, created_by)
      select case when i <= 1500 then 'Qzx' || (i * 7919 % 1500) else 'Bo' end,
             'Cruz' || (i * 104729 % 1800), 'tri' || i,
             case when i between 1501 and 1800 then 'qzx' || i else 'tri' || i end
               || '@example.edu.ph',
             3 + 2 * (i % 2), i % 2, 1 + i % 2, 1 + i % 12, 'S' || (i % 3), 'test'
        from generate_series(1, 8000) i`);
    // As the server counts (a term of more than 5,000 candidates may be estimated): the heads are
    // held down to a thousand users, where a three-letter term is paged as a common one.
    const index = new UsersSearchIndex(db, undefined, undefined, 5_000);
    const headOf = vi.spyOn(TrigramHeads.prototype, "headOf");
    try {
      expect(await index.ready()).toBe(true);
      const now = await version();
      for (const [sortBy] of SORTS) {
        for (const sortOrder of ["asc", "desc"] as const) {
          for (const offset of [0, 7, 700, 1795]) {
            const wanted = search("qzx", { sortBy, sortOrder, offset, limit: 25 });
            const want = await expected(wanted);
            expect(want.total).toBe(1800);
            const answer = (await index.page(now, wanted))!;
            const label = `${sortBy ?? "id"} ${sortOrder} from ${offset}`;
            expect(answer.ids, label).toEqual(want.ids);
            expect(answer.total, label).toBe(1800);
            expect(answer.estimate, label).toBeFalsy();
          }
        }
      }
      // The first users of "qzx" in the orders are held and were read for its pages.
      expect(headOf.mock.results.some(({ value }) => value !== null)).toBe(true);
    } finally {
      headOf.mockRestore();
      index.close();
      await db.execute(sql`delete from users where user_name like 'tri%'`);
    }
  });

  it("reads a common term's page alike whether the walk finds it, ends short or is not tried, with filters, deletions and changes", async () => {
    const db = t().database.db;
    // Enough users for a walk of the order to be tried: "alk" is in every one of them (their user
    // names), "walker" in two thirds, all after the first users in the first names', e-mails' and
    // ids' orders (a walk from the start ends short there).
    await db.execute(sql`
      insert into users (first_name, last_name, user_name, email, role_id, school_id, created_by)
      select case when i % 3 = 0 then 'Bo' else 'Walker' end, 'Cruz', 'walk' || i,
             'walk' || i || '@example.edu.ph', 3 + 2 * (i % 2), 1 + i % 2, 'test'
        from generate_series(1, 4000) i`);
    // "mnop" clusters among first names: the first 16 by first name under "mno" (its rarest
    // trigram, 40 users) hold 6 of its users, those under "nop" (90 users) 16.
    await db.execute(sql`
      insert into users (first_name, last_name, user_name, email, role_id, school_id, created_by)
      select case when i <= 10 then 'Amnoq' when i <= 40 then 'Bmnop' else 'Cnop' end, 'Cruz',
             'walkmn' || i, 'walkmn' || i || '@example.edu.ph', 5, 1, 'test'
        from generate_series(1, 100) i`);
    const index = new UsersSearchIndex(db, undefined, undefined, 5);
    // Holding the first 16 users of each order under a trigram of 32 users to a quarter of them
    // ("k17": walk17, walk170 to walk179, walk1700 to walk1799).
    const headed = new UsersSearchIndex(db, undefined, undefined, 5, 16);
    const check = async (
      terms: string[],
      more: Partial<IndexedSearch>,
      where: SQL,
      sortings: (string | undefined)[] = [undefined, "firstName", "lastName", "email"],
      on = index,
    ) => {
      const now = await version();
      for (const term of terms) {
        for (const sortBy of sortings) {
          for (const sortOrder of ["asc", "desc"] as const) {
            for (const offset of [0, 7, 700]) {
              const wanted = search(term, { ...more, sortBy, sortOrder, offset });
              const want = await expected(wanted, where);
              const answer = await on.page(now, wanted);
              const label = `${term} ${JSON.stringify(more)} ${sortBy ?? "id"} ${sortOrder} from ${offset}`;
              expect(answer, label).not.toBeNull();
              expect(await pageIds(answer!, wanted), label).toEqual(want.ids);
              if (answer!.estimate) {
                expect(Math.abs(answer!.total - want.total), label).toBeLessThanOrEqual(
                  slackOf(want.total),
                );
              } else {
                expect(answer!.total, label).toBe(want.total);
              }
            }
          }
        }
      }
    };
    try {
      expect(await index.ready()).toBe(true);
      expect(await headed.ready()).toBe(true);
      const sortings = [undefined, "firstName", "lastName", "email", "createdAt"];
      const headedCheck = (terms: string[], more: Partial<IndexedSearch>, where: SQL) =>
        check(terms, more, where, sortings, headed);
      await check(["alk", "walker", "exa", "walk1"], {}, sql`true`);
      await check(["alk", "@example"], { schoolId: 2 }, sql`school_id = 2`);
      await headedCheck(["walk17", "k23"], {}, sql`true`);
      // Its page is read from the heads of "nop" once those of "mno" hold too few of its users.
      const headOf = vi.spyOn(TrigramHeads.prototype, "headOf");
      try {
        await headedCheck(["mnop"], {}, sql`true`);
        headOf.mockClear();
        const first = search("mnop", { sortBy: "firstName", offset: 1, limit: 6 });
        expect((await headed.page(await version(), first))!.ids).toEqual(
          (await expected(first)).ids,
        );
        expect(headOf).toHaveBeenCalledTimes(2);
        expect(headOf.mock.results[1]!.value).not.toBeNull();
      } finally {
        headOf.mockRestore();
      }
      await headedCheck(["walk17"], { schoolId: 2 }, sql`school_id = 2`);
      await db.execute(
        sql`delete from users where user_name in ('walk1', 'walk2', 'idx3', 'walk171', 'walk1700')`,
      );
      await check(["alk", "walker", "exa"], {}, sql`true`);
      await headedCheck(["walk17", "k17"], {}, sql`true`);
      // A changed user that no longer matches: left out, by id and sorted by any column.
      await db.execute(sql`update users set first_name = 'Jose' where user_name = 'idx4'`);
      await check(["ana"], {}, sql`true`);
      // A changed user that matches: by id its place is known; sorted by a column it is not, and
      // the database sorts it among the others' first matches.
      await db.execute(sql`update users set first_name = 'Walkerly' where user_name = 'idx5'`);
      // One that the walk of the e-mails descending meets first at its old place.
      await db.execute(
        sql`update users set email = 'aalk9@example.edu.ph' where user_name = 'walk9'`,
      );
      await check(["alk"], {}, sql`true`);
      await check(["alk"], { schoolId: 2 }, sql`school_id = 2`);
      // One of a head's users now first by first name (its place left to the database), one
      // no longer holding the term.
      await db.execute(sql`update users set first_name = 'Aaron' where user_name = 'walk172'`);
      await db.execute(sql`update users set user_name = 'wx173', email = 'wx173@example.edu.ph'
                            where user_name = 'walk173'`);
      await headedCheck(["walk17", "k17"], {}, sql`true`);
      await headedCheck(["walk17"], { schoolId: 2 }, sql`school_id = 2`);
      const sorted = search("alk", { sortBy: "firstName" });
      expect((await index.page(await version(), sorted))!.placeInDatabase).toBe(true);
      // Too many users to sort that way (a far page): the database answers.
      const far = search("alk", { sortBy: "firstName", offset: 1_000 });
      expect(await index.page(await version(), far)).toBeNull();
    } finally {
      await db.execute(sql`delete from users where user_name like 'walk%'`);
      await db.execute(sql`update users set first_name = 'Ana' where user_name = 'idx5'`);
      await db.execute(sql`update users set first_name = 'Mariana' where user_name = 'idx4'`);
    }
  });

  it("estimates a common term from a sample spread over its candidates when only some of them hold it", async () => {
    const db = t().database.db;
    // "abab" is in half of these users; the other half have both its trigrams ("bab aba"), so
    // they are candidates too.
    await db.execute(sql`
      insert into users (first_name, last_name, user_name, email, role_id, school_id, created_by)
      select case when i % 2 = 0 then 'Abab' else 'Bab' end, 'Aba', 'share' || i,
             'share' || i || '@example.edu.ph', 5, 1, 'test'
        from generate_series(1, 3000) i`);
    try {
      const index = new UsersSearchIndex(db, undefined, undefined, 5);
      expect(await index.ready()).toBe(true);
      const now = await version();
      for (const sortBy of [undefined, "firstName", "userName"]) {
        for (const sortOrder of ["asc", "desc"] as const) {
          const wanted = search("abab", { sortBy, sortOrder, offset: 7 });
          const want = await expected(wanted);
          const answer = (await index.page(now, wanted))!;
          const label = `${sortBy ?? "id"} ${sortOrder}`;
          expect(answer.ids, label).toEqual(want.ids);
          expect(answer.estimate, label).toBe(true);
          expect(Math.abs(answer.total - want.total), label).toBeLessThanOrEqual(
            slackOf(want.total),
          );
        }
      }
    } finally {
      await db.execute(sql`delete from users where user_name like 'share%'`);
    }
  });

  it("pages a term whose first users in the order hold its trigrams but not the term, through several stretches", async () => {
    const db = t().database.db;
    // 300 candidates first by first name that hold "wxy" and "xyz" but not "wxyz", then its 40
    // users last: the heads of its trigrams (128 users each, held for trigrams of 256 users to a
    // quarter of them) are given up on after their first 64 users, and the stretches holding the
    // page are read after several rounds of grouping.
    await db.execute(sql`
      insert into users (first_name, last_name, user_name, email, role_id, school_id, created_by)
      select case when i <= 300 then 'Aaa' when i <= 340 then 'Zzz' else 'Mmm' end,
             case when i <= 300 then 'Wxy Xyz' when i <= 340 then 'Wxyz' else 'Nnn' end,
             'strx' || i, 'strx' || i || '@example.edu.ph', 5, 1, 'test'
        from generate_series(1, 1400) i`);
    const index = new UsersSearchIndex(db, undefined, undefined, 5, 128);
    try {
      expect(await index.ready()).toBe(true);
      const now = await version();
      for (const sortBy of ["firstName", "lastName"]) {
        for (const sortOrder of ["asc", "desc"] as const) {
          for (const offset of [0, 7, 30]) {
            const wanted = search("wxyz", { sortBy, sortOrder, offset });
            const want = await expected(wanted);
            const answer = (await index.page(now, wanted))!;
            const label = `${sortBy} ${sortOrder} from ${offset}`;
            expect(await pageIds(answer, wanted), label).toEqual(want.ids);
            expect(Math.abs(answer.total - want.total), label).toBeLessThanOrEqual(
              slackOf(want.total),
            );
          }
        }
      }
    } finally {
      index.close();
      await db.execute(sql`delete from users where user_name like 'strx%'`);
    }
  });
});
