import type { ListFilter, UserRecord } from "@lms/core";
import { LRUCache } from "lru-cache";
import { count, eq, sql, type SQL } from "drizzle-orm";
import { preparedRows, type Db } from "../../../db/client";
import { changeCounters, roles, schools, users } from "../../../db/schema";
import {
  containsPattern,
  keysetAfter,
  keysetKey,
  listConditions,
  listOrder,
  nearerEnd,
  pageOf,
  reverseInput,
  roundEstimate,
  whereAll,
  type KeysetMark,
  type ListInput,
} from "../../../lib/list";
import { SearchSnapshots } from "../../../lib/search-snapshots";
import { type Scope } from "./records";
import {
  detailColumns,
  listSpec,
  recordColumns,
  scopeCondition,
  selectRecords,
  withDetails,
  type DetailedRow,
} from "./user-records";

export interface UserPage {
  rows: UserRecord[];
  total: number;
  /** The total is the planner's estimate of a search's matches (more than countLimit). */
  estimate: boolean;
}

/**
 * The users' list: pages of a list or a search (a trigram search whose sorted ids are kept while
 * no user changes), and exports in batches.
 */
export class UsersSearchRepository {
  private readonly snapshots;
  /** Exact counts of unsearched lists and estimates of common searches, by key and version. */
  private readonly counts = new LRUCache<string, number>({ max: 1000 });
  /** Statements of every searched page, prepared once (no query building or planning per call). */
  private readonly usersVersion;
  private readonly recordsByIds;

  /**
   * @param countLimit a search with more matches than this answers with an estimated total
   *   (LMS_LIST_EXACT_COUNT)
   */
  constructor(
    private readonly db: Db,
    private readonly countLimit = 5000,
  ) {
    this.snapshots = new SearchSnapshots(2_000_000, countLimit);
    this.usersVersion = db
      .select({ version: changeCounters.version })
      .from(changeCounters)
      .where(eq(changeCounters.name, "users"))
      .prepare("lms_users_version");
    // With the table's version read in the same statement, a kept search's page is one round trip.
    // Role and school names by key, row by row: a page is a few rows, not worth a hash join.
    const pageColumns = {
      ...recordColumns,
      roleName: sql<string>`(select r.role_name from roles r where r.id = ${users}.role_id)`,
      schoolName: sql<string | null>`(select s.school_name from schools s
        where s.id = ${users}.school_id)`,
      ...detailColumns,
      version: sql<string>`(select ${changeCounters.version}::text from ${changeCounters} where ${changeCounters.name} = 'users')`,
    };
    this.recordsByIds = preparedRows<DetailedRow & { version: string }>(
      db,
      "lms_users_by_ids",
      db
        .select(pageColumns)
        .from(users)
        .where(sql`${users.id} = any(${sql.placeholder("ids")}::int[])`),
      Object.keys(pageColumns),
    );
  }

  async list(input: ListInput, filters: ListFilter[], scope: Scope): Promise<UserPage> {
    const filtered = () =>
      whereAll([
        scopeCondition(scope),
        ...listConditions(listSpec, { ...input, search: "" }, filters),
      ]);
    // The total does not depend on the order: one count for every order of the same list.
    const countKey = JSON.stringify([scope.schoolId, filters, input.search]);
    if (!input.search) return this.plainPage(countKey, filtered(), input);
    const key = JSON.stringify([
      scope.schoolId,
      filters,
      input.search,
      input.sortBy,
      input.sortOrder,
    ]);
    return this.searchPage(key, countKey, filtered, input);
  }

  /**
   * A page of an unsearched list: its ids from the sort column's (column, id) index, from the
   * nearer end of the list, then the page's records by id. The exact count is kept for the table's
   * version (counting a million rows is the slow part; a page of ids is not).
   */
  private async plainPage(countKey: string, where: SQL | undefined, input: ListInput) {
    const [counter] = await this.usersVersion.execute();
    const versioned = JSON.stringify([countKey, String(counter?.version ?? "")]);
    let total = this.counts.get(versioned);
    if (total === undefined) {
      const [row] = await this.db.select({ n: count() }).from(users).where(where);
      total = Number(row?.n ?? 0);
      this.counts.set(versioned, total);
    }
    const { limit, offset, reverse } = nearerEnd(input, total);
    if (limit === 0) return { rows: [], total, estimate: false };
    const ids = (
      await this.db
        .select({ id: users.id })
        .from(users)
        .where(where)
        .orderBy(...listOrder(listSpec, reverse ? reverseInput(input) : input))
        .limit(limit)
        .offset(offset)
    ).map((r) => r.id);
    if (reverse) ids.reverse();
    return { rows: await this.byIds(ids), total, estimate: false };
  }

