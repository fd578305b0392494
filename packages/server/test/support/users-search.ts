import { sql, type SQL } from "drizzle-orm";
import { containsPattern } from "../../src/lib/list";
import type { IndexAnswer } from "../../src/read-models/users-search/index-answer";
import type { IndexedSearch } from "../../src/read-models/users-search/users-search-index";
import type { TestApp } from "../helper";

export const SORTS: [string | undefined, string][] = [
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
export const insertUsers = (prefix: string) => sql`
  insert into users (first_name, last_name, user_name, email, role_id, status, school_id, grade,
                     section, subject, created_at, updated_at, created_by)
  select (array['Ana', 'Jose', 'Peña', '王芳', 'Mariana'])[1 + i % 5],
         (array['Reyes', 'Santos', 'Cruz', 'Dela Cruz', '李'])[1 + i % 7 % 5],
         ${prefix} || i, ${prefix} || i || '@example.edu.ph', 3 + 2 * (i % 2), i % 3 % 2, 1 + i % 2,
         case when i % 4 = 0 then null else 1 + i % 3 end, 'S' || (i % 3), 'Math',
         now() - (i % 9 || ' hours')::interval,
         case when i % 5 = 0 then null else now() - (i % 4 || ' days')::interval end, 'test'
    from generate_series(1, ${ROWS}) i`;

/** What the users' search index tests check an index's answers with, on a test app's database. */
export function searchChecks(app: () => TestApp) {
  const db = () => app().database.db;

  async function version(): Promise<number> {
    const result = (await db().execute(
      sql`select version from change_counters where name = 'users'`,
    )) as unknown as { rows: { version: string | number }[] };
    return Number(result.rows[0]!.version);
  }

  /** The page and total plain SQL gives. */
  async function expected(search: IndexedSearch, where: SQL = sql`true`) {
    const column = SORTS.find(([key]) => key === search.sortBy)?.[1];
    const order = sql.raw(search.sortOrder);
    const result = (await db().execute(sql`
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
    const result = (await db().execute(sql`
      select id from users where id = any(${sql.param(answer.ids)}::int[])
       order by ${column && column !== "id" ? sql`${sql.identifier(column)} ${order}, ` : sql``} id ${order}
       limit ${wanted.limit} offset ${wanted.offset}`)) as unknown as { rows: { id: number }[] };
    return result.rows.map((r) => Number(r.id));
  }

  return { version, expected, pageIds };
}

/** How far an estimated total may be from the truth: 5 %, and half a unit of its two figures. */
export const slackOf = (truth: number) =>
  truth / 20 + 10 ** Math.max(0, Math.floor(Math.log10(truth)) - 1) / 2;

export const search = (term: string, more: Partial<IndexedSearch> = {}): IndexedSearch => ({
  term,
  filters: [],
  schoolId: null,
  sortOrder: "asc",
  offset: 0,
  limit: 7,
  ...more,
});
