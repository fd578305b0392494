import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { changeCounters } from "../../db/schema";
import { pageOf } from "../../lib/list";
import type { TrigramUserSearch } from "../../plugins/app/repositories/users-trigram-search";
import { VersionedCache } from "../versioned-cache/versioned-cache";
import { inOrder } from "../../plugins/app/repositories/list-pages";
import type { HeldUserPageRows } from "./held-user-page-rows";
import type {
  UserPage,
  UserSearch,
  UserSearchRequest,
} from "../../plugins/app/repositories/user-search";

/** Sorted ids kept in all (4 bytes each), least recently used out first. */
const MOST_IDS = 2_000_000;

/**
 * Searches kept (issue 14): the trigram search (`database`, SQL only) in front of which the sorted
 * ids of a search's matches are kept for its next pages and sorts, and a common term's estimate,
 * share and exact count, each in a VersionedCache at the users' version they were read at (a
 * counter every committed change to the users moves, drizzle/0002_change_counters.sql): a change
 * made by any server process is seen on the next request.
 */
export class KeptUserSearch implements UserSearch {
  /** The sorted ids of searches' matches, by search, filters, scope and order. */
  private readonly snapshots = new VersionedCache<Int32Array>({
    maxSize: MOST_IDS,
    // An empty result counts as one id: lru-cache sizes are positive.
    sizeCalculation: (ids) => ids.length || 1,
  });
  /** Estimates (and exact counts, once read) of common searches, by search, filters and scope. */
  private readonly counts = new VersionedCache<number>({ max: 1000 });
  private readonly usersVersion;

  constructor(
    db: Db,
    private readonly database: TrigramUserSearch,
    private readonly rows: HeldUserPageRows,
  ) {
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

  async page(request: UserSearchRequest): Promise<UserPage> {
    return (await this.keptPage(request)) ?? this.searched(request);
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

  /**
   * The page from the search's matches kept, read with the users' version in one round trip (or
   * held): it stands when no user has changed since they were kept; else null.
   */
  async keptPage(request: UserSearchRequest): Promise<UserPage | null> {
    const { limit, offset } = pageOf(request.input);
    const kept = this.snapshots.peek(this.keys(request).key);
    const keptPage = kept ? Array.from(kept.value.subarray(offset, offset + limit)) : [];
    if (!kept || keptPage.length === 0) return null;
    const rows = this.rows;
    const total = kept.value.length;
    const held = await rows.texts.page(keptPage, kept.version);
    if (held) return { rows: held, total, estimate: false };
    const read = await rows.byIds(keptPage);
    if (read[0]?.version !== kept.version) return null;
    return { rows: rows.hold(inOrder(read, keptPage)), total, estimate: false };
  }

  /** A searched page, from what is kept at the users' version now or read (and kept). */
  async searched(request: UserSearchRequest): Promise<UserPage> {
    const { key, countKey } = this.keys(request);
    const version = await this.version();
    let ids = this.snapshots.get(key, version);
    if (!ids) {
      let estimate = this.counts.get(countKey, version);
      let share = this.counts.get(`${countKey}:share`, version);
      if (estimate === undefined) {
        const found = await this.database.matches(request);
        if ("ids" in found) {
          ids = found.ids;
          this.keep(key, version, ids);
        } else {
          ({ estimate, share } = found);
          this.counts.set(countKey, estimate, version);
          this.counts.set(`${countKey}:share`, share, version);
        }
      }
      if (!ids) {
        const page = await this.database.commonTermPage(request, share ?? 0.01, estimate!);
        if ("all" in page) {
          this.keep(key, version, page.all);
          this.counts.set(`${countKey}:exact`, page.all.length, version);
          ids = page.all;
        } else {
          const exact = this.counts.get(`${countKey}:exact`, version);
          const rows = await this.database.rows.records(page.ids);
          return { rows, total: exact ?? estimate!, estimate: exact === undefined };
        }
      }
    }
    return this.database.pageOf(ids, request.input);
  }

  /** Keeps a search's sorted matches, unless they are too many (read page by page instead). */
  private keep(key: string, version: string, ids: Int32Array): void {
    if (ids.length <= this.database.mostRead) this.snapshots.set(key, ids, version);
  }
}
