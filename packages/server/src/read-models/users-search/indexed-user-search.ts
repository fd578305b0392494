import type { Db } from "../../db/client";
import { pageOf, parseFilters, type ListInput } from "../../lib/list";
import { inOrder } from "../../plugins/app/repositories/list-pages";
import { listSpec } from "../../plugins/app/repositories/user-records";
import {
  COUNT_LIMIT,
  type UsersListReads,
  type UsersSearchOptions,
} from "../../plugins/app/repositories/users-search-repository";
import { TrigramUserSearch, WALK } from "../../plugins/app/repositories/users-trigram-search";
import { VersionedPages } from "../versioned-cache/versioned-pages";
import { HeldUserPageRows } from "./held-user-page-rows";
import { KeptUserSearch } from "./kept-user-search";
import type {
  UserPage,
  UserSearch,
  UserSearchRequest,
} from "../../plugins/app/repositories/user-search";
import { UsersSearchIndex, type IndexAnswer, type Versioned } from "./users-search-index";

/**
 * User search answered from the users' search index in this server's memory when it can
 * (UsersSearchIndex: exactly or not at all), else by the database's trigram index with its
 * searches kept (`database`), whose kept matches answer first.
 */
export class IndexedUserSearch implements UserSearch {
  private readonly index;

  /**
   * @param countLimit a search with more candidates may answer with an estimated total
   * @param onBuilt told of each build: the users read and how long it took
   */
  constructor(
    db: Db,
    private readonly rows: HeldUserPageRows,
    private readonly database: KeptUserSearch,
    countLimit: number,
    onBuilt?: (users: number, ms: number) => void,
  ) {
    this.index = new UsersSearchIndex(db, undefined, onBuilt, countLimit);
  }

  ready(): Promise<boolean> {
    return this.index.ready();
  }

  close(): void {
    this.index.close();
  }

  /** A page of every user from the index's ranks while no user changed; else null. */
  everyUserPage(input: ListInput): Promise<UserPage | null> {
    const page = { ...pageOf(input), sortBy: input.sortBy, sortOrder: input.sortOrder };
    return this.fromIndex((version) => this.index.plainPageAt(version, page), input);
  }

  async page(request: UserSearchRequest): Promise<UserPage> {
    const kept = await this.database.keptPage(request);
    if (kept) return kept;
    const { input } = request;
    const { limit, offset } = pageOf(input);
    const search = {
      term: input.search,
      filters: parseFilters(listSpec, request.filters),
      schoolId: request.scope.schoolId,
      sortBy: input.sortBy,
      sortOrder: input.sortOrder,
      offset,
      limit,
    };
    const answer = await this.fromIndex((version) => this.index.pageAt(version, search), input);
    return answer ?? this.database.searched(request);
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
    const held = this.index.version;
    const hopeful = held === null ? null : await read(held);
    if (hopeful) {
      const page = await this.current(hopeful, input);
      if (page) return page;
    }
    const found = await read(Number((await this.database.version()) || 0));
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
      : await this.rows.texts.page(answer.ids, String(found.version));
    if (held) return { rows: held, total: answer.total, estimate, fromIndex: true };
    // When the answer leaves the changed users' places to the database, its users are sorted in
    // the list's order and the page taken from them.
    const rows = answer.placeInDatabase
      ? await this.rows.sortedPage(answer.ids, input)
      : inOrder(await this.rows.byIds(answer.ids), answer.ids);
    if (rows.length === 0 || rows[0]!.version !== String(found.version)) return null;
    // A search's page is held once asked again: most searches are typed once, and holding each
    // new one's records kept them alive through the young generation's collections, the most of
    // their time (issue 14: 5 to 7 ms each, every couple of hundred new searches).
    const records = found.fresh ? this.rows.texts.written(rows) : this.rows.hold(rows);
    return { rows: records, total: answer.total, estimate, fromIndex: true };
  }
}

/**
 * The users' list's reads with the read models in front (LMS_READ_MODELS on, wired by
 * createRepositories): the records held (HeldUserPageRows), the trigram search's searches kept per
 * users' version (KeptUserSearch) and in front of them the in-memory index when `indexed`
 * (LMS_USER_SEARCH_INDEX), the totals kept per version (VersionedPages).
 */
export function keptUsersListReads(
  db: Db,
  {
    countLimit = COUNT_LIMIT,
    walk = WALK,
    indexed = false,
  }: UsersSearchOptions & {
    indexed?: false | { onBuilt?: (users: number, ms: number) => void };
  } = {},
): UsersListReads {
  const rows = new HeldUserPageRows(db);
  const kept = new KeptUserSearch(db, new TrigramUserSearch(db, rows, countLimit, walk), rows);
  const search = indexed
    ? new IndexedUserSearch(db, rows, kept, countLimit, indexed.onBuilt)
    : kept;
  return { rows, search, pages: new VersionedPages(db) };
}
