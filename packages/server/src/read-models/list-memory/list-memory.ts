import type { ListResource } from "@lms/core";
import { is, SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { preparedQuery, type Db } from "../../db/client";
import { JsonText } from "../../lib/json-text";
import { listOrder, pageOf, type ListInput, type ListSpec } from "../../lib/list";
import { TrigramPostings } from "../trigrams/trigram-postings";
import { VersionedCache } from "../versioned-cache/versioned-cache";
import { versionsText } from "../../db/change-versions";
import { preparedVersions } from "../versioned-cache/versioned-pages";

/** What a list held in memory reads: its rows, their search text and school, its orders. */
export interface MemoryListSource {
  /** The tables whose change counters version the rows (every table the rows are read from). */
  tables: readonly string[];
  /** The row's columns (named as the row's fields) and the FROM clause the orders refer to. */
  columns: SQL;
  from: SQL;
  /** The row's lower-cased search text and its school's id (a school's list keeps its own). */
  searchText: SQL;
  school: SQL;
  /**
   * Every order of the list by name (see `specOrderName`), as the database orders its pages: its
   * ORDER BY, or another order of the map read as it is or backwards (a descending order whose
   * every key, nulls and tie-break included, turns: one sort fewer in each load).
   */
  orders: ReadonlyMap<string, SQL | OrderOf>;
  /**
   * The row's fields read as milliseconds since 1970 (the columns give them so) and held as
   * dates, as the rows by id read them (a statement of its own answers timestamps as text).
   */
  dates?: readonly string[];
}

/** An order that is another's (by name, of an ORDER BY), read as it is or backwards. */
export interface OrderOf {
  of: string;
  backwards: boolean;
}

/** An order's rows (their indexes), read backwards or not. */
interface HeldOrder {
  places: Int32Array;
  backwards: boolean;
}

/** A page of the list of every school or of one, searched or not, in one of its orders. */
export interface MemoryPage {
  term: string;
  schoolId: number | null;
  /** With a school, the rows of no school match too (the global courses). */
  orNoSchool?: boolean;
  /** The order's name, as the source's `orders` names it. */
  order: string;
  offset: number;
  limit: number;
}

interface Held<Row> {
  versions: string;
  rows: Row[];
  schools: Int32Array;
  /** Each distinct search text (a division's classes share few of them) and its rows. */
  texts: string[];
  members: number[][];
  /** Which texts hold each trigram, when they are more than a search checks one by one. */
  postings: TrigramPostings | null;
  /** The rows (their indexes) in each of the list's orders, as the database orders them. */
  orders: Map<string, HeldOrder>;
  /** Each row's record as JSON, by the function that makes records: written when first asked. */
  written: Map<(row: Row) => unknown, string[]>;
}

/** The key of the rows held. */
const ROWS = 0;

/** The least time between two loads, and how many loads' time to wait at least. */
const RELOAD_MS = 1_000;
const RELOAD_LOADS = 10;

/**
 * The most rows held: a list longer than that is the database's (a load sorts it once per order
 * and holds every row), tried again after TOO_LONG_MS.
 */
const MOST_ROWS = 200_000;
const TOO_LONG_MS = 10 * 60_000;

/**
 * The most distinct search texts a search checks one by one (20,000 courses: about a millisecond
 * of the server's thread a search). Past this, a term's candidates are the texts under its
 * trigrams (TrigramPostings, built with the rows), and a term shorter than three characters is
 * the database's.
 */
const SEARCHED_TEXTS = 10_000;

/** The columns the memory reads besides the row's (left out of the rows it holds). */
const OWN = "lms_";

/** The rows a load copies between two pauses (a few milliseconds of the server's thread). */
const COPIED_AT_ONCE = 2_000;

/** The school of a row of no school. */
const NO_SCHOOL = -1;

/**
 * A list's rows in this server's memory, at one version of the tables they are read from (issue
 * 14: a page or a search new to the server answered without reading, counting and sorting its
 * rows in the database). It answers a page, searched or not, of every school or of one school's,
 * in an order the database gave (each order's places are read with the rows), only while the
 * tables are at the versions it holds: the caller reads them (one small statement, `versions`)
 * and, when they moved, the database answers while the memory loads again in the background, at
 * most once a second and once per ten loads' time, so that a table that changes all day does not
 * keep the server loading.
 */
export class ListMemory<Row> {
  /** The rows held (one entry), at the versions of the tables they were read at. */
  private readonly held = new VersionedCache<Held<Row>, typeof ROWS>({ max: 1 });
  private loading: Promise<void> | undefined;
  /** The last load's error, if it failed (a request's load does not wait for it: ready tells). */
  private failure: { error: unknown } | null = null;
  private nextLoadAt = 0;
  private closed = false;
  private readonly readVersions;

  /** @param limits the most rows held and distinct texts searched (tests make them small) */
  constructor(
    private readonly db: Db,
    private readonly source: MemoryListSource,
    private readonly limits = { rows: MOST_ROWS, searchedTexts: SEARCHED_TEXTS },
  ) {
    this.readVersions = preparedVersions(
      db,
      `lms_memory_${source.tables.join("_")}`,
      source.tables,
    );
  }

  /** The versions of the source's tables now: "" or fewer than its tables when one has no counter. */
  async versions(): Promise<string> {
    return (await this.readVersions()) ?? "";
  }

  /**
   * Loads the rows now unless the memory holds their versions, and says whether it does; rejects
   * with the error of a load that failed.
   */
  async ready(): Promise<boolean> {
    await this.loading;
    if (!this.held.has(ROWS, await this.versions())) {
      this.nextLoadAt = 0;
      this.load();
      await this.loading;
      if (this.failure) throw this.failure.error;
    }
    return this.held.has(ROWS, await this.versions());
  }

  /**
   * Stops loading: a load under way is not waited for (a statement queued for a connection when
   * the pool ends would never settle) and its rows are dropped.
   */
  close(): void {
    this.closed = true;
  }

  /**
   * The page `input` asks (its search, offset and length) in `where`, at the tables' versions now,
   * or null (see `page`): its rows' records (`toRecord` of each, the same function every time)
   * written as JSON, each row's once while its versions are held.
   */
  async recordsFor(
    input: ListInput,
    where: Pick<MemoryPage, "schoolId" | "orNoSchool" | "order">,
    toRecord: (row: Row) => unknown,
  ): Promise<{ records: JsonText; total: number } | null> {
    const { limit, offset } = pageOf(input);
    const versions = await this.versions();
    const held = this.held.get(ROWS, versions);
    const found = this.placesAt(held, versions, { term: input.search, ...where, offset, limit });
    if (!held || !found) return null;
    let written = held.written.get(toRecord);
    if (!written) held.written.set(toRecord, (written = new Array<string>(held.rows.length)));
    let text = "[";
    for (const [n, i] of found.indexes.entries()) {
      text += `${n === 0 ? "" : ","}${(written[i] ??= JSON.stringify(toRecord(held.rows[i]!)))}`;
    }
    return { records: new JsonText(`${text}]`), total: found.total };
  }

  /**
   * The page and total at `versions`, or null (the memory holds other versions: it loads again
   * when it may, and the database answers).
   */
  page(versions: string, page: MemoryPage): { rows: Row[]; total: number } | null {
    const held = this.held.get(ROWS, versions);
    const found = this.placesAt(held, versions, page);
    return found && { rows: found.indexes.map((i) => held!.rows[i]!), total: found.total };
  }

  /** The page's rows (their indexes in `held`) and total, or null (see `page`). */
  private placesAt(
    held: Held<Row> | undefined,
    versions: string,
    page: MemoryPage,
  ): { indexes: number[]; total: number } | null {
    if (versions === "" || versions.split(",").length !== this.source.tables.length) return null;
    if (!held) {
      this.load();
      return null;
    }
    const order = held.orders.get(page.order);
    if (!order) return null;
    const { places, backwards } = order;
    const last = places.length - 1;
    const candidates = page.term === "" ? null : held.postings?.candidates(page.term);
    if (candidates === null && held.postings && page.term !== "") return null;
    const wanted = page.offset + page.limit;
    const indexes: number[] = [];
    if (page.term === "" && page.schoolId === null) {
      for (let i = page.offset; i < Math.min(wanted, places.length); i += 1) {
        indexes.push(places[backwards ? last - i : i]!);
      }
      return { indexes, total: held.rows.length };
    }
    const matched = new Uint8Array(held.rows.length);
    let total = 0;
    const texts = candidates?.length ?? held.texts.length;
    for (let c = 0; c < texts; c += 1) {
      const t = candidates ? candidates[c]! : c;
      if (!held.texts[t]!.includes(page.term)) continue;
      for (const i of held.members[t]!) {
        const school = held.schools[i];
        if (page.schoolId !== null && school !== page.schoolId) {
          if (!page.orNoSchool || school !== NO_SCHOOL) continue;
        }
        matched[i] = 1;
        total += 1;
      }
    }
    if (total > page.offset) {
      let seen = 0;
      for (let k = 0; k <= last; k += 1) {
        const i = places[backwards ? last - k : k]!;
        if (matched[i] === 0) continue;
        seen += 1;
        if (seen > page.offset) indexes.push(i);
        if (seen === wanted) break;
      }
    }
    return { indexes, total };
  }

  private load(): void {
    if (this.loading || this.closed || performance.now() < this.nextLoadAt) return;
    const started = performance.now();
    let tooLong = false;
    this.loading = this.read()
      .then(
        (held) => {
          tooLong = held === null;
          this.failure = null;
          if (this.closed) return;
          if (held) this.held.set(ROWS, held, held.versions);
          else this.held.clear();
        },
        (error: unknown) => {
          this.failure = { error };
        },
      )
      .finally(() => {
        const ended = performance.now();
        const wait = Math.max(RELOAD_MS, RELOAD_LOADS * (ended - started));
        this.nextLoadAt = ended + (tooLong ? TOO_LONG_MS : wait);
        this.loading = undefined;
      });
  }

  /**
   * Every row with the tables' versions and its place in each order, in one statement: the rows
   * are of those versions (and no row still gives them). Null for more than MOST_ROWS rows.
   */
  private async read(): Promise<Held<Row> | null> {
    const { source } = this;
    // A list too long to hold is not read (nor sorted) whole: its rows are counted up to the limit.
    const [counted] = await preparedQuery<{ more: boolean }>(
      this.db,
      sql`select count(*) > ${this.limits.rows} as more
            from (select 1 from ${source.from} limit ${this.limits.rows + 1}) l`,
    );
    if (counted?.more === true) return null;
    // The orders that are an ORDER BY: one sort each; the others read theirs.
    const sorted = [...source.orders].filter(
      (entry): entry is [string, SQL] => !isOrderOf(entry[1]),
    );
    const places = sorted.map(
      ([, orderBy], j) => sql`, row_number() over (order by ${orderBy})::int
        as ${sql.identifier(`${OWN}o${j}`)}`,
    );
    const read = await preparedQuery<Record<string, unknown>>(
      this.db,
      sql`select v.lms_versions, l.* from (select ${versionsText(source.tables)} as lms_versions) v
            left join (
              select ${source.columns}, ${source.searchText} as lms_text, true as lms_row,
                     ${source.school} as lms_school ${sql.join(places, sql``)}
                from ${source.from}
               limit ${this.limits.rows + 1}) l on true`,
    );
    const versions = String(read[0]?.lms_versions ?? "");
    // The join's row of no row has none of the columns.
    const found = read.filter((row) => row.lms_row === true);
    if (found.length > this.limits.rows) return null;
    // Copied in steps, the server answering between them; stopped when the memory closes.
    const pause = () =>
      this.closed
        ? Promise.reject(new Error("closed"))
        : new Promise<void>((resolve) => setImmediate(resolve));
    const dates = source.dates ?? [];
    const rows: Row[] = [];
    const schools = new Int32Array(found.length);
    const byText = new Map<string, number[]>();
    const sortedPlaces = sorted.map(() => new Int32Array(found.length));
    for (let i = 0; i < found.length; i += 1) {
      if (i > 0 && i % COPIED_AT_ONCE === 0) await pause();
      const row = found[i]!;
      const own: Record<string, unknown> = {};
      for (const key in row) if (!key.startsWith(OWN)) own[key] = row[key];
      for (const key of dates) if (own[key] != null) own[key] = new Date(Number(own[key]));
      rows.push(own as Row);
      schools[i] = row.lms_school === null ? NO_SCHOOL : Number(row.lms_school);
      const text = String(row.lms_text ?? "");
      const members = byText.get(text);
      if (members) members.push(i);
      else byText.set(text, [i]);
      sortedPlaces.forEach((order, j) => {
        order[Number(row[`${OWN}o${j}`]) - 1] = i;
      });
    }
    const byName = new Map(sorted.map(([name], j) => [name, sortedPlaces[j]!]));
    const orders = new Map<string, HeldOrder>();
    for (const [name, order] of source.orders) {
      const of = isOrderOf(order) ? order : { of: name, backwards: false };
      const places = byName.get(of.of);
      if (!places) throw new Error(`order ${name} reads ${of.of}, which is not sorted`);
      orders.set(name, { places, backwards: of.backwards });
    }
    const texts = [...byText.keys()];
    const postings =
      texts.length > this.limits.searchedTexts
        ? await TrigramPostings.buildInSteps(texts, pause)
        : null;
    const members = [...byText.values()];
    return { versions, rows, schools, texts, members, orders, postings, written: new Map() };
  }
}

/** The name of a list's order in memory: its sort column (or "") and direction, as listOrder reads them. */
export function specOrderName<R extends ListResource>(spec: ListSpec<R>, input: ListInput): string {
  const sortBy = input.sortBy && Object.hasOwn(spec.sort, input.sortBy) ? input.sortBy : "";
  return `${sortBy}:${input.sortOrder === "asc" ? "asc" : "desc"}`;
}

/**
 * Every order of a list by its spec (each sort column and none, both ways), by name: a descending
 * one reads its ascending one backwards (listOrder turns the column, its nulls and the id).
 */
export function specOrders<R extends ListResource>(spec: ListSpec<R>): Map<string, SQL | OrderOf> {
  const orders = new Map<string, SQL | OrderOf>();
  for (const sortBy of [undefined, ...Object.keys(spec.sort)]) {
    const input = { page: 1, rowsPerPage: 1, search: "", sortBy, sortOrder: "asc" as const };
    const ascending = specOrderName(spec, input);
    orders.set(ascending, sql.join(listOrder(spec, input), sql`, `));
    orders.set(specOrderName(spec, { ...input, sortOrder: "desc" }), {
      of: ascending,
      backwards: true,
    });
  }
  return orders;
}

function isOrderOf(order: SQL | OrderOf): order is OrderOf {
  return !is(order, SQL);
}

/**
 * A table's columns as a held list's `columns`: each under its row field's name, as the rows by id
 * read them, and the `dates` among them as milliseconds since 1970 (see MemoryListSource.dates).
 */
export function fieldColumns(
  columns: Record<string, PgColumn>,
  dates: readonly string[] = [],
): SQL {
  return sql.join(
    Object.entries(columns).map(([key, column]) =>
      dates.includes(key)
        ? sql`(extract(epoch from ${column}) * 1000)::float8 as ${sql.identifier(key)}`
        : sql`${column} as ${sql.identifier(key)}`,
    ),
    sql`, `,
  );
}
