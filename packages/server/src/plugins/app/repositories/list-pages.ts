import type { ListResource } from "@lms/core";
import { count, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { preparedQuery, preparedRows, type Db } from "../../../db/client";
import { versionsColumn } from "../../../db/change-versions";
import {
  listOrder,
  nearerEnd,
  reverseInput,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";

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
 * Pages of a list at scale (issue 14), SQL only: the exact total counted, the page's ids from the
 * sort column's (column, id) index from the nearer end of the list, then the page's rows by id (no
 * OFFSET over whole rows). VersionedPages (read-models) keeps the totals per version in front.
 */
export class ListPages {
  constructor(protected readonly db: Db) {}

  async page<Row extends { id: number | null }>(
    input: ListInput,
    queries: PageQueries<Row>,
  ): Promise<{ rows: Row[]; total: number }> {
    const total = await this.count(queries);
    const page = await this.ids(input, queries, total, false);
    return this.rowsOf(queries, page?.ids ?? [], total);
  }

  /** How many rows the list's condition matches. */
  protected async count<Row extends { id: number | null }>(
    queries: PageQueries<Row>,
  ): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(queries.table).where(queries.where);
    return Number(row?.n ?? 0);
  }

  /**
   * The ids of the page, from the nearer end for `total` rows, with the tables' versions now when
   * `withVersions`; null for no page (or, with the versions, an empty one: nothing to read them
   * from).
   */
  protected async ids<Row extends { id: number | null }>(
    input: ListInput,
    queries: PageQueries<Row>,
    total: number,
    withVersions: boolean,
  ): Promise<{ ids: number[]; versions: string | null } | null> {
    const { limit, offset, reverse } = nearerEnd(input, total);
    if (limit === 0) return null;
    const columns = {
      id: queries.id,
      ...(withVersions ? { versions: versionsColumn(queries.tables) } : {}),
    };
    let query = this.db.select(columns).from(queries.table).$dynamic();
    if (queries.join) query = query.innerJoin(queries.join.table, queries.join.on);
    const pageQuery = query
      .where(queries.where)
      .orderBy(...queries.order(reverse))
      .limit(limit)
      .offset(offset);
    // Without a search, a generic plan fits every page (a search's plan depends on its term).
    const page =
      input.search === ""
        ? await preparedQuery<{ id: number; versions?: string }>(this.db, pageQuery.getSQL())
        : ((await pageQuery) as { id: number; versions?: string }[]);
    if (withVersions && page.length === 0) return null;
    const ids = page.map((r) => Number(r.id));
    if (reverse) ids.reverse();
    return { ids, versions: page[0]?.versions ?? null };
  }

  protected async rowsOf<Row extends { id: number | null }>(
    queries: PageQueries<Row>,
    ids: number[],
    total: number,
  ): Promise<{ rows: Row[]; total: number }> {
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
