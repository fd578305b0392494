import { roundEstimate, type ParsedFilter } from "../../../lib/list";
import { TopKeys } from "../../../lib/top-keys";
import { TrigramPostings } from "../../../lib/trigram-postings";
import { users } from "../../../db/schema";
import { listSpec } from "./user-records";

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
/** A sort key and a slot in one number: rank × SLOTS + slot (16 million users). */
const SLOTS = 2 ** 24;

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
  /** Users of the base deleted since. */
  deletions = 0;
  postings = TrigramPostings.build([]);
  baseIds = new Int32Array(0);
  readonly added = new Map<number, number>();
  readonly dirty: number[] = [];
  isDirty = new Uint8Array(0);

  constructor(public version: number) {}

  slotOf(id: number): number {
    let low = 0;
    let high = this.baseIds.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const at = this.baseIds[middle]!;
      if (at === id) return middle;
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
    return this.added.get(id) ?? -1;
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

/** An answer of the index: a page's ids and the total, flagged when it is an estimate. */
export interface IndexAnswer {
  ids: number[];
  total: number;
  estimate?: boolean;
}

/** How many times the index entries a walk of the order is expected to need it may read. */
const WALK_SLACK = 4;
/** How many of a common term's candidates are checked to estimate its matches. */
const SAMPLE = 1_000;

/**
 * A searched page from the index, or null when a match's place in the order is not known. A term
 * with more than `countLimit` candidates, in the whole list, is read by walking the sort order
 * (see walkedAnswer); otherwise every candidate is checked and the total is exact.
 */
export function answer(
  indexed: IndexedUsers,
  search: IndexedSearch,
  countLimit = Infinity,
): IndexAnswer | null {
  const candidates = indexed.postings.candidates(search.term);
  const passes = indexed.filterTest(search.filters, search.schoolId);
  if (!candidates || passes === null) return null;
  const sortBy =
    search.sortBy && Object.hasOwn(listSpec.sort, search.sortBy) ? search.sortBy : undefined;
  const ranks = sortBy ? indexed.ranks.get(sortBy) : undefined;
  if (sortBy && !ranks) return null;
  if (candidates.length > countLimit && !passes && indexed.dirty.length === 0) {
    const walked = walkedAnswer(indexed, search, candidates, sortBy, countLimit);
    if (walked) return walked;
  }
  const descending = search.sortOrder === "desc";
  const top = new TopKeys(
    Math.min(search.offset + search.limit, candidates.length + indexed.dirty.length),
  );
  const { texts, ids, isDirty, dirty } = indexed;
  const term = search.term;
  // A term of three characters is one trigram: its candidates all contain it (their text is
  // read only to skip deleted users). A dirty user is looked at with the dirty ones, as its
  // postings may be out of date.
  const exact = term.length === 3;
  let total = 0;
  const keyOf = (slot: number): number => {
    if (!ranks) return descending ? -ids[slot]! : ids[slot]!;
    const rank = isDirty[slot] || slot >= ranks.length ? -1 : ranks[slot]!;
    if (rank < 0) return NaN;
    return (descending ? SLOTS - 1 - rank : rank) * SLOTS + slot;
  };
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = candidates[i]!;
    if (isDirty[slot]) continue;
    const text = texts[slot];
    if (text === undefined || (passes && !passes(slot)) || !(exact || text.includes(term)))
      continue;
    total += 1;
    const key = keyOf(slot);
    if (Number.isNaN(key)) return null;
    top.push(key);
  }
  for (const slot of dirty) {
    const text = texts[slot];
    if (text === undefined || (passes && !passes(slot)) || !text.includes(term)) continue;
    total += 1;
    const key = keyOf(slot);
    // A changed user that matches has no known place in a sorted order.
    if (Number.isNaN(key)) return null;
    top.push(key);
  }
  const keys = top.sorted().slice(search.offset, search.offset + search.limit);
  return {
    ids: keys.map((key) => (ranks ? ids[key % SLOTS]! : Math.abs(key))),
    total,
  };
}

/**
 * A common term's page (no filter, no changed user) read by walking the sort order and checking
 * each user's text, as far as `WALK_SLACK` times the entries its share of the list predicts; null
 * when that is not cheaper than checking every candidate, or the walk ends short (its matches
 * cluster further on). The total of a three-letter term is its candidates' number; a longer term's
 * is estimated from a sample of its candidates, and flagged, unless it comes out at most
 * `countLimit` (then every candidate is checked).
 */
function walkedAnswer(
  indexed: IndexedUsers,
  search: IndexedSearch,
  candidates: Int32Array,
  sortBy: string | undefined,
  countLimit: number,
): IndexAnswer | null {
  const users = indexed.baseIds.length;
  const order = sortBy ? indexed.orders.get(sortBy) : undefined;
  if (sortBy && order?.length !== users) return null;
  const wanted = search.offset + search.limit;
  const budget = Math.ceil((WALK_SLACK * wanted * users) / candidates.length);
  if (budget * 2 >= candidates.length) return null;
  const { texts } = indexed;
  const term = search.term;
  const contains = (slot: number) => texts[slot]?.includes(term) === true;
  let total: number;
  let estimate = false;
  if (term.length === 3 && indexed.deletions === 0) {
    total = candidates.length;
  } else {
    const stride = Math.max(1, candidates.length / SAMPLE);
    let checked = 0;
    let found = 0;
    for (let at = 0; at < candidates.length; at += stride) {
      checked += 1;
      if (contains(candidates[Math.floor(at)]!)) found += 1;
    }
    const share = found / Math.max(1, checked);
    if (share * candidates.length <= countLimit) return null;
    total = roundEstimate(share * candidates.length, 0);
    estimate = true;
  }
  const page: number[] = [];
  const descending = search.sortOrder === "desc";
  for (let step = 0, seen = 0; step < Math.min(users, budget) && seen < wanted; step += 1) {
    const position = descending ? users - 1 - step : step;
    const slot = order ? order[position]! : position;
    if (!contains(slot)) continue;
    seen += 1;
    if (seen > search.offset) page.push(indexed.ids[slot]!);
  }
  if (page.length < search.limit && budget < users) return null;
  if (estimate) total = Math.max(total, search.offset + page.length);
  return { ids: page, total, ...(estimate ? { estimate } : {}) };
}
