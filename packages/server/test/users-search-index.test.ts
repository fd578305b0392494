import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { containsPattern, parseFilters } from "../src/lib/list";
import { smallestFirst, TopKeys } from "../src/read-models/users-search/top-keys";
import { TrigramHeads } from "../src/read-models/trigrams/trigram-heads";
import { TrigramPostings } from "../src/read-models/trigrams/trigram-postings";
import { listSpec } from "../src/plugins/app/repositories/user-records";
import { answer, type IndexAnswer } from "../src/read-models/users-search/index-answer";
import { IndexedUsers } from "../src/read-models/users-search/indexed-users";
import { rehearsals } from "../src/read-models/users-search/rehearsals";
import {
  UsersSearchIndex,
  type IndexedSearch,
} from "../src/read-models/users-search/users-search-index";
import { useTestApp } from "./helper";

// The app's own index is off: each test builds the index it looks at.
const t = useTestApp({ userSearchIndex: false });
// The index is what this file tests: on whatever LMS_READ_MODELS says.
const served = useTestApp({ readModels: true });

const SORTS: [string | undefined, string][] = [
  [undefined, "id"],
  ["firstName", "first_name"],
  ["lastName", "last_name"],
  ["userName", "user_name"],
  ["email", "email"],
  ["roleId", "role_id"],
  ["status", "status"],
  ["grade", "grade"],
  ["section", "section"],
  ["createdAt", "created_at"],
  ["updatedAt", "updated_at"],
];

const ROWS = 240;

/** Users with ties on every column, empty grades and update times, accents and Chinese names. */
const insertUsers = (prefix: string) => sql`
  insert into users (first_name, last_name, user_name, email, role_id, status, school_id, grade,
                     section, subject, created_at, updated_at, created_by)
  select (array['Ana', 'Jose', 'Peña', '王芳', 'Mariana'])[1 + i % 5],
         (array['Reyes', 'Santos', 'Cruz', 'Dela Cruz', '李'])[1 + i % 7 % 5],
         ${prefix} || i, ${prefix} || i || '@example.edu.ph', 3 + 2 * (i % 2), i % 3 % 2, 1 + i % 2,
         case when i % 4 = 0 then null else 1 + i % 3 end, 'S' || (i % 3), 'Math',
         now() - (i % 9 || ' hours')::interval,
         case when i % 5 = 0 then null else now() - (i % 4 || ' days')::interval end, 'test'
    from generate_series(1, ${ROWS}) i`;

beforeAll(async () => {
  await t().database.db.execute(insertUsers("idx"));
});

async function version(): Promise<number> {
  const result = (await t().database.db.execute(
    sql`select version from change_counters where name = 'users'`,
  )) as unknown as { rows: { version: string | number }[] };
  return Number(result.rows[0]!.version);
}

/** The page and total plain SQL gives. */
async function expected(search: IndexedSearch, where: SQL = sql`true`) {
  const column = SORTS.find(([key]) => key === search.sortBy)?.[1];
  const order = sql.raw(search.sortOrder);
  const result = (await t().database.db.execute(sql`
    select id from users where search_text like ${containsPattern(search.term)} and ${where}
     order by ${column && column !== "id" ? sql`${sql.identifier(column)} ${order}, ` : sql``} id ${order}`)) as unknown as {
    rows: { id: number }[];
  };
  const all = result.rows.map((r) => Number(r.id));
  return { ids: all.slice(search.offset, search.offset + search.limit), total: all.length };
}

/**
 * The page's ids an answer stands for: its own, or when it leaves changed users' places to the
 * database, its users sorted as the list sorts them, from the search's offset.
 */
