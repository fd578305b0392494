import { eq, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../../db/client";
import { changeCounters, users } from "../../../db/schema";
import { containsPattern, listOrder, pageOf, roundEstimate, whereAll } from "../../../lib/list";
import type { ListInput } from "../../../lib/list";
import { SearchSnapshots } from "../../../read-models/users-search/search-snapshots";
import type {
  UserPage,
  UserSearch,
  UserSearchRequest,
} from "../../../read-models/users-search/user-search";
import { VersionedCache } from "../../../read-models/versioned-cache/versioned-cache";
import { inOrder } from "../../../read-models/versioned-cache/versioned-pages";
import type { UserPageRows } from "./user-page-rows";
import { listSpec } from "./user-records";

/**
 * How far the walk of a common term's page goes before it gives up: `slack` times the index
 * entries it expects to need (matches are not spread evenly), at least `min`; a walk that would
 * need more than `max` is not tried.
 */
export interface WalkBounds {
  slack: number;
  min: number;
  max: number;
}

export const WALK: WalkBounds = { slack: 4, min: 2_000, max: 50_000 };

/** A search the planner expects to match this many times the exact-count limit is not counted. */
const COMMON_TERM = 4;

/**
 * User search by PostgreSQL's (and PGlite's) trigram index on the users' search text. A search
 * first reads at most `countLimit + 1` matches through the index (no sorting). When they are all
 * the matches, their sorted ids are kept for the next pages and sorts of the same search (see
 * SearchSnapshots) as long as no user has changed. More matches than that are a common term: its
 * page is read as commonTermPage says, and the total is the planner's estimate of the match set,
 * flagged as one, until the matches have been read in full.
 */
export class TrigramUserSearch implements UserSearch {
  private readonly snapshots;
  /** Estimates (and exact counts, once read) of common searches, by key and version. */
  private readonly counts;
  private readonly usersVersion;

  /**
   * @param countLimit a search with more matches answers with an estimated total
   * @param walk how far a common term's page walks the sort order (tests make it short)
   * @param kept searches' sorted matches and estimates are kept per users' version (off:
   *   LMS_READ_MODELS)
   */
  constructor(
    private readonly db: Db,
    private readonly rows: UserPageRows,
    private readonly countLimit: number,
    private readonly walk: WalkBounds = WALK,
    kept = true,
  ) {
    this.snapshots = new SearchSnapshots(2_000_000, 50_000, kept);
    this.counts = new VersionedCache<number>({ max: 1000 }, kept);
    this.usersVersion = db
      .select({ version: changeCounters.version })
      .from(changeCounters)
      .where(eq(changeCounters.name, "users"))
      .prepare("lms_users_version");
  }

  /** The users' version now. */
  async version(): Promise<string> {
    const [counter] = await this.usersVersion.execute();
    return String(counter?.version ?? "");
  }

  ready(): Promise<boolean> {
    return Promise.resolve(false);
  }

  close(): void {}

  everyUserPage(): Promise<UserPage | null> {
    return Promise.resolve(null);
  }

  /** The key of a search's kept matches, and of its total (which does not depend on the order). */
  private keys({ input, filters, scope }: UserSearchRequest) {
    const countKey = JSON.stringify([scope.schoolId, filters, input.search]);
    const key = JSON.stringify([
      scope.schoolId,
      filters,
      input.search,
      input.sortBy,
      input.sortOrder,
    ]);
    return { key, countKey };
  }

  /** The page from the search's matches kept, while no user has changed since; else null. */
  async keptPage(request: UserSearchRequest): Promise<UserPage | null> {
    const { limit, offset } = pageOf(request.input);
    const kept = this.snapshots.peek(this.keys(request).key);
    const keptPage = kept ? Array.from(kept.ids.subarray(offset, offset + limit)) : [];
    if (!kept || keptPage.length === 0) return null;
    const held = await this.rows.texts.page(keptPage, kept.version);
    if (held) return { rows: held, total: kept.ids.length, estimate: false };
    const rows = await this.rows.byIds(keptPage);
    if (rows[0]?.version !== kept.version) return null;
    return {
      rows: this.rows.hold(inOrder(rows, keptPage)),
      total: kept.ids.length,
      estimate: false,
    };
  }

  async page(request: UserSearchRequest): Promise<UserPage> {
    return (await this.keptPage(request)) ?? this.searched(request);
  }

  /** A searched page read through the trigram index (see the class). */
  async searched(request: UserSearchRequest): Promise<UserPage> {
    const { input } = request;
    const { key, countKey } = this.keys(request);
    const { limit, offset } = pageOf(input);
    const version = await this.version();
    let ids = this.snapshots.get(key, version);
    if (!ids) {
      const pattern = containsPattern(input.search);
      const where = request.where();
      const versioned = JSON.stringify([countKey, version]);
      let estimate = this.counts.get(versioned);
      if (estimate === undefined) {
        const matching = whereAll([where, sql`${users.searchText} like ${pattern}`]);
        const planned = await this.estimateMatches(matching);
        // A term the statistics put far above the limit is common: reading countLimit matches
        // (a heap page each) only to learn that costs more than the page itself.
        const matches =
          planned > COMMON_TERM * this.countLimit
            ? null
            : await this.db
                .select({ id: users.id })
                .from(users)
                .where(matching)
                .limit(this.countLimit + 1);
        if (matches && matches.length <= this.countLimit) {
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
          const listed = await this.estimateMatches(where);
          estimate = roundEstimate(planned, matches?.length ?? this.countLimit + 1);
          this.counts.set(versioned, estimate);
          this.counts.set(`${versioned}:share`, Math.min(1, estimate / Math.max(1, listed)));
        }
      }
      if (!ids) {
        const share = this.counts.get(`${versioned}:share`) ?? 0.01;
        const page = await this.commonTermPage(where, pattern, input, share, estimate!);
        if ("all" in page) {
          this.snapshots.set(key, version, page.all);
          this.counts.set(`${versioned}:exact`, page.all.length);
          ids = page.all;
        } else {
          const exact = this.counts.get(`${versioned}:exact`);
          const rows = await this.rows.records(page.ids);
          return { rows, total: exact ?? estimate!, estimate: exact === undefined };
        }
      }
    }
    const pageIds = Array.from(ids.subarray(offset, offset + limit));
    return { rows: await this.rows.records(pageIds), total: ids.length, estimate: false };
  }

  /**
   * A page of a search with more matches than `countLimit`, in the list's order. Walking the sort
   * column's index and keeping the matching rows needs about (offset + limit) / share index
   * entries when the matches are spread over the order, and is the quick way; when they cluster
   * (a last-name part in a list sorted by last name) the walk would read most of the table, so it
   * is bounded, and past the bound the matches are read through the trigram index and sorted:
   * all of them (to keep, with their exact count) when there are not too many to keep.
   */
  private async commonTermPage(
    where: SQL | undefined,
    pattern: string,
    input: ListInput,
    share: number,
    estimate: number,
  ): Promise<{ ids: number[] } | { all: Int32Array }> {
    const { limit, offset } = pageOf(input);
    const expected = (offset + limit) / Math.max(share, 1e-6);
    const budget = Math.max(this.walk.min, Math.ceil(expected * this.walk.slack));
    if (budget <= this.walk.max) {
      const order = sql.join(listOrder(listSpec, input), sql`, `);
      const [walked] = await rowsOf<{ scanned: number; ids: number[] }>(
        this.db.execute(sql`with walked as materialized (
            select ${users.id} as id, ${users.searchText} like ${pattern} as hit,
                   row_number() over (order by ${order}) as n
              from ${users} where ${where ?? sql`true`}
             order by ${order} limit ${budget})
          select (select count(*) from walked)::int as scanned,
                 array(select id from walked where hit order by n
                        limit ${limit} offset ${offset}) as ids`),
      );
      const ids = (walked?.ids ?? []).map(Number);
      // A full page, or the whole list walked: the page is right as it is.
      if (ids.length === limit || (walked?.scanned ?? 0) < budget) return { ids };
    }
    const keepAll = estimate <= this.snapshots.maxPerEntry;
    // The planner would walk the sort index again: have it read the matches by the trigram index.
    const rows = await this.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql`set local enable_indexonlyscan = off`);
      const matches = tx
        .select({ id: users.id })
        .from(users)
        .where(whereAll([where, sql`${users.searchText} like ${pattern}`]))
        .orderBy(...listOrder(listSpec, input));
      return keepAll ? matches : matches.limit(limit).offset(offset);
    });
    return keepAll ? { all: Int32Array.from(rows, (r) => r.id) } : { ids: rows.map((r) => r.id) };
  }

  /** The planner's estimate of the users a condition keeps (its statistics, no rows read). */
  private async estimateMatches(where: SQL | undefined): Promise<number> {
    const result = (await this.db.execute(
      sql`explain (format json) select 1 from ${users} where ${where ?? sql`true`}`,
    )) as unknown as { rows: Record<string, unknown>[] };
    const plan = Object.values(result.rows[0] ?? {})[0];
    const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as {
      Plan?: { "Plan Rows"?: number };
    }[];
    return Number(parsed[0]?.Plan?.["Plan Rows"] ?? 0);
  }
}
