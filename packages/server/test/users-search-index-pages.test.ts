import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { parseFilters } from "../src/lib/list";
import { listSpec } from "../src/plugins/app/repositories/user-records";
import {
  UsersSearchIndex,
  type IndexedSearch,
} from "../src/read-models/users-search/users-search-index";
import { useTestApp } from "./helper";
import { insertUsers, search, searchChecks, SORTS } from "./support/users-search";

// The app's own index is off: each test builds the index it looks at.
const t = useTestApp({ userSearchIndex: false });
const { version, expected } = searchChecks(t);

beforeAll(async () => {
  await t().database.db.execute(insertUsers("idx"));
});

describe("the users' search in memory: pages and totals", () => {
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
  it("leaves a term shorter than three characters to the database", async () => {
    const index = new UsersSearchIndex(t().database.db);
    await index.ready();
    expect(await index.page(await version(), search("an"))).toBeNull();
  });
});
