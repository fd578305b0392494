import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsRead } from "../src/lib/json-text";
import { UsersSearchRepository } from "../src/plugins/app/repositories/users-search-repository";
import type { WalkBounds } from "../src/plugins/app/repositories/users-trigram-search";
import { keptUsersListReads } from "../src/read-models/users-search/indexed-user-search";
import { useTestApp } from "./helper";

// A searched list with more than 3 matches answers with an estimated total (LMS_LIST_EXACT_COUNT).
const t = useTestApp({ listExactCount: 3, userSearchIndex: false });
let admin: string;
let schoolAdmin: string;

interface ListData {
  pagination: {
    page: number;
    rowsPerPage: number;
    totalcount: number;
    totalIsEstimate?: boolean;
  };
  data: { id: number; schoolId: number | null; userName: string }[];
}

const ROWS = 57;

async function ids(query: ReturnType<typeof sql>): Promise<number[]> {
  const result = (await t().database.db.execute(query)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
  // Ties on every sorted column (three last names, repeated first names, grades and sections) and
  // empty grades and update times, in two schools.
  await t().database.db.execute(sql`
    insert into users (first_name, last_name, user_name, email, role_id, school_id, grade, section,
                       updated_at, created_by)
    select (array['Ana', 'Jose'])[1 + i % 2], (array['Reyes', 'Santos', 'Cruz'])[1 + i % 3],
           'scaletie' || i, 'scaletie' || i || '@example.edu.ph', 5, 1 + i % 2,
           case when i % 4 = 0 then null else 1 + i % 3 end, 'S' || (i % 2),
           case when i % 5 = 0 then null else now() - (i % 4 || ' days')::interval end, 'test'
      from generate_series(1, ${ROWS}) i`);
});

const list = (token: string, fields: Record<string, string | number>) =>
  t().call<ListData>("user", "list", { rowsPerPage: 10, ...fields }, { token });

const COLUMNS: [string, string][] = [
  ["lastName", "last_name"],
  ["firstName", "first_name"],
  ["email", "email"],
  ["grade", "grade"],
  ["section", "section"],
  ["updatedAt", "updated_at"],
  ["roleId", "role_id"],
];

