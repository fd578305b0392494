import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import { preparedRows, preparedStatement, type Db } from "../../db/client";
import { VERSIONS_OF } from "../../db/change-versions";
import { changeCounters } from "../../db/schema";
import type { ListInput } from "../../lib/list";
import { ListPages, type PageQueries } from "../../plugins/app/repositories/list-pages";
import { readOncePerTurn } from "./turn-reads";
import { VersionedCache } from "./versioned-cache";

/** How long after a one-round-trip read missed (its versions had moved) none is tried again. */
const MISSED_MS = 1_000;

/**
 * Whether reading a page in one round trip, trusting the versions seen last, is worth trying for
 * a key: not within MISSED_MS of a try that missed (when the tables change all the time, as a
 * course's progress during a class, the try would only add a statement).
 */
export class OneTripTries {
  private readonly missed = new LRUCache<string | number, number>({ max: 1000 });

  worth(key: string | number): boolean {
    const at = this.missed.get(key);
    return at === undefined || performance.now() - at > MISSED_MS;
  }

  miss(key: string | number): void {
    this.missed.set(key, performance.now());
  }
}

/**
 * Exact totals counted once per version of the tables a condition reads (change_counters, moved by
 * triggers at commit): the key is the versions and the condition's SQL with its parameters.
 */
export class VersionedCounts {
  private readonly counts;
  /** The versions of each set of tables read last, as `versionsColumn` writes them. */
  private readonly seen = new LRUCache<string, string>({ max: 1000 });
  private readonly tries = new OneTripTries();
  private readonly dialect = new PgDialect();
  private readonly versions;

  /** @param on totals are kept (off: LMS_READ_MODELS, every total is counted) */
  constructor(db: Db, on = true) {
    this.counts = new VersionedCache<number>({ max: 1000 }, on);
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
    if (!this.counts.on) return counted();
    const versions = await this.versions([tables]);
    // A table without a counter has no version: its total is counted every time.
    if (versions.length < tables.length) return counted();
    const named = versions
      .map((v) => `${v.name}:${v.version}`)
      .sort()
      .join(",");
    this.seen.set(JSON.stringify(tables), named);
    const key = this.key(named, condition);
    let total = this.counts.get(key);
    if (total === undefined) {
      total = await counted();
      this.counts.set(key, total);
    }
    return total;
  }

  /**
   * The total kept for the versions of `tables` read last, with those versions as
   * `versionsColumn` gives them: a statement that reads that column finds whether they are
   * still current. Undefined when none is kept, or within a second of a miss for `tables`.
   */
  kept(
    tables: readonly string[],
    condition: SQL | undefined,
  ): { total: number; versions: string } | undefined {
    const seenKey = JSON.stringify(tables);
    if (!this.counts.on || !this.tries.worth(seenKey)) return undefined;
    const versions = this.seen.get(seenKey);
    const total =
      versions === undefined ? undefined : this.counts.get(this.key(versions, condition));
    return total === undefined ? undefined : { total, versions: versions! };
  }

  /** A statement read other versions of `tables` than `kept` gave: none is kept for a while. */
  missed(tables: readonly string[]): void {
    this.tries.miss(JSON.stringify(tables));
  }

  private key(versions: string, condition: SQL | undefined) {
    const query = condition ? this.dialect.sqlToQuery(condition) : null;
    return JSON.stringify([versions, query?.sql ?? "", query?.params ?? []]);
  }
}

/** `versionsText` as a statement of its own, prepared once per name: its one row and column. */
export function preparedVersions(
  db: Db,
  name: string,
  tables: readonly string[],
): () => Promise<string | null> {
  const run = preparedStatement(db, name, `${VERSIONS_OF}$1::text[])`);
  return readOncePerTurn(async () => {
    const [row] = await run([[...tables]]);
    return (row?.[0] as string | null | undefined) ?? null;
  });
}

/**
 * Pages of a list at scale (ListPages) with the exact total counted once per version of the tables
 * its condition reads.
 */
export class VersionedPages extends ListPages {
  private readonly counts;

  /** @param on totals are kept per version (off: LMS_READ_MODELS, every page counts its list) */
  constructor(db: Db, on = true) {
    super(db);
    this.counts = new VersionedCounts(db, on);
  }

  override async page<Row extends { id: number | null }>(
    input: ListInput,
    queries: PageQueries<Row>,
  ): Promise<{ rows: Row[]; total: number }> {
    // With the total kept for the versions read last, the page's ids are read with the versions
    // now, in one round trip; they stand when the versions have not moved.
    const kept = this.counts.kept(queries.tables, queries.where);
    if (kept) {
      const hopeful = await this.ids(input, queries, kept.total, true);
      if (hopeful && hopeful.versions === kept.versions) {
        return this.rowsOf(queries, hopeful.ids, kept.total);
      }
      if (hopeful) this.counts.missed(queries.tables);
    }
    const total = await this.counts.total(queries.tables, queries.where, () => this.count(queries));
    const page = await this.ids(input, queries, total, false);
    return this.rowsOf(queries, page?.ids ?? [], total);
  }
}
