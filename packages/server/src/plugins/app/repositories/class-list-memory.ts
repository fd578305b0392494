import { sql, type SQL } from "drizzle-orm";
import { preparedQuery, type Db } from "../../../db/client";
import type { ClassRow } from "./class-rows";

/** A stored class as held in memory: its row and its search text. */
interface HeldClass extends ClassRow {
  search_text: string;
}

interface Held {
  version: string;
  classes: HeldClass[];
  /** The classes of each distinct search text (a division's classes share few of them). */
  byText: Map<string, number[]>;
  /** The classes (their indexes) in each of the list's orders, as the database orders them. */
  orders: Map<string, Int32Array>;
}

/** A page of the classes of every school or of one, searched or not, in one of the list's orders. */
export interface MemorySearch {
  term: string;
  schoolId: number | null;
  /** The order's name, as `orders` names it. */
  order: string;
  offset: number;
  limit: number;
}

/** The least time between two loads, and how many loads' time to wait at least. */
const RELOAD_MS = 1_000;
const RELOAD_LOADS = 10;

/**
 * The stored class list (class_list) in this server's memory, at one version of it (issue 14: a
 * class search new to the server answered without reading, counting and sorting its matches in
 * the database, where every class's text shares the trigrams of "grade " and each match is a heap
 * block). It answers a page, searched or not, of every class or of one school's, without filters,
 * in the order the database gives (each order's places are read with the rows), only while the
 * table is at the version it holds: the caller reads the version (one small statement) and, when
 * it moved, the database answers while the memory loads again in the background, at most once a
 * second and once per ten loads' time, so that a table that changes all day (a class's
 * completion) does not keep the server loading.
 */
export class ClassListMemory {
  private held: Held | null = null;
  private loading: Promise<void> | undefined;
  private nextLoadAt = 0;
  private closed = false;

  /**
   * @param orders the list's orders by name, in SQL over class_list as `k`: each is read from the
   *   database with the rows (its ranks), so that a page in memory is in the database's order
   */
  constructor(
    private readonly db: Db,
    private readonly orders: ReadonlyMap<string, SQL>,
  ) {}

  /** The version of class_list now. */
  async version(): Promise<string> {
    const [row] = await preparedQuery<{ version: string }>(
      this.db,
      sql`select version::text as version from change_counters where name = 'class_list'`,
    );
    return row?.version ?? "";
  }

  /** Starts loading, in the background. */
  warm(): void {
    this.load();
  }

  /** Loads the table now unless the memory holds its version, and says whether it does. */
  async ready(): Promise<boolean> {
    await this.loading;
    if (this.held?.version !== (await this.version())) {
      this.nextLoadAt = 0;
      this.load();
      await this.loading;
    }
    return this.held !== null && this.held.version === (await this.version());
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.loading;
  }

  /**
   * The page and total of a search at `version`, or null (the memory holds another version: it
   * loads again when it may, and the database answers).
   */
  page(version: string, search: MemorySearch): { rows: ClassRow[]; total: number } | null {
    const held = this.held;
    // A table without a counter has no version to hold its classes at.
    if (version === "") return null;
    if (held?.version !== version) {
      this.load();
      return null;
    }
    const { classes } = held;
    const order = held.orders.get(search.order);
    if (!order) return null;
    const wanted = search.offset + search.limit;
    const rows: ClassRow[] = [];
    if (search.term === "" && search.schoolId === null) {
      for (let i = search.offset; i < Math.min(wanted, order.length); i += 1) {
        rows.push(classes[order[i]!]!);
      }
      return { rows, total: classes.length };
    }
    const matched = new Uint8Array(classes.length);
    let total = 0;
    for (const [text, members] of held.byText) {
      if (!text.includes(search.term)) continue;
      for (const i of members) {
        if (search.schoolId !== null && classes[i]!.school_id !== search.schoolId) continue;
        matched[i] = 1;
        total += 1;
      }
    }
    if (total > search.offset) {
      let seen = 0;
      for (const i of order) {
        if (matched[i] === 0) continue;
        seen += 1;
        if (seen > search.offset) rows.push(classes[i]!);
        if (seen === wanted) break;
      }
    }
    return { rows, total };
  }

  private load(): void {
    if (this.loading || this.closed || performance.now() < this.nextLoadAt) return;
    const started = performance.now();
    this.loading = this.read()
      .then(
        (held) => {
          if (!this.closed) this.held = held;
        },
        () => undefined,
      )
      .finally(() => {
        const ended = performance.now();
        this.nextLoadAt = ended + Math.max(RELOAD_MS, RELOAD_LOADS * (ended - started));
        this.loading = undefined;
      });
  }

  /**
   * Every stored class with the version and its place in each order, in one statement: the rows
   * are of that version (and an empty table still gives it).
   */
  private async read(): Promise<Held> {
    const names = [...this.orders.keys()];
    const places = sql.join(
      names.map(
        (name, j) => sql`row_number() over (order by ${this.orders.get(name)!})::int
        as ${sql.raw(`o${j}`)}`,
      ),
      sql`, `,
    );
    const rows = await preparedQuery<HeldClass & { version: string } & Record<string, number>>(
      this.db,
      sql`select v.version, l.* from
            (select version::text as version from change_counters where name = 'class_list') v
            left join (
              select k.school_id, k.year_from, k.year_to, k.grade, k.section, k.school_name,
                     k.students, k.teachers, k.average_completion, k.search_text, ${places}
                from class_list k) l on true`,
    );
    const version = rows[0]?.version ?? "";
    const placed = rows.filter((row) => row.school_id !== null);
    const classes: HeldClass[] = placed.map((row) => ({
      school_id: row.school_id,
      school_name: row.school_name,
      year_from: row.year_from,
      year_to: row.year_to,
      grade: row.grade,
      section: row.section,
      students: row.students,
      teachers: row.teachers,
      average_completion: row.average_completion,
      search_text: row.search_text,
    }));
    const byText = new Map<string, number[]>();
    const orders = new Map(names.map((name) => [name, new Int32Array(classes.length)]));
    placed.forEach((row, i) => {
      const members = byText.get(row.search_text);
      if (members) members.push(i);
      else byText.set(row.search_text, [i]);
      names.forEach((name, j) => {
        orders.get(name)![row[`o${j}`]! - 1] = i;
      });
    });
    return { version, classes, byText, orders };
  }
}
