import type { ListFilter } from "@lms/core";
import { eq, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { roles, schools, users } from "../../../db/schema";
import {
  keysetGroups,
  keysetKey,
  listConditions,
  listOrder,
  whereAll,
  type KeysetMark,
  type ListInput,
} from "../../../lib/list";
import { ListPages, specOrder } from "./list-pages";
import { type Scope } from "./records";
import { UserPageRows } from "./user-page-rows";
import type { UserPage, UserSearch } from "./user-search";
import {
  detailColumns,
  listSpec,
  recordColumns,
  scopeCondition,
  selectRecords,
  withDetails,
} from "./user-records";
import { TrigramUserSearch, WALK, type WalkBounds } from "./users-trigram-search";

export type { UserPage } from "./user-search";
export type { WalkBounds } from "./users-trigram-search";

/** How the users' list reads: its pages' rows by id, its searches, its unsearched pages. */
export interface UsersListReads {
  rows: UserPageRows;
  search: UserSearch;
  pages: ListPages;
}

/** The exact-count limit of a search by default (LMS_LIST_EXACT_COUNT). */
export const COUNT_LIMIT = 5000;

/** How the users' list searches. */
export interface UsersSearchOptions {
  /** A search with more matches than this answers with an estimated total (LMS_LIST_EXACT_COUNT). */
  countLimit?: number;
  /** How far a common term's page walks the sort order (tests make it short). */
  walk?: WalkBounds;
}

/**
 * The users' list's reads in SQL only: PostgreSQL's trigram index answers a search
 * (TrigramUserSearch), every page counts its list (ListPages). keptUsersListReads (read-models)
 * puts the read models in front.
 */
export function sqlUsersListReads(
  db: Db,
  { countLimit = COUNT_LIMIT, walk = WALK }: UsersSearchOptions = {},
): UsersListReads {
  const rows = new UserPageRows(db);
  const search = new TrigramUserSearch(db, rows, countLimit, walk);
  return { rows, search, pages: new ListPages(db) };
}

/**
 * The users' list: pages of a list or a search (UserSearch: the database's trigram index, or the
 * read models in front of it), and exports in batches.
 */
export class UsersSearchRepository {
  private readonly pages;
  private readonly rows;
  private readonly search;

  constructor(
    private readonly db: Db,
    { rows, search, pages }: UsersListReads = sqlUsersListReads(db),
  ) {
    this.rows = rows;
    this.search = search;
    this.pages = pages;
  }

  /** Whether searches can be answered from the index (it is built first if need be). */
  indexReady(): Promise<boolean> {
    return this.search.ready();
  }

  close(): void {
    this.search.close();
  }

  async list(input: ListInput, filters: ListFilter[], scope: Scope): Promise<UserPage> {
    const where = () =>
      whereAll([
        scopeCondition(scope),
        ...listConditions(listSpec, { ...input, search: "" }, filters),
      ]);
    if (input.search) return this.search.page({ input, filters, scope, where });
    return this.plainPage(where(), input);
  }

  /**
   * A page of an unsearched list: of every user, from the search's (the index's ranks while no
   * user changed); otherwise read as every list is at scale (ListPages): the exact count, the
   * page's ids from the sort column's (column, id) index from the nearer end, then the page's
   * records by id.
   */
  private async plainPage(where: SQL | undefined, input: ListInput): Promise<UserPage> {
    if (!where) {
      const answer = await this.search.everyUserPage(input);
      if (answer) return answer;
    }
    const { rows, total } = await this.pages.page(input, {
      tables: ["users"],
      table: users,
      id: users.id,
      where,
      order: specOrder(listSpec, input),
      rows: (ids) => this.rows.byIds(ids),
    });
    return { rows: this.rows.hold(rows), total, estimate: false };
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
