import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "../../../db/client";
import { users } from "../../../db/schema";
import { containsPattern, listOrder, pageOf, roundEstimate, whereAll } from "../../../lib/list";
import type { ListInput } from "../../../lib/list";
import type { UserPageRows } from "./user-page-rows";
import type { UserPage, UserSearch, UserSearchRequest } from "./user-search";
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

/** What a search's first read found: all its matches, sorted, or that its term is common. */
export type SearchMatches =
  | { ids: Int32Array }
  /** More than countLimit matches: the planner's estimate and their share of the list. */
  | { estimate: number; share: number };

/**
 * User search by PostgreSQL's (and PGlite's) trigram index on the users' search text, in SQL only
 * (KeptUserSearch keeps what it reads per users' version). A search first reads at most
 * `countLimit + 1` matches through the index (no sorting): when they are all the matches, they are
 * sorted and the page taken from them. More matches than that are a common term: its page is read
 * as commonTermPage says, and the total is the planner's estimate of the match set, flagged as
 * one, unless the page's read found every match.
 */
export class TrigramUserSearch implements UserSearch {
  /**
   * @param countLimit a search with more matches answers with an estimated total
   * @param walk how far a common term's page walks the sort order (tests make it short)
   * @param mostRead a common term's matches are read in full (sorted, to be kept) when the
   *   planner expects at most this many
   */
  constructor(
    private readonly db: Db,
    readonly rows: UserPageRows,
    private readonly countLimit: number,
    private readonly walk: WalkBounds = WALK,
    readonly mostRead = 50_000,
  ) {}

  ready(): Promise<boolean> {
    return Promise.resolve(false);
  }

  close(): void {}

  everyUserPage(): Promise<UserPage | null> {
    return Promise.resolve(null);
  }

  async page(request: UserSearchRequest): Promise<UserPage> {
    const found = await this.matches(request);
    if ("ids" in found) return this.pageOf(found.ids, request.input);
    const page = await this.commonTermPage(request, found.share, found.estimate);
    if ("all" in page) return this.pageOf(page.all, request.input);
    return { rows: await this.rows.records(page.ids), total: found.estimate, estimate: true };
  }

  /** The page `input` asks of a search's sorted matches. */
  async pageOf(ids: Int32Array, input: ListInput): Promise<UserPage> {
    const { limit, offset } = pageOf(input);
    const pageIds = Array.from(ids.subarray(offset, offset + limit));
    return { rows: await this.rows.records(pageIds), total: ids.length, estimate: false };
  }

  /** A search's matches sorted in the list's order, or the estimate of a common term's. */
  async matches({ input, where: whereOf }: UserSearchRequest): Promise<SearchMatches> {
    const where = whereOf();
    const matching = whereAll([
      where,
      sql`${users.searchText} like ${containsPattern(input.search)}`,
    ]);
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
      return { ids: Int32Array.from(sorted, (m) => m.id) };
    }
    const listed = await this.estimateMatches(where);
    const estimate = roundEstimate(planned, matches?.length ?? this.countLimit + 1);
    return { estimate, share: Math.min(1, estimate / Math.max(1, listed)) };
  }

  /**
   * A page of a search with more matches than `countLimit`, in the list's order. Walking the sort
   * column's index and keeping the matching rows needs about (offset + limit) / share index
   * entries when the matches are spread over the order, and is the quick way; when they cluster
   * (a last-name part in a list sorted by last name) the walk would read most of the table, so it
   * is bounded, and past the bound the matches are read through the trigram index and sorted:
   * all of them (to keep, with their exact count) when there are not too many to keep.
   */
  async commonTermPage(
    { input, where: whereOf }: UserSearchRequest,
    share: number,
    estimate: number,
  ): Promise<{ ids: number[] } | { all: Int32Array }> {
    const where = whereOf();
    const pattern = containsPattern(input.search);
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
    const keepAll = estimate <= this.mostRead;
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