async function pageIds(answer: IndexAnswer, wanted: IndexedSearch): Promise<number[]> {
  if (!answer.placeInDatabase) return answer.ids;
  const column = SORTS.find(([key]) => key === wanted.sortBy)?.[1];
  const order = sql.raw(wanted.sortOrder);
  const result = (await t().database.db.execute(sql`
    select id from users where id = any(${sql.param(answer.ids)}::int[])
     order by ${column && column !== "id" ? sql`${sql.identifier(column)} ${order}, ` : sql``} id ${order}
     limit ${wanted.limit} offset ${wanted.offset}`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/** How far an estimated total may be from the truth: 5 %, and half a unit of its two figures. */
const slackOf = (truth: number) =>
  truth / 20 + 10 ** Math.max(0, Math.floor(Math.log10(truth)) - 1) / 2;

const search = (term: string, more: Partial<IndexedSearch> = {}): IndexedSearch => ({
  term,
  filters: [],
  schoolId: null,
  sortOrder: "asc",
  offset: 0,
  limit: 7,
  ...more,
});

describe("the users' search in memory", () => {
  it("gives the page and total SQL gives, for every sort both ways, filters, a school and far pages", async () => {
    const index = new UsersSearchIndex(t().database.db);
    expect(await index.ready()).toBe(true);
    const now = await version();
    const filtered: [string, Partial<IndexedSearch>, SQL][] = [
      ["no filter", {}, sql`true`],
      ["a school", { schoolId: 1 }, sql`school_id = 1`],
      [
        "a role and grades, one of them empty",
        {
          filters: parseFilters(listSpec, [
            { key: "roleId", values: ["5"] },
            { key: "grade", values: ["", "2"] },
          ]),
        },
        sql`role_id = 5 and (grade = 2 or grade is null)`,
      ],
      [
        "a section",
        { filters: parseFilters(listSpec, [{ key: "section", values: ["S1", "S9"] }]) },
        sql`section in ('S1', 'S9')`,
      ],
    ];
    for (const term of ["ana", "cruz", "peñ", "王芳 ", "a r", "idx1", "@example", "zzzz"]) {
      for (const [label, more, where] of filtered) {
        for (const [sortBy] of SORTS) {
          for (const sortOrder of ["asc", "desc"] as const) {
            for (const offset of [0, 14]) {
              const wanted = search(term, { ...more, sortBy, sortOrder, offset });
              expect(
                await index.page(now, wanted),
                `${term} ${label} ${sortBy ?? "id"} ${sortOrder} from ${offset}`,
              ).toEqual(await expected(wanted, where));
            }
          }
        }
      }
    }
  });

  it("gives every page of the whole list as SQL OFFSET does, for every sort both ways, until a user changes", async () => {
    const db = t().database.db;
    const index = new UsersSearchIndex(db);
    expect(await index.ready()).toBe(true);
    const now = await version();
    const everyone = await expected(search(""));
    const last = Math.floor((everyone.total - 1) / 25) * 25;
    for (const [sortBy] of SORTS) {
      for (const sortOrder of ["asc", "desc"] as const) {
        for (const offset of [0, 25, 100, last, last + 25]) {
          const page = { sortBy, sortOrder, offset, limit: 25 };
          expect(
            await index.plainPage(now, page),
            `${sortBy ?? "id"} ${sortOrder} ${offset}`,
          ).toEqual(await expected(search("", page)));
        }
      }
    }
    await db.execute(sql`update users set first_name = 'Aaron' where user_name = 'idx20'`);
    expect(
      await index.plainPage(await version(), { sortOrder: "asc", offset: 0, limit: 25 }),
    ).toBeNull();
    expect(await index.ready()).toBe(true);
    const page = { sortBy: "firstName", sortOrder: "asc" as const, offset: 0, limit: 25 };
    expect(await index.plainPage(await version(), page)).toEqual(await expected(search("", page)));
  });

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

  it("leaves a term shorter than three characters to the database", async () => {
    const index = new UsersSearchIndex(t().database.db);
    await index.ready();
    expect(await index.page(await version(), search("an"))).toBeNull();
  });

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

describe("the index's parts", () => {
  it("lists every text holding a term under each of its trigrams", () => {
    const alphabet = ["a", "b", "ñ", "王", " ", "@"];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const word = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    const texts = Array.from({ length: 400 }, () => word(3 + Math.floor(random() * 12)));
    texts[17] = undefined as unknown as string;
    const postings = TrigramPostings.build(texts);
    for (let i = 0; i < 200; i++) {
      const term = word(3 + Math.floor(random() * 3));
      const candidates = new Set(postings.candidates(term));
      const holding = texts.flatMap((text, slot) => (text?.includes(term) ? [slot] : []));
      for (const slot of holding) expect(candidates.has(slot), `${term} in ${slot}`).toBe(true);
    }
    expect(postings.candidates("ab")).toBeNull();
  });

  it("gives exactly the texts listed under every trigram of a term, in ascending order", () => {
    let seed = 5;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // "mno" under every text and "nop" under a twentieth; "xyz" under nearly every text, "abc"
    // under a third, "q" trigrams under a few: lists of like lengths (merged) and of very different
    // ones (galloped), terms of one to six trigrams.
    const texts = Array.from({ length: 6_000 }, (_, i) => {
      const parts = [
        i % 50 ? "xyz" : "",
        random() < 0.33 ? "abc" : "",
        random() < 0.5 ? "bcd" : "",
      ];
      if (random() < 0.02) parts.push("qrs");
      const head = random() < 0.05 ? "mnop|" : "mno|";
      return `${head}${parts.join("")}${i % 7}${random() < 0.5 ? "cdx" : ""}`;
    });
    const postings = TrigramPostings.build(texts);
    const trigrams = (text: string) =>
      new Set(Array.from({ length: Math.max(0, text.length - 2) }, (_, i) => text.slice(i, i + 3)));
    const held = texts.map(trigrams);
    for (const term of [
      "mnop",
      "xyzabc",
      "abcd",
      "xyzabcbcd",
      "abcqrs",
      "xyzqrs",
      "bcdcdx",
      "cdx",
      "qrsx",
    ]) {
      const wanted = [...trigrams(term)];
      const listed = texts.flatMap((_, slot) =>
        wanted.every((trigram) => held[slot]!.has(trigram)) ? [slot] : [],
      );
      expect(Array.from(postings.candidates(term)!), term).toEqual(listed);
    }
    // The answer is read before the next search: a later one writes over it.
    const first = Array.from(postings.candidates("xyzabcbcd")!);
    postings.candidates("abcqrs");
    expect(Array.from(postings.candidates("xyzabcbcd")!)).toEqual(first);
  });

  it("builds the same postings in steps, pausing between them", async () => {
    const texts = Array.from({ length: 60_000 }, (_, i) => `user${i} ${i % 7 ? "ana" : "王芳"}`);
    texts[30_000] = undefined as unknown as string;
    let pauses = 0;
    const stepped = await TrigramPostings.buildInSteps(texts, async () => {
      pauses += 1;
    });
    // 25,000 texts a step, in each of its two passes (counting, then filling).
    expect(pauses).toBe(4);
    const whole = TrigramPostings.build(texts);
    for (const term of ["ana", " 王芳", "er1", "r29999 ", "user30000", "zzz"]) {
      const candidates = stepped.candidates(term)!;
      expect(candidates, term).toEqual(whole.candidates(term));
      // Every text holding the term is listed, from each step.
      const holding = texts.flatMap((text, slot) => (text?.includes(term) ? [slot] : []));
      const listed = new Set(candidates);
      expect(
        holding.filter((slot) => !listed.has(slot)),
        term,
      ).toEqual([]);
      if (term === " 王芳") expect(holding.length).toBeGreaterThan(8_000);
    }
    // The last step's texts are listed too.
    expect(Array.from(stepped.candidates("r59999")!)).toContain(59_999);
    // An empty slot is listed nowhere.
    expect(Array.from(stepped.candidates("ser")!)).not.toContain(30_000);
    expect(stepped.candidates("ser")!.length).toBe(59_999);
  });

  it("holds the first and last users of each order under every common trigram", async () => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // "ana" under 1,200 of 24,000 users, "bel" 600, " 王芳" 600, " bo" 22,200 (too common).
    const texts = Array.from({ length: 24_000 }, (_, i) =>
      i % 500 === 7 ? undefined : `u${i} ${["ana", "anabel", "王芳"][i % 40] ?? "bo"}`,
    ) as string[];
    const postings = TrigramPostings.build(texts);
    /** An order of the slots; with `missing`, one user is not in it (-1). */
    const orderOf = (key: (slot: number) => number, missing?: number) => {
      const order = Int32Array.from([...texts.keys()].filter((slot) => slot !== missing)).sort(
        (a, b) => key(a) - key(b) || a - b,
      );
      const ranks = new Int32Array(texts.length).fill(-1);
      const stretches = new Uint8Array(texts.length);
      order.forEach((slot, rank) => {
        ranks[slot] = rank;
        stretches[slot] = Math.floor((rank * 256) / order.length);
      });
      return { ranks, order, stretches };
    };
    const randomKeys = texts.map(() => random());
    const orders = new Map([
      ["scattered", orderOf((slot) => randomKeys[slot]!)],
      ["reversed", orderOf((slot) => -slot)],
      ["clustered", orderOf((slot) => slot % 4)],
      // A user deleted while the order was read: no heads (the page is found otherwise).
      ["missing", orderOf((slot) => slot, 42)],
    ]);
    let pauses = 0;
    const heads = await TrigramHeads.build(postings, orders, {
      common: 600,
      size: 40,
      pause: async () => void (pauses += 1),
    });
    expect(pauses).toBeGreaterThan(0);
    for (const term of ["ana", "nab", " 王芳", " bo", "0 bo", "u12", "u2"]) {
      const place = postings.rarestOf(term);
      const list = place < 0 ? [] : Array.from(postings.listAt(place));
      for (const [sortBy, { ranks, order }] of orders) {
        for (const descending of [false, true]) {
          const head = heads.headOf(place, sortBy, descending);
          if (list.length < 600 || list.length > 24_000 / 4 || sortBy === "missing") {
            expect(head, `${term} has no heads`).toBeNull();
            continue;
          }
          const ranked = list.map((slot) => ranks[slot]!);
          ranked.sort((a, b) => (descending ? b - a : a - b));
          const want = ranked.slice(0, 40).map((rank) => order[rank]!);
          expect(Array.from(head!), `${term} ${sortBy} ${descending}`).toEqual(want);
        }
      }
    }
    expect(heads.headOf(postings.rarestOf("ana"), "scattered", false)).not.toBeNull();
    // "0 b" (users numbered by ten, but for those of "ana" and "王芳"): over a sixteenth of them.
    expect(postings.listAt(postings.rarestOf("0 bo")).length).toBe(1_800);
    expect(heads.headOf(postings.rarestOf("0 bo"), "scattered", false)).not.toBeNull();
    expect(heads.headOf(postings.rarestOf(" bo"), "scattered", false)).toBeNull();
    // The rarest of a term's trigrams; none for a trigram no text holds.
    expect(postings.listAt(postings.rarestOf("anabel")).length).toBe(600);
    expect(postings.rarestOf("anazzz")).toBe(-1);
  });

  it("rehearses its searches on its own users' names, a step a term, every answer as before", async () => {
    const firsts = ["Christian", "Kristine", "Maria", "Mariela", "Daniel", "Daniela", "Jerome"];
    const lasts = ["Navarro", "Romero", "Santos", "Villanueva", "Dela Cruz"];
    const indexed = new IndexedUsers(1);
    for (let i = 0; i < 6_000; i += 1) {
      // Users deleted before the build (empty slots), one of them where the rehearsal looks.
      const deleted = i % 97 === 0 || i === 3_250;
      const name = `${firsts[i % 7]} ${lasts[i % 5]}`.toLowerCase();
      indexed.append({
        id: 1 + 2 * i,
        searchText: deleted ? (undefined as unknown as string) : `${name} u${i} u${i}@s.ph`,
        roleId: 3 + (i % 2),
        status: 1,
        registered: 1,
        schoolId: 1 + (i % 3),
        grade: i % 13 || null,
        section: null,
        subject: null,
      });
    }
    indexed.freeze();
    const texts = indexed.texts as string[];
    for (const [sortBy, word] of [
      ["firstName", 0],
      ["lastName", 1],
    ] as const) {
      const key = (slot: number) => texts[slot]?.split(" ")[word] ?? "";
      const order = Int32Array.from(texts.keys()).sort(
        (a, b) => key(a).localeCompare(key(b)) || a - b,
      );
      const ranks = new Int32Array(order.length);
      order.forEach((slot, rank) => (ranks[slot] = rank));
      indexed.setOrder(sortBy, ranks, order);
    }
    indexed.postings = TrigramPostings.build(indexed.texts);
    indexed.heads = await TrigramHeads.build(indexed.postings, indexed.rankedOrders(), {
      common: 100,
      size: 16,
    });
    const searches = ["mar", "mari", "iela", "rist", "ero", "ela cr", "u59"].flatMap((term) =>
      [undefined, "firstName", "lastName"].flatMap((sortBy) =>
        (["asc", "desc"] as const).map((sortOrder) =>
          search(term, { sortBy, sortOrder, limit: 25, offset: term === "mar" ? 50 : 0 }),
        ),
      ),
    );
    const before = searches.map((wanted) => answer(indexed, wanted, 300));
    expect(before.every((found) => found && found.ids.length > 0)).toBe(true);
    let steps = 0;
    for (const _ of rehearsals(indexed)) steps += 1;
    // Twelve users' names spread over the slots, the first three and four letters of two names
    // each (the slot of user 3,250 is empty: its steps are skipped).
    expect(steps).toBe(11 * 4);
    expect(searches.map((wanted) => answer(indexed, wanted, 300))).toEqual(before);
    // An index without users has nothing to rehearse.
    expect([...rehearsals(new IndexedUsers(1))]).toEqual([]);
  });

  it("keeps the k smallest keys in order", () => {
    const keys = Array.from({ length: 1000 }, (_, i) => (i * 7919) % 1009);
    for (const k of [0, 1, 25, 999, 1000, 1200]) {
      const top = new TopKeys(k);
      for (const key of keys) top.push(key);
      expect(top.sorted()).toEqual([...keys].sort((a, b) => a - b).slice(0, k));
    }
  });

  it("moves the k smallest keys to the front, from a list in order, reversed, in runs or scattered", () => {
    const n = 30_000;
    const orders = {
      "in order": Array.from({ length: n }, (_, i) => i - n / 2),
      reversed: Array.from({ length: n }, (_, i) => n - i),
      "in runs": Array.from({ length: n }, (_, i) => (i % 100) * n + i),
      scattered: Array.from({ length: n }, (_, i) => ((i * 7919) % 30_011) + 0.5),
    };
    for (const [label, keys] of Object.entries(orders)) {
      const sorted = [...keys].sort((a, b) => a - b);
      for (const k of [0, 1, 65, 520, n - 1, n, n + 5]) {
        const moved = Float64Array.from(keys);
        smallestFirst(moved, k);
        const front = Array.from(moved.subarray(0, Math.min(k, n))).sort((a, b) => a - b);
        expect(front, `${label}, ${k}`).toEqual(sorted.slice(0, k));
        expect(
          Array.from(moved).sort((a, b) => a - b),
          `${label}, ${k}`,
        ).toEqual(sorted);
      }
    }
  });
});
