import type { ListResource } from "@lms/core";
import { count, sql, type SQL } from "drizzle-orm";
import { PgDialect, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import { preparedQuery, preparedRows, type Db } from "../db/client";
import { changeCounters } from "../db/schema";
import { listOrder, nearerEnd, reverseInput, type ListInput, type ListSpec } from "./list";

/** How one list is read: its table and condition, the order of its ids, its rows by id. */
export interface PageQueries<Row extends { id: number | null }> {
  /** Every table the condition reads (their change counters version the total). */
  tables: readonly string[];
  table: PgTable;
  id: PgColumn;
  /** The list's condition (scope, visibility, filters, search): with the versions, the count's key. */
  where: SQL | undefined;
  /** The list's order, or its reverse for a page read from the far end. */
  order: (reversed: boolean) => SQL[];
  /** A table the order reads (joined by key: it must neither drop nor repeat a row). */
  join?: { table: PgTable; on: SQL };
  rows: (ids: number[]) => Promise<Row[]>;
}

/** A list's order by its spec (the sort column, then the id), reversed on demand. */
export const specOrder =
  <R extends ListResource>(spec: ListSpec<R>, input: ListInput) =>
  (reversed: boolean) =>
    listOrder(spec, reversed ? reverseInput(input) : input);

/**
 * Exact totals counted once per version of the tables a condition reads (change_counters, moved by
 * triggers at commit): the key is the versions and the condition's SQL with its parameters.
 */
export class VersionedCounts {
  private readonly counts = new LRUCache<string, number>({ max: 1000 });
  private readonly dialect = new PgDialect();
  private readonly versions;

  constructor(db: Db) {
    this.versions = preparedRows<{ name: string; version: string }>(
      db,
      "lms_change_versions",
      db
        .select({ name: changeCounters.name, version: sql`${changeCounters.version}::text` })
        .from(changeCounters)
        .where(sql`${changeCounters.name} = any(${sql.placeholder("names")}::text[])`),
      ["name", "version"],
    );
  }

  /** The total of `condition` over `tables`, from `counted` once per version of them. */
  async total(
    tables: readonly string[],
    condition: SQL | undefined,
    counted: () => Promise<number>,
  ): Promise<number> {
    const versions = await this.versions([tables]);
    // A table without a counter has no version: its total is counted every time.
    if (versions.length < tables.length) return counted();
    const query = condition ? this.dialect.sqlToQuery(condition) : null;
    const key = JSON.stringify([
      versions.map((v) => `${v.name}:${v.version}`).sort(),
      query?.sql ?? "",
      query?.params ?? [],
    ]);
    let total = this.counts.get(key);
    if (total === undefined) {
      total = await counted();
      this.counts.set(key, total);
    }
    return total;
  }
}

/**
 * Pages of a list at scale (issue 14): the exact total counted once per version of the tables its
 * condition reads, the page's ids from the sort column's (column, id) index from the nearer end of
 * the list, then the page's rows by id (no OFFSET over whole rows).
 */
export class VersionedPages {
  private readonly counts;

  constructor(private readonly db: Db) {
    this.counts = new VersionedCounts(db);
  }

  async page<Row extends { id: number | null }>(
    input: ListInput,
    queries: PageQueries<Row>,
  ): Promise<{ rows: Row[]; total: number }> {
    const total = await this.counts.total(queries.tables, queries.where, async () => {
      const [row] = await this.db.select({ n: count() }).from(queries.table).where(queries.where);
      return Number(row?.n ?? 0);
    });
    const { limit, offset, reverse } = nearerEnd(input, total);
    if (limit === 0) return { rows: [], total };
    let query = this.db.select({ id: queries.id }).from(queries.table).$dynamic();
    if (queries.join) query = query.innerJoin(queries.join.table, queries.join.on);
    const pageQuery = query
      .where(queries.where)
      .orderBy(...queries.order(reverse))
      .limit(limit)
      .offset(offset);
    // Without a search, a generic plan fits every page (a search's plan depends on its term).
    const page =
      input.search === ""
        ? await preparedQuery<{ id: number }>(this.db, pageQuery.getSQL())
        : await pageQuery;
    const ids = page.map((r) => Number(r.id));
    if (reverse) ids.reverse();
    if (ids.length === 0) return { rows: [], total };
    return { rows: inOrder(await queries.rows(ids), ids), total };
  }
}

/**
 * A list page's rows by id as one prepared statement: built once, named on PostgreSQL, its rows
 * mapped by position (no query building or per-field mapping per request). The columns must read
 * as the driver answers them (text, numbers, booleans, timestamps as dates: not JSON or bytea).
 */
export function rowsByIds<Row>(
  db: Db,
  name: string,
  table: PgTable,
  id: PgColumn,
  columns: Record<string, PgColumn>,
): (ids: number[]) => Promise<Row[]> {
  const read = preparedRows<Row>(
    db,
    name,
    db
      .select(columns)
      .from(table)
      .where(sql`${id} = any(${sql.placeholder("ids")}::int[])`),
    Object.keys(columns),
  );
  return (ids) => read([ids]);
}

/** The rows of a page read by id, in the order of its ids. */
export function inOrder<Row extends { id: number | null }>(rows: Row[], ids: number[]): Row[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => position.get(a.id!)! - position.get(b.id!)!);
}