  /**
   * A searched page. A search first reads at most `countLimit + 1` matches through the trigram
   * index (no sorting). When they are all the matches, their sorted ids are kept for the next pages
   * and sorts of the same search (see SearchSnapshots) as long as no user has changed. More matches
   * than that are a common term: the page is read by walking the sort column's index and keeping
   * the matching rows (a few hundred index entries per page of 25), and the total is the planner's
   * estimate of the match set, flagged as one.
   */
  private async searchPage(
    key: string,
    countKey: string,
    filtered: () => SQL | undefined,
    input: ListInput,
  ): Promise<UserPage> {
    const { limit, offset } = pageOf(input);
    const kept = this.snapshots.peek(key);
    const keptPage = kept ? Array.from(kept.ids.subarray(offset, offset + limit)) : [];
    if (kept && keptPage.length > 0) {
      const rows = await this.recordsByIds([keptPage]);
      if (rows[0]?.version === kept.version) {
        return {
          rows: await this.inOrder(rows, keptPage),
          total: kept.ids.length,
          estimate: false,
        };
      }
    }
    const [counter] = await this.usersVersion.execute();
    const version = String(counter?.version ?? "");
    let ids = this.snapshots.get(key, version);
    if (!ids) {
      const pattern = containsPattern(input.search);
      const where = filtered();
      const versioned = JSON.stringify([countKey, version]);
      let estimate = this.counts.get(versioned);
      if (estimate === undefined) {
        const matches = await this.db
          .select({ id: users.id })
          .from(users)
          .where(whereAll([where, sql`${users.searchText} like ${pattern}`]))
          .limit(this.countLimit + 1);
        if (matches.length <= this.countLimit) {
          const sorted =
            matches.length === 0
              ? []
              : await this.db
                  .select({ id: users.id })
                  .from(users)
                  .where(sql`${users.id} = any(${sql.param(matches.map((m) => m.id))}::int[])`)
                  .orderBy(...listOrder(listSpec, input));
          ids = Int32Array.from(sorted, (m) => m.id);
          this.snapshots.set(key, version, ids);
        } else {
          estimate = roundEstimate(await this.estimateMatches(where, pattern), matches.length);
          this.counts.set(versioned, estimate);
        }
      }
      if (!ids) {
        // The search text behind an expression the trigram index does not serve: the planner walks
        // the sort order's index and filters, which for a common term stops after a few rows.
        const rows = await this.db
          .select({ id: users.id })
          .from(users)
          .where(whereAll([where, sql`(${users.searchText} || '') like ${pattern}`]))
          .orderBy(...listOrder(listSpec, input))
          .limit(limit)
          .offset(offset);
        return { rows: await this.byIds(rows.map((r) => r.id)), total: estimate!, estimate: true };
      }
    }
    const pageIds = Array.from(ids.subarray(offset, offset + limit));
    return { rows: await this.byIds(pageIds), total: ids.length, estimate: false };
  }

  /** The planner's estimate of the rows matching a search (its statistics, no rows read). */
  private async estimateMatches(where: SQL | undefined, pattern: string): Promise<number> {
    const result = (await this.db.execute(
      sql`explain (format json) select 1 from ${users} where ${whereAll([where, sql`${users.searchText} like ${pattern}`])}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const plan = Object.values(result.rows[0] ?? {})[0];
    const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as {
      Plan?: { "Plan Rows"?: number };
    }[];
    return Number(parsed[0]?.Plan?.["Plan Rows"] ?? 0);
  }

  private async byIds(ids: number[]) {
    if (ids.length === 0) return [];
    return this.inOrder(await this.recordsByIds([ids]), ids);
  }

  /** The records of a page read by id, in the order of its ids. */
  private inOrder(rows: DetailedRow[], ids: number[]) {
    const position = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => position.get(a.id!)! - position.get(b.id!)!);
    return withDetails(rows);
  }

  /** Every matching record, for export, in batches. */
  async *exportRows(input: ListInput, filters: ListFilter[], scope: Scope, batch = 2000) {
    const where = whereAll([scopeCondition(scope), ...listConditions(listSpec, input, filters)]);
    for (let offset = 0; ; offset += batch) {
      const rows = await selectRecords(this.db, where)
        .orderBy(...listOrder(listSpec, input))
        .limit(batch)
        .offset(offset);
      if (rows.length === 0) return;
      yield await withDetails(rows);
      if (rows.length < batch) return;
    }
  }

  /**
   * Every matching user in the list's order, in batches read by keyset (issue 14: an export of a
   * million users in constant memory, each batch as quick as the first).
   */
  async *exportBatches(input: ListInput, filters: ListFilter[], scope: Scope, batch = 2000) {
    const conditions = [scopeCondition(scope), ...listConditions(listSpec, input, filters)];
    let mark: KeysetMark | null = null;
    for (;;) {
      // A small first batch: the answer starts sooner.
      const size = mark ? batch : Math.min(batch, 200);
      const rows = await this.batchAfter(conditions, input, mark, size);
      if (rows.length === 0) return;
      const last = rows[rows.length - 1]!;
      mark = { key: last.keysetKey ?? null, id: last.id };
      yield await withDetails(rows);
      if (rows.length < size) return;
    }
  }

  private batchAfter(
    conditions: (SQL | undefined)[],
    input: ListInput,
    mark: KeysetMark | null,
    batch: number,
  ) {
    return this.db
      .select({ ...recordColumns, ...detailColumns, keysetKey: keysetKey(listSpec, input) })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(whereAll([...conditions, mark ? keysetAfter(listSpec, input, mark) : undefined]))
      .orderBy(...listOrder(listSpec, input))
      .limit(batch);
  }
}
