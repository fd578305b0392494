import type { ParsedFilter } from "../../lib/list";
import { sortedIndexOf } from "../trigrams/sorted-index";
import { TrigramHeads, type RankedOrder } from "../trigrams/trigram-heads";
import { TrigramPostings } from "../trigrams/trigram-postings";
import { users } from "../../db/schema";

/** The users' filter columns the index keeps (every filter of listSpec). */
export const INT_COLUMNS = {
  roleId: users.roleId,
  status: users.status,
  registered: users.registered,
  schoolId: users.schoolId,
  grade: users.grade,
};
export const TEXT_COLUMNS = { section: users.section, subject: users.subject };
type IntKey = keyof typeof INT_COLUMNS;
type TextKey = keyof typeof TEXT_COLUMNS;
export const ROW = { id: users.id, searchText: users.searchText, ...INT_COLUMNS, ...TEXT_COLUMNS };
export type UserRow = { id: number; searchText: string } & Record<IntKey, number | null> &
  Record<TextKey, string | null>;

/** An int column's NULL (no filter value reaches it: values are within ±2^31 - 1). */
const NULL_INT = -2_147_483_648;
/** A text column's NULL. */
const NULL_TEXT = -1;
/** How many equal stretches of a sort order the index tells each user's place in (one byte). */
export const STRETCHES = 256;
/** A sort key and a slot in one number: rank × SLOTS + slot (16 million users). */
export const SLOTS = 2 ** 24;

export interface IndexedSearch {
  term: string;
  filters: ParsedFilter[];
  schoolId: number | null;
  sortBy?: string | undefined;
  sortOrder: "asc" | "desc";
  offset: number;
  limit: number;
}

/**
 * The users as the index holds them at one version of the users' table: each user's search text
 * and filter values by slot (slots in id order, then users added since), each sort column's rank
 * by slot, and the trigram postings of the texts. Users changed since the ranks and postings were
 * read are dirty: their text and values are current, their ranks unknown.
 */
export class IndexedUsers {
  readonly ids: number[] = [];
  readonly texts: (string | undefined)[] = [];
  readonly ints = Object.fromEntries(
    Object.keys(INT_COLUMNS).map((key) => [key, [] as number[]]),
  ) as Record<IntKey, number[]>;
  readonly textCodes = Object.fromEntries(
    Object.keys(TEXT_COLUMNS).map((key) => [key, [] as number[]]),
  ) as Record<TextKey, number[]>;
  readonly dictionary = new Map<string, number>();
  readonly ranks = new Map<string, Int32Array>();
  /** Each sort column's slots in ascending order (the users read then, by rank). */
  readonly orders = new Map<string, Int32Array>();
  /** Each sort column's stretch of the order by slot: its rank × STRETCHES / users, rounded down. */
  readonly stretches = new Map<string, Uint8Array>();
  /** Users of the base deleted since. */
  deletions = 0;
  postings = TrigramPostings.build([]);
  /** The first and last users of each sort order under each common trigram (see headPage). */
  heads = TrigramHeads.none();
  baseIds = new Int32Array(0);
  readonly added = new Map<number, number>();
  readonly dirty: number[] = [];
  isDirty = new Uint8Array(0);

  constructor(public version: number) {}

  slotOf(id: number): number {
    const slot = sortedIndexOf(this.baseIds, id);
    return slot >= 0 ? slot : (this.added.get(id) ?? -1);
  }

  set(slot: number, row: UserRow) {
    this.ids[slot] = row.id;
    this.texts[slot] = row.searchText;
    for (const key of Object.keys(INT_COLUMNS) as IntKey[]) {
      this.ints[key][slot] = row[key] ?? NULL_INT;
    }
    for (const key of Object.keys(TEXT_COLUMNS) as TextKey[]) {
      this.textCodes[key][slot] = this.code(row[key]);
    }
  }

  append(row: UserRow): number {
    const slot = this.ids.length;
    this.set(slot, row);
    return slot;
  }

  /** Freezes the users read so far as the base: what ranks and postings describe. */
  freeze() {
    this.baseIds = Int32Array.from(this.ids);
    this.isDirty = new Uint8Array(this.ids.length);
  }

  /**
   * A sort column's order as read: each base slot's rank (-1 when it was not in the order) and the
   * slots by rank.
   */
  setOrder(sortBy: string, ranks: Int32Array, order: Int32Array) {
    this.ranks.set(sortBy, ranks);
    this.orders.set(sortBy, order);
    const stretches = new Uint8Array(ranks.length);
    for (let rank = 0; rank < order.length; rank += 1) {
      stretches[order[rank]!] = Math.floor((rank * STRETCHES) / order.length);
    }
    this.stretches.set(sortBy, stretches);
  }

  /** Each sort column's order as read, for TrigramHeads. */
  rankedOrders(): Map<string, RankedOrder> {
    const ranked = new Map<string, RankedOrder>();
    for (const [sortBy, order] of this.orders) {
      const ranks = this.ranks.get(sortBy);
      const stretches = this.stretches.get(sortBy);
      if (ranks && stretches) ranked.set(sortBy, { ranks, order, stretches });
    }
    return ranked;
  }

  hasText(slot: number): boolean {
    return this.texts[slot] !== undefined;
  }

  /** A test of whether a slot's text contains the term. */
  contains(term: string): (slot: number) => boolean {
    const texts = this.texts;
    return (slot) => texts[slot]?.includes(term) === true;
  }

  markDirty(slot: number) {
    if (slot >= this.isDirty.length) {
      const grown = new Uint8Array(Math.max(slot + 1, this.isDirty.length * 2));
      grown.set(this.isDirty);
      this.isDirty = grown;
    }
    if (this.isDirty[slot]) return;
    this.isDirty[slot] = 1;
    this.dirty.push(slot);
  }

  private code(value: string | null): number {
    if (value === null) return NULL_TEXT;
    let code = this.dictionary.get(value);
    if (code === undefined) {
      code = this.dictionary.size;
      this.dictionary.set(value, code);
    }
    return code;
  }

  /** Whether a slot passes the scope and filters; null when a filter is not one the index keeps. */
  /** Undefined when nothing is filtered. */
  filterTest(
    filters: ParsedFilter[],
    schoolId: number | null,
  ): ((slot: number) => boolean) | undefined | null {
    const tests: ((slot: number) => boolean)[] = [];
    if (schoolId !== null) {
      const schools = this.ints.schoolId;
      tests.push((slot) => schools[slot] === schoolId);
    }
    for (const filter of filters) {
      const wantsNull = filter.wantsNull;
      if (Object.hasOwn(INT_COLUMNS, filter.key)) {
        const column = this.ints[filter.key as IntKey];
        const values = new Set(filter.values as number[]);
        tests.push((slot) => {
          const value = column[slot]!;
          return value === NULL_INT ? wantsNull : values.has(value);
        });
      } else if (Object.hasOwn(TEXT_COLUMNS, filter.key)) {
        const column = this.textCodes[filter.key as TextKey];
        const codes = new Set(filter.values.map((v) => this.dictionary.get(String(v)) ?? -2));
        tests.push((slot) => {
          const value = column[slot]!;
          return value === NULL_TEXT ? wantsNull : codes.has(value);
        });
      } else {
        return null;
      }
    }
    if (tests.length === 0) return undefined;
    if (tests.length === 1) return tests[0];
    return (slot) => tests.every((test) => test(slot));
  }
}
