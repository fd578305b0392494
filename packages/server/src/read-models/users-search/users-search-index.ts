import { and, asc, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client";
import { changeCounters, userChanges, users } from "../../db/schema";
import { listOrder } from "../../lib/list";
import { TrigramHeads } from "../trigrams/trigram-heads";
import { TrigramPostings } from "../trigrams/trigram-postings";
import { answer, PLACED_ONE_BY_ONE, type IndexAnswer } from "./index-answer";
import { IndexedUsers, ROW, type IndexedSearch, type UserRow } from "./indexed-users";
import { rehearsals } from "./rehearsals";
import { HEAD_SIZE } from "./walked-pages";
import { listSpec } from "../../plugins/app/repositories/user-records";

export type { IndexAnswer } from "./index-answer";
export type { IndexedSearch } from "./indexed-users";

const BATCH = 20_000;
/** How long the index waits before building again after a failed build. */
const RETRY_MS = 30_000;
/** Changes kept for servers that catch up later; one behind more than that builds again. */
const KEEP_CHANGES = sql`interval '1 day'`;
const PRUNE_MS = 10 * 60_000;
/** The least time between two builds for a few changed users. */
const REBUILD_MS = 5_000;
/**
 * How many builds' time the index waits before a few changes make it build again: a trickle of
 * changes keeps it building a tenth of the time at most.
 */
const REBUILD_BUILDS = 10;
/** Whether this process's index has rehearsed its searches (see rehearsals): once is enough. */
let rehearsed = false;
/** Searched pages kept for asking again (25 ids each). */
const ANSWERS = 2_000;

/** An answer of the index and the users' version it holds for. */
export interface Versioned<T> {
  answer: T;
  version: number;
  /** Found now, for a search not asked before at this version (not a kept answer). */
  fresh?: boolean;
}

/** A page of the whole list: no search, filter or school. */
type PlainPage = Omit<IndexedSearch, "term" | "filters" | "schoolId">;

/**
 * The users' search in this server's memory (issue 14: a search the server has never seen,
 * answered in milliseconds at a million users): built from the database at start, then kept at the
 * users' table's version by reading which users each change touched (user_changes, migration
 * 0019). It answers exactly or not at all: while it builds, when it cannot catch up, for a term
 * shorter than three characters, and when matches changed since its ranks were read are too many
 * to leave their places to the database (see IndexAnswer.placeInDatabase), the caller reads the
 * database.
 */
export class UsersSearchIndex {
  private current: IndexedUsers | null = null;
  private building: Promise<void> | undefined;
  private catchingUp: Promise<unknown> = Promise.resolve();
  private retryAt = 0;
  private prunedAt = 0;
  private builtAt = 0;
  private buildMs = 0;
  private closed = false;
  /** Pages answered, by search, the least recently asked first. */
  private readonly answers = new Map<
    string,
    { indexed: IndexedUsers; version: number; answer: IndexAnswer }
  >();

  constructor(
    private readonly db: Db,
    /** Changed users kept as dirty before the index is built again (at least this many). */
    private readonly dirtyLimit = 2_000,
    /** Told of each build: the users read and how long it took. */
    private readonly onBuilt?: (users: number, ms: number) => void,
    /** A search with more candidates than this may answer with an estimated total. */
    private readonly countLimit = Infinity,
    /** How many of a common trigram's first users in each order are held (tests make it small). */
    private readonly headSize = HEAD_SIZE,
  ) {}

  /** The users' version the index holds, or null before its first build. */
  get version(): number | null {
    return this.current?.version ?? null;
  }

  /**
   * Builds the index again unless it is current with no changed user (whose place in the order it
   * would not know), and says whether it has one now.
   */
  async ready(): Promise<boolean> {
    await this.building;
    const current = this.current;
    if (!current || current.dirty.length > 0 || current.version < (await this.readVersion())) {
      this.rebuild();
      await this.building;
    }
    return this.current !== null;
  }

  /**
   * Stops a build under way (the database is closing): it reads nothing more after its current
   * statement, and is not waited for (a statement queued for a connection when the pool ends
   * would never settle, and the server's close with it).
   */
  close(): void {
    this.closed = true;
  }

  /**
   * The ids of a searched page (or of the users it is sorted from: placeInDatabase) and the number
   * of matches, or null (read the database). A page asked again at the same version is answered
   * from the last ANSWERS kept (a list's pages visited again, its sort turned back).
   */
  async page(version: number, search: IndexedSearch): Promise<IndexAnswer | null> {
    return (await this.pageAt(version, search))?.answer ?? null;
  }

  /** The same, with the users' version it was found at (at least `version`). */
  async pageAt(version: number, search: IndexedSearch): Promise<Versioned<IndexAnswer> | null> {
    const indexed = await this.at(version);
    if (!indexed) return null;
    const key = JSON.stringify({
      ...search,
      filters: search.filters.map((f) => [f.key, f.values, f.wantsNull]),
    });
    const kept = this.answers.get(key);
    if (kept?.indexed === indexed && kept.version === indexed.version) {
      this.answers.delete(key);
      this.answers.set(key, kept);
      return { answer: kept.answer, version: kept.version };
    }
    const found = answer(indexed, search, this.countLimit);
    // Only the current index's: a replaced one is not kept in memory by its answers.
    if (found && indexed === this.current) {
      this.answers.delete(key);
      this.answers.set(key, { indexed, version: indexed.version, answer: found });
      if (this.answers.size > ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    }
    return found && { answer: found, version: indexed.version, fresh: true };
  }

  /**
   * The ids of a page of every user (no search, filter or school) and their number, or null: the
   * ranks give any page at once, while no user has changed since they were read.
   */
  async plainPage(version: number, page: PlainPage): Promise<IndexAnswer | null> {
    return (await this.plainPageAt(version, page))?.answer ?? null;
  }

  /** The same, with the users' version it was found at (at least `version`). */
  async plainPageAt(version: number, page: PlainPage): Promise<Versioned<IndexAnswer> | null> {
    const indexed = await this.at(version);
    if (!indexed || indexed.dirty.length > 0 || indexed.deletions > 0) return null;
    const total = indexed.baseIds.length;
    const sortBy = page.sortBy && Object.hasOwn(listSpec.sort, page.sortBy) ? page.sortBy : null;
    const order = sortBy ? indexed.orders.get(sortBy) : undefined;
    if (sortBy && order?.length !== total) return null;
    const ids: number[] = [];
    for (let i = page.offset; i < Math.min(total, page.offset + page.limit); i += 1) {
      const position = page.sortOrder === "desc" ? total - 1 - i : i;
      ids.push(indexed.ids[order ? order[position]! : position]!);
    }
    return { answer: { ids, total }, version: indexed.version };
  }

  /** The index caught up to `version`, or null (none yet, or it cannot catch up: it builds). */
  private async at(version: number): Promise<IndexedUsers | null> {
    const indexed = this.current;
    if (!indexed) {
      this.rebuild();
      return null;
    }
    if (indexed.version < version) {
      const caught = this.catchingUp.then(() =>
        indexed.version < version ? this.catchUp(indexed, version) : true,
      );
      this.catchingUp = caught.catch(() => undefined);
      const ok = await caught.catch(() => false);
      if (!ok) {
        this.rebuild();
        return null;
      }
    }
    if (this.stale(indexed)) this.rebuild();
    return indexed;
  }

  private rebuildAt(indexed: IndexedUsers) {
    return Math.max(this.dirtyLimit, indexed.baseIds.length / 100);
  }

  /**
   * Built again when many users changed, or when some did and the last build is old enough: five
   * seconds, or REBUILD_BUILDS builds' time. Changed users cost a search little (it checks each
   * one, and leaves their places to the database), where a build of a million users is seconds of
   * the server's work: a trickle of changes all day must not keep it building.
   */
  private stale(indexed: IndexedUsers) {
    const changed = indexed.dirty.length + indexed.deletions;
    if (changed > this.rebuildAt(indexed)) return true;
    const age = performance.now() - this.builtAt;
    return changed > 0 && age > Math.max(REBUILD_MS, REBUILD_BUILDS * this.buildMs);
  }

  private rebuild() {
    if (this.building || this.closed || Date.now() < this.retryAt) return;
    const started = performance.now();
    this.building = this.build()
      .then(
        (built) => {
          if (!built || this.closed) return;
          this.current = built;
          this.answers.clear();
          this.builtAt = performance.now();
          this.buildMs = this.builtAt - started;
          this.onBuilt?.(built.baseIds.length, this.buildMs);
        },
        () => {
          this.retryAt = Date.now() + RETRY_MS;
        },
      )
      .finally(() => {
        this.building = undefined;
      });
  }

  private async readVersion(): Promise<number> {
    const [row] = await this.db
      .select({ version: changeCounters.version })
      .from(changeCounters)
      .where(eq(changeCounters.name, "users"));
    return Number(row?.version ?? 0);
  }

  /**
   * Reads every user, then each sort column's order. Everything is read after the version, so a
   * user changed meanwhile is among the changes after it, which the first search catches up on.
   */
  private async build(): Promise<IndexedUsers | null> {
    await this.prune();
    const previous = this.current;
    const indexed = new IndexedUsers(await this.readVersion());
    for (let last = 0; ;) {
      if (this.closed) return null;
      const batch = (await this.db
        .select(ROW)
        .from(users)
        .where(gt(users.id, last))
        .orderBy(asc(users.id))
        .limit(BATCH)) as UserRow[];
      for (const row of batch) indexed.append(previous ? withTextOf(previous, row) : row);
      if (batch.length < BATCH) break;
      last = batch[batch.length - 1]!.id;
    }
    indexed.freeze();
    for (const sortBy of Object.keys(listSpec.sort)) {
      if (this.closed) return null;
      const order = listOrder(listSpec, {
        page: 1,
        rowsPerPage: 1,
        sortBy,
        sortOrder: "asc",
        search: "",
      });
      const [row] = await rowsOf<{ ids: number[] }>(
        this.db.execute(
          sql`select array(select ${users.id} from ${users} order by ${sql.join(order, sql`, `)}) as ids`,
        ),
      );
      // Users added since the rows were read are left out (they are dirty once caught up on).
      const ranks = new Int32Array(indexed.baseIds.length).fill(-1);
      const slots = new Int32Array(indexed.baseIds.length);
      let position = 0;
      for (const id of row?.ids ?? []) {
        const slot = indexed.slotOf(Number(id));
        if (slot < 0 || slot >= ranks.length || ranks[slot] !== -1) continue;
        ranks[slot] = position;
        slots[position] = slot;
        position += 1;
      }
      indexed.setOrder(sortBy, ranks, slots.subarray(0, position));
    }
    // Between steps, stopped by close() (the database closing does not wait for the rest).
    const pause = () =>
      this.closed ? Promise.reject(new Error("closed")) : new Promise<void>((r) => setImmediate(r));
    indexed.postings = await TrigramPostings.buildInSteps(indexed.texts, pause);
    // Only a term with more candidates than countLimit, or a three-letter one with more than
    // PLACED_ONE_BY_ONE, reads them (commonAnswer).
    indexed.heads = await TrigramHeads.build(indexed.postings, indexed.rankedOrders(), {
      common: Math.min(this.countLimit, PLACED_ONE_BY_ONE),
      size: this.headSize,
      pause,
    });
    if (!rehearsed) {
      for (const _ of rehearsals(indexed)) await pause();
      rehearsed = true;
    }
    return indexed;
  }

  /**
   * Applies the changes after the index's version up to `version`: the changed users are read
   * again and become dirty. False when the changes are not all there (a TRUNCATE, or pruned) or
   * too many: the index is built again.
   */
  private async catchUp(indexed: IndexedUsers, version: number): Promise<boolean> {
    const most = Math.floor(4 * this.rebuildAt(indexed)) - indexed.dirty.length;
    const changes = await this.db
      .select({ version: userChanges.version, userId: userChanges.userId })
      .from(userChanges)
      .where(and(gt(userChanges.version, indexed.version), lte(userChanges.version, version)))
      .limit(Math.max(0, most) + 1);
    if (changes.length > most) return false;
    if (new Set(changes.map((c) => Number(c.version))).size !== version - indexed.version) {
      return false;
    }
    const ids = [...new Set(changes.map((c) => c.userId))];
    const rows =
      ids.length === 0
        ? []
        : ((await this.db.select(ROW).from(users).where(inArray(users.id, ids))) as UserRow[]);
    const found = new Map(rows.map((row) => [row.id, row]));
    for (const id of ids) {
      const row = found.get(id);
      const slot = indexed.slotOf(id);
      if (!row) {
        if (slot >= 0 && indexed.texts[slot] !== undefined) {
          indexed.texts[slot] = undefined;
          if (slot < indexed.baseIds.length) indexed.deletions += 1;
        }
        continue;
      }
      if (slot >= 0) indexed.set(slot, row);
      else indexed.added.set(id, indexed.append(row));
      indexed.markDirty(slot >= 0 ? slot : indexed.slotOf(id));
    }
    indexed.version = version;
    void this.prune().catch(() => undefined);
    return true;
  }

  private async prune() {
    if (Date.now() - this.prunedAt < PRUNE_MS) return;
    this.prunedAt = Date.now();
    await this.db.delete(userChanges).where(lt(userChanges.at, sql`now() - ${KEEP_CHANGES}`));
  }
}

/**
 * The row with the previous index's copy of its search text when it is unchanged: while a build
 * runs, both indexes are in memory, and most texts need only one copy.
 */
function withTextOf(previous: IndexedUsers, row: UserRow): UserRow {
  const slot = previous.slotOf(row.id);
  const text = slot >= 0 ? previous.texts[slot] : undefined;
  if (text === row.searchText) row.searchText = text;
  return row;
}
