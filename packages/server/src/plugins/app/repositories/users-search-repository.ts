import type { ListFilter, UserRecord } from "@lms/core";
import { LRUCache } from "lru-cache";
import { eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { preparedRows, rowsOf, type Db } from "../../../db/client";
import { changeCounters, roles, schools, users } from "../../../db/schema";
import {
  containsPattern,
  keysetGroups,
  keysetKey,
  listConditions,
  listOrder,
  pageOf,
  parseFilters,
  roundEstimate,
  whereAll,
  type KeysetMark,
  type ListInput,
} from "../../../lib/list";
import { SearchSnapshots } from "../../../read-models/users-search/search-snapshots";
import type { JsonText } from "../../../lib/json-text";
import { readKeysOncePerTurn } from "../../../read-models/versioned-cache/turn-reads";
import {
  inOrder,
  specOrder,
  VersionedPages,
} from "../../../read-models/versioned-cache/versioned-pages";
import { type Scope } from "./records";
import {
  recordVersionsColumn,
  UserRecordTexts,
  type RecordText,
} from "../../../read-models/users-search/user-record-texts";
import {
  UsersSearchIndex,
  type IndexAnswer,
  type Versioned,
} from "../../../read-models/users-search/users-search-index";
import {
  detailColumns,
  listSpec,
  recordColumns,
  scopeCondition,
  selectRecords,
  selectRecordTexts,
  withDetails,
} from "./user-records";

/** A record as JSON with the users' version and the versions of every table it is read from. */
type PageRow = RecordText & { version: string; recordVersions: string | null };

/**
 * The records of the users `ids` (selectRecordTexts) with the users' version and the versions of
 * every table a record is read from: a page is current, and its records can be held, in one round
 * trip.
 */
const pageRows = (ids: SQL, tail?: SQL) =>
  selectRecordTexts(
    ids,
    sql`(select ${changeCounters.version}::text from ${changeCounters}
          where ${changeCounters.name} = 'users') as "version",
        ${recordVersionsColumn()} as "recordVersions"`,
    tail,
  );

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

const WALK: WalkBounds = { slack: 4, min: 2_000, max: 50_000 };

/** A search the planner expects to match this many times the exact-count limit is not counted. */
const COMMON_TERM = 4;

export interface UserPage {
  /** The records, or the records held written as JSON (UserRecordTexts). */
  rows: UserRecord[] | JsonText;
  total: number;
  /** The total is the planner's estimate of a search's matches (more than countLimit). */
  estimate: boolean;
  /** Answered by the in-memory search index. */
  fromIndex?: boolean;
}

/**
 * The users' list: pages of a list or a search (a trigram search whose sorted ids are kept while
 * no user changes), and exports in batches.
 */
export class UsersSearchRepository {
  private readonly snapshots;
  /** Estimates (and exact counts, once read) of common searches, by key and version. */
  private readonly counts = new LRUCache<string, number>({ max: 1000 });
  private readonly pages;
  /** Statements of every searched page, prepared once (no query building or planning per call). */
  private readonly usersVersion;
  private readonly recordsByIds;
  private readonly index;
  /** The records of pages read lately, written as JSON. */
  private readonly texts;

  /**
   * @param countLimit a search with more matches than this answers with an estimated total
   *   (LMS_LIST_EXACT_COUNT)
   * @param walk how far a common term's page walks the sort order (tests make it short)
   * @param indexed searches are answered from an in-memory index when it can (LMS_USER_SEARCH_INDEX)
   */
  constructor(
    private readonly db: Db,
    private readonly countLimit = 5000,
    private readonly walk: WalkBounds = WALK,
    indexed: false | { onBuilt?: (users: number, ms: number) => void } = false,
  ) {
    this.index = indexed ? new UsersSearchIndex(db, undefined, indexed.onBuilt, countLimit) : null;
    this.snapshots = new SearchSnapshots(2_000_000, 50_000);
    this.texts = new UserRecordTexts(db);
    this.pages = new VersionedPages(db);
    this.usersVersion = db
      .select({ version: changeCounters.version })
      .from(changeCounters)
      .where(eq(changeCounters.name, "users"))
      .prepare("lms_users_version");
    const dialect = new PgDialect();
    const byIds = preparedRows<PageRow>(
      db,
      "lms_users_by_ids",
      // The ids read through a subquery: PostgreSQL then plans the statement for any number of
      // them, once. Seen as a constant, a page of fewer than about 25 made each run's own plan
      // cheaper than the one kept, and the statement was planned again on every run: 0.5 ms of
      // PostgreSQL's CPU where the run takes 0.15 (one user's record, a million users).
      { toSQL: () => dialect.sqlToQuery(pageRows(sql.raw("(select $1::int[])::int[]"))) },
      ["id", "record", "version", "recordVersions"],
    );
    // The pages of one turn's requests read in one statement (the version the same for all).
    // The ids as PostgreSQL's array text: pg writes an array out one piece at a time (a new string
    // for each).
    this.recordsByIds = readKeysOncePerTurn(
      (ids: number[]) => byIds([`{${ids.join(",")}}`]),
      (row) => row.id!,
    );
  }

  /** Whether searches can be answered from the index (it is built first if need be). */
  async indexReady(): Promise<boolean> {
    return (await this.index?.ready()) ?? false;
  }

  close(): void {
    this.index?.close();
  }

  async list(input: ListInput, filters: ListFilter[], scope: Scope): Promise<UserPage> {
    const filtered = () =>
      whereAll([
        scopeCondition(scope),
        ...listConditions(listSpec, { ...input, search: "" }, filters),
      ]);
    if (!input.search) return this.plainPage(filtered(), input);
    // The total does not depend on the order: one estimate for every order of the same search.
    const countKey = JSON.stringify([scope.schoolId, filters, input.search]);
    const key = JSON.stringify([
      scope.schoolId,
      filters,
      input.search,
      input.sortBy,
      input.sortOrder,
    ]);
    return this.searchPage(key, countKey, filtered, input, { filters, scope });
  }

  /**
   * A page of an unsearched list: of every user, from the index's ranks while no user changed;
   * otherwise read as every list is at scale (VersionedPages): the exact count
   * kept for the table's version, the page's ids from the sort column's (column, id) index from the
   * nearer end, then the page's records by id.
   */
  private async plainPage(where: SQL | undefined, input: ListInput): Promise<UserPage> {
    if (!where && this.index) {
      const index = this.index;
      const page = { ...pageOf(input), sortBy: input.sortBy, sortOrder: input.sortOrder };
      const answer = await this.fromIndex((version) => index.plainPageAt(version, page), input);
      if (answer) return answer;
    }
    const { rows, total } = await this.pages.page(input, {
      tables: ["users"],
      table: users,
      id: users.id,
      where,
      order: specOrder(listSpec, input),
      rows: (ids) => this.recordsByIds(ids),
    });
    return { rows: this.records(rows), total, estimate: false };
  }

  /**
   * A searched page. A search first reads at most `countLimit + 1` matches through the trigram
   * index (no sorting). When they are all the matches, their sorted ids are kept for the next pages
   * and sorts of the same search (see SearchSnapshots) as long as no user has changed. More matches
   * than that are a common term: its page is read as commonTermPage says, and the total is the
   * planner's estimate of the match set, flagged as one, until the matches have been read in full.
   */
  private async searchPage(
    key: string,
    countKey: string,
    filtered: () => SQL | undefined,
    input: ListInput,
    request: { filters: ListFilter[]; scope: Scope },
  ): Promise<UserPage> {
    const { limit, offset } = pageOf(input);
    const kept = this.snapshots.peek(key);
    const keptPage = kept ? Array.from(kept.ids.subarray(offset, offset + limit)) : [];
    if (kept && keptPage.length > 0) {
      const held = await this.texts.page(keptPage, kept.version);
      if (held) return { rows: held, total: kept.ids.length, estimate: false };
      const rows = await this.recordsByIds(keptPage);
      if (rows[0]?.version === kept.version) {
        return {
          rows: this.records(inOrder(rows, keptPage)),
          total: kept.ids.length,
          estimate: false,
        };
      }
    }
    if (this.index) {
      const index = this.index;
      const search = {
        term: input.search,
        filters: parseFilters(listSpec, request.filters),
        schoolId: request.scope.schoolId,
        sortBy: input.sortBy,
        sortOrder: input.sortOrder,
        offset,
        limit,
      };
      const answer = await this.fromIndex((version) => index.pageAt(version, search), input);
      if (answer) return answer;
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
          const rows = await this.byIds(page.ids);
          return { rows, total: exact ?? estimate!, estimate: exact === undefined };
        }
      }
    }
    const pageIds = Array.from(ids.subarray(offset, offset + limit));
    return { rows: await this.byIds(pageIds), total: ids.length, estimate: false };
  }

  /**
   * A page the in-memory index answers, or null. It is read at the version the index holds, and
   * its rows' statement reads the users' version too: when they agree the page is current, in one
   * round trip. Otherwise (or for an empty page) the version is read and the index catches up;
   * when the users change again before the rows are read, the database answers.
   */
  private async fromIndex(
    read: (version: number) => Promise<Versioned<IndexAnswer> | null>,
    input: ListInput,
  ): Promise<UserPage | null> {
    const held = this.index?.version ?? null;
    const hopeful = held === null ? null : await read(held);
    if (hopeful) {
      const page = await this.current(hopeful, input);
      if (page) return page;
    }
    const [counter] = await this.usersVersion.execute();
    const found = await read(Number(counter?.version ?? 0));
    if (!found) return null;
    const { answer } = found;
    if (answer.ids.length === 0) {
      return { rows: [], total: answer.total, estimate: answer.estimate ?? false, fromIndex: true };
    }
    // Users changed again before the rows were read: the answer may miss one (the database
    // answers).
    return this.current(found, input);
  }

  /** The page of an answer, when its rows are read at the version it was found at; else null. */
  private async current(found: Versioned<IndexAnswer>, input: ListInput): Promise<UserPage | null> {
    const { answer } = found;
    if (answer.ids.length === 0) return null;
    const estimate = answer.estimate ?? false;
    const held = answer.placeInDatabase
      ? null
      : await this.texts.page(answer.ids, String(found.version));
    if (held) return { rows: held, total: answer.total, estimate, fromIndex: true };
    const rows = await this.answerRows(answer, input);
    if (rows.length === 0 || rows[0]!.version !== String(found.version)) return null;
    // A search's page is held once asked again: most searches are typed once, and holding each
    // new one's records kept them alive through the young generation's collections, the most of
    // their time (issue 14: 5 to 7 ms each, every couple of hundred new searches).
    const records = found.fresh ? this.texts.written(rows) : this.records(rows);
    return { rows: records, total: answer.total, estimate, fromIndex: true };
  }

  /**
   * The rows of an index's answer in its order, with the users' version; when the answer leaves
   * the changed users' places to the database, its users sorted in the list's order and the page
   * taken from them.
   */
  private async answerRows(answer: IndexAnswer, input: ListInput) {
    if (!answer.placeInDatabase) return inOrder(await this.recordsByIds(answer.ids), answer.ids);
    const { limit, offset } = pageOf(input);
    const order = sql.join(listOrder(listSpec, input), sql`, `);
    return rowsOf<PageRow>(
      this.db.execute(
        pageRows(
          sql`${sql.param(answer.ids)}::int[]`,
          sql`order by ${order} limit ${limit} offset ${offset}`,
        ),
      ),
    );
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

  private async byIds(ids: number[]) {
    if (ids.length === 0) return [];
    return this.records(inOrder(await this.recordsByIds(ids), ids));
  }

  /** The records of a page's rows, held for the next pages that show them. */
  private records(rows: PageRow[]): JsonText {
    return this.texts.hold(rows[0]?.recordVersions, rows);
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
    let first = true;
    for (const group of keysetGroups(listSpec, input)) {
      let mark: KeysetMark | null = null;
      for (;;) {
        // A small first batch: the answer starts sooner.
        const size = first ? Math.min(batch, 200) : batch;
        first = false;
        const after = mark ? group.after(mark) : undefined;
        const rows = await this.batch(whereAll([...conditions, group.where, after]), input, size);
        if (rows.length === 0) break;
        const last = rows[rows.length - 1]!;
        mark = { key: last.keysetKey ?? null, id: last.id };
        yield await withDetails(rows);
        if (rows.length < size) break;
      }
    }
  }

  private batch(where: SQL | undefined, input: ListInput, size: number) {
    return this.db
      .select({ ...recordColumns, ...detailColumns, keysetKey: keysetKey(listSpec, input) })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(schools, eq(schools.id, users.schoolId))
      .where(where)
      .orderBy(...listOrder(listSpec, input))
      .limit(size);
  }
}