describe("user list at scale", () => {
  for (const [scoped, label] of [
    [false, "every school"],
    [true, "a school admin's school"],
  ] as const) {
    it(`gives every page, near or far, the rows OFFSET gives, both orders, ties by id (${label})`, async () => {
      const token = scoped ? schoolAdmin : admin;
      for (const [sortBy, column] of COLUMNS) {
        for (const order of ["asc", "desc"] as const) {
          const expected = await ids(
            sql`select id from users ${scoped ? sql`where school_id = 1` : sql``}
                 order by ${sql.identifier(column)} ${sql.raw(order)}, id ${sql.raw(order)}`,
          );
          const pages = Math.ceil(expected.length / 10);
          const seen: number[] = [];
          for (let page = 1; page <= pages + 1; page++) {
            const answer = await list(token, { page, sortBy, sortOrder: order });
            expect(answer.status).toBe(200);
            const pagination = answer.body.data!.pagination;
            expect(pagination.totalcount).toBe(expected.length);
            expect(pagination.totalIsEstimate).toBeUndefined();
            const rows = answer.body.data!.data;
            expect(
              rows.map((r) => r.id),
              `${sortBy} ${order} page ${page}`,
            ).toEqual(expected.slice((page - 1) * 10, page * 10));
            if (scoped) expect(rows.every((r) => r.schoolId === 1)).toBe(true);
            seen.push(...rows.map((r) => r.id));
          }
          expect(seen).toEqual(expected);
        }
      }
    });
  }

  it("counts again after a change: the total follows a new user at once", async () => {
    const before = (await list(admin, {})).body.data!.pagination.totalcount;
    await t().database.db.execute(sql`
      insert into users (first_name, last_name, user_name, email, role_id, school_id, created_by)
      values ('Lone', 'Tamayo', 'scalelone', 'scalelone@example.edu.ph', 5, 1, 'test')`);
    const after = await list(admin, { page: 1 });
    expect(after.body.data!.pagination.totalcount).toBe(before + 1);
    expect(after.body.data!.data[0]!.userName).toBe("scalelone");
  });

  it("answers a search with more matches than the limit with an estimate, flagged, and the right rows", async () => {
    for (const order of ["asc", "desc"] as const) {
      const expected = await ids(
        sql`select id from users where search_text like '%scaletie%'
             order by last_name ${sql.raw(order)}, id ${sql.raw(order)}`,
      );
      expect(expected.length).toBe(ROWS);
      for (const page of [1, 2, 6]) {
        const answer = await list(admin, {
          search: "scaletie",
          sortBy: "lastName",
          sortOrder: order,
          page,
        });
        expect(answer.status).toBe(200);
        const { pagination, data } = answer.body.data!;
        expect(pagination.totalIsEstimate).toBe(true);
        // Never fewer than the matches the server saw (more than the limit of 3).
        expect(pagination.totalcount).toBeGreaterThan(3);
        expect(data.map((r) => r.id)).toEqual(expected.slice((page - 1) * 10, page * 10));
      }
    }
  });

  it("keeps a school admin's estimated search within the school", async () => {
    const expected = await ids(
      sql`select id from users where search_text like '%scaletie%' and school_id = 1
           order by first_name, id`,
    );
    const answer = await list(schoolAdmin, {
      search: "scaletie",
      sortBy: "firstName",
      sortOrder: "asc",
    });
    expect(answer.body.data!.pagination.totalIsEstimate).toBe(true);
    expect(answer.body.data!.data.map((r) => r.id)).toEqual(expected.slice(0, 10));
    expect(answer.body.data!.data.every((r) => r.schoolId === 1)).toBe(true);
  });

  it("counts a search with no more matches than the limit exactly, without the flag", async () => {
    const one = await list(admin, { search: "scaletie57", sortBy: "lastName" });
    expect(one.body.data!.pagination).toEqual({ page: 1, rowsPerPage: 10, totalcount: 1 });
    expect(one.body.data!.data.map((r) => r.userName)).toEqual(["scaletie57"]);
    const none = await list(admin, { search: "scaletiezz" });
    expect(none.body.data!.pagination).toEqual({ page: 1, rowsPerPage: 10, totalcount: 0 });
    // scaletie5 and scaletie50 to scaletie57: 9 matches, over the limit.
    const nine = await list(admin, { search: "scaletie5", sortBy: "userName", sortOrder: "asc" });
    expect(nine.body.data!.pagination.totalIsEstimate).toBe(true);
    expect(nine.body.data!.data.map((r) => r.userName)).toEqual([
      "scaletie5",
      ...Array.from({ length: 8 }, (_, i) => `scaletie5${i}`),
    ]);
  });

  it("reads a common term's page alike whether the walk of the sort order finds it, gives up or is not tried", async () => {
    const db = t().database.db;
    const repository = (walk?: WalkBounds) =>
      new UsersSearchRepository(db, keptUsersListReads(db, { countLimit: 3, walk }));
    const ways = {
      walks: repository(),
      "gives up early": repository({ slack: 1, min: 1, max: 1_000_000 }),
      "reads the matches": repository({ slack: 1, min: 1, max: 0 }),
    };
    // "santos" clusters in a list sorted by last name; "scaletie" and "ana" spread over the others.
    for (const [search, sortBy, column, schoolId] of [
      ["santos", "lastName", "last_name", null],
      ["scaletie", "firstName", "first_name", null],
      ["ana", "updatedAt", "updated_at", 1],
    ] as const) {
      for (const order of ["asc", "desc"] as const) {
        const expected = await ids(
          sql`select id from users where search_text like ${`%${search}%`}
                ${schoolId === null ? sql`` : sql`and school_id = ${schoolId}`}
               order by ${sql.identifier(column)} ${sql.raw(order)} nulls ${sql.raw(order === "asc" ? "last" : "first")},
                        id ${sql.raw(order)}`,
        );
        expect(expected.length).toBeGreaterThan(3);
        for (const [way, repository] of Object.entries(ways)) {
          for (const page of [1, 2, 3, 9]) {
            const answer = await repository.list(
              { page, rowsPerPage: 7, search, sortBy, sortOrder: order },
              [],
              { schoolId },
            );
            // Read in full, the matches are kept with their exact count.
            if (way === "walks") expect(answer.estimate).toBe(true);
            if (way === "reads the matches") expect(answer.estimate).toBe(false);
            if (!answer.estimate) expect(answer.total).toBe(expected.length);
            expect(
              rowsRead(answer.rows).map((r) => r.id),
              `${search} ${sortBy} ${order} page ${page}: ${way}`,
            ).toEqual(expected.slice((page - 1) * 7, page * 7));
          }
        }
      }
    }
  });
});
