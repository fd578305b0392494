import { roundEstimate, type ParsedFilter } from "../../lib/list";
import { sortedIndexOf } from "../trigrams/sorted-index";
import { smallestFirst, TopKeys } from "./top-keys";
import { TrigramHeads, type RankedOrder } from "../trigrams/trigram-heads";
import { TrigramPostings } from "../trigrams/trigram-postings";
import { users } from "../../db/schema";
import { listSpec } from "../../plugins/app/repositories/user-records";

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
const STRETCHES = 256;
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

/** An answer of the index: a page's ids and the total, flagged when it is an estimate. */
export interface IndexAnswer {
  ids: number[];
  total: number;
  estimate?: boolean;
  /**
   * Set when users changed since the ranks were read match a sorted search: their places in the
   * order are not known. `ids` then holds the first `offset + limit` matches of the other users
   * and every changed one, and the page is these users sorted in the list's order from `offset`
   * (which the database gives: the page's first match is among them).
   */
  placeInDatabase?: boolean;
}

/** The most users an answer may leave to the database to sort (see placeInDatabase). */
const PLACED_BY_DATABASE = 1_000;

/** How many times the index entries a walk of the order is expected to need it may read. */
const WALK_SLACK = 4;
/**
 * A walk is tried when its budget is below this share of the candidates: each step reads a text,
 * where passing over a candidate's key reads two numbers, and a walk of a term clustered in the
 * order (a first name sorted by first name) ends short and costs its whole budget for nothing.
 */
const WALK_SHARE = 1 / 64;
/** How many of a common term's candidates are checked to estimate its matches, at most. */
const SAMPLE = 1_000;
/**
 * The sample is checked in rounds of about this many, each spread over all the candidates, and
 * ends after a round once the share of matches is known within a twentieth of itself (95 %
 * confidence): a term whose candidates all match (most terms of four letters or more) is then
 * settled by an eighth of the reads, each a text from anywhere in memory (none of 125 missing puts
 * the share that does below 2.4 % at 95 %: the rule of three).
 */
const SAMPLE_ROUND = 125;

/** A sort key and the slot it belongs to: ids stand for themselves without ranks. */
type SortKeys = { key(slot: number): number; slot(key: number): number };

function sortKeys(
  indexed: IndexedUsers,
  ranks: Int32Array | undefined,
  descending: boolean,
): SortKeys {
  const { ids, isDirty } = indexed;
  if (!ranks) {
    return {
      key: (slot) => (descending ? -ids[slot]! : ids[slot]!),
      slot: (key) => indexed.slotOf(Math.abs(key)),
    };
  }
  return {
    // NaN for a changed user: its rank is not known.
    key: (slot) => {
      const rank = isDirty[slot] || slot >= ranks.length ? -1 : ranks[slot]!;
      if (rank < 0) return NaN;
      return (descending ? SLOTS - 1 - rank : rank) * SLOTS + slot;
    },
    slot: (key) => key % SLOTS,
  };
}

/** Candidates of a three-letter term placed one by one at most; more are paged as a common term's. */
export const PLACED_ONE_BY_ONE = 1_000;

/**
 * A searched page from the index (see placeInDatabase), or null: when changed users match and too
 * many users would be left to the database to sort, or when a user not changed has no place in
 * the order (deleted while it was read, before the index caught up on it). A term with more than
 * `countLimit` candidates, or one of three letters with more than PLACED_ONE_BY_ONE and nothing to
 * check but the term (its total still exact), may be answered without checking each of them (see
 * commonAnswer); otherwise every candidate is checked and the total is exact.
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
  const keys = sortKeys(indexed, ranks, search.sortOrder === "desc");
  // A three-letter term without a filter or a deleted user is counted by its candidates alone (one
  // trigram): its page is found as a common term's is, where placing every candidate would read
  // each one's rank, at random in megabytes, for thousands of them (issue 14: 1 to 2.4 ms).
  const countedByCandidates =
    search.term.length === 3 &&
    !passes &&
    indexed.deletions === 0 &&
    candidates.length > PLACED_ONE_BY_ONE;
  if (candidates.length > countLimit || countedByCandidates) {
    // The sort checked: what a walk or the marks read is the order the keys use.
    const checked = { ...search, sortBy };
    const common = commonAnswer(indexed, checked, candidates, passes, keys, countLimit);
    // Below the limit every candidate can still be placed when no quicker way finds the page.
    if (common || (common === null && candidates.length > countLimit)) return common;
  }
  const wanted = search.offset + search.limit;
  const top = new TopKeys(Math.min(wanted, candidates.length + indexed.dirty.length));
  const { isDirty, dirty } = indexed;
  // A dirty user is looked at with the dirty ones, as its postings may be out of date.
  const { contains, has: matches } = termTests(indexed, search.term, passes);
  let total = 0;
  // Changed users that match, without a known place in a sorted order.
  const unplaced: number[] = [];
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = candidates[i]!;
    if (isDirty[slot] || (passes && !passes(slot)) || !matches(slot)) continue;
    total += 1;
    const key = keys.key(slot);
    if (Number.isNaN(key)) return null;
    top.push(key);
  }
  for (const slot of dirty) {
    if ((passes && !passes(slot)) || !contains(slot)) continue;
    total += 1;
    const key = keys.key(slot);
    if (Number.isNaN(key)) unplaced.push(slot);
    else top.push(key);
  }
  const ids = (sorted: number[]) => sorted.map((key) => indexed.ids[keys.slot(key)]!);
  if (unplaced.length === 0) {
    return { ids: ids(top.sorted().slice(search.offset, wanted)), total };
  }
  return placedByDatabase(indexed, ids(top.sorted()), unplaced, wanted, { total });
}

/**
 * A candidate's tests for a term: whether its text contains the term, whether it holds the term
 * (a term of three characters is one trigram: its candidates all contain it, and their text is
 * looked at only to skip deleted users), and whether it also passes the scope and filters. Made in
 * one place for every search and the rehearsal alike, so that V8 sees the same functions.
 */
function termTests(
  indexed: IndexedUsers,
  term: string,
  passes: ((slot: number) => boolean) | undefined,
) {
  const contains = indexed.contains(term);
  const has = term.length === 3 ? (slot: number) => indexed.hasText(slot) : contains;
  const matches = passes ? (slot: number) => passes(slot) && has(slot) : has;
  return { contains, has, matches };
}

/**
 * An answer whose page the database sorts: the other users' first `wanted` matches and the
 * changed ones (`unplaced`); null when they are too many.
 */
function placedByDatabase(
  indexed: IndexedUsers,
  first: number[],
  unplaced: number[],
  wanted: number,
  counted: { total: number; estimate?: boolean },
): IndexAnswer | null {
  if (wanted + unplaced.length > PLACED_BY_DATABASE) return null;
  const ids = [...first, ...unplaced.map((slot) => indexed.ids[slot]!)];
  return { ids, ...counted, placeInDatabase: true };
}

/**
 * A common term's page and total without checking every candidate. The total of a three-letter
 * term with no filter is its candidates' number; any other is estimated from a sample of the
 * candidates and flagged, unless it comes out at most `countLimit`: then undefined, and every
 * candidate is checked. The page is found among heads (headPage), walked (walkedPage), found by
 * stretches (stretchedPage) or marks (markedPage), or selected (selectedPage). Null when
 * changed users match, without a known place in the order, and too many users would be left to
 * the database to sort.
 */
function commonAnswer(
  indexed: IndexedUsers,
  search: IndexedSearch,
  candidates: Int32Array,
  passes: ((slot: number) => boolean) | undefined,
  keys: SortKeys,
  countLimit: number,
): IndexAnswer | null | undefined {
  const { isDirty, dirty } = indexed;
  const exact = search.term.length === 3;
  const { contains, has, matches } = termTests(indexed, search.term, passes);
  // The changed users that match: by their keys (by id), or without a known place in a sorted
  // order.
  const dirtyKeys: number[] = [];
  const unplaced: number[] = [];
  for (const slot of dirty) {
    if ((passes && !passes(slot)) || !contains(slot)) continue;
    const key = keys.key(slot);
    if (Number.isNaN(key)) unplaced.push(slot);
    else dirtyKeys.push(key);
  }
  const changed = dirtyKeys.length + unplaced.length;
  const wanted = search.offset + search.limit;
  if (unplaced.length > 0 && wanted + unplaced.length > PLACED_BY_DATABASE) return null;
  const clean = candidates.length - dirtyAmong(candidates, dirty);
  let total = clean + changed;
  let share = 1;
  const estimate = !(exact && !passes && indexed.deletions === 0);
  if (estimate) {
    let checked = 0;
    let found = 0;
    for (const round of sampleRounds(candidates)) {
      for (const slot of round) {
        if (isDirty[slot]) continue;
        checked += 1;
        if (matches(slot)) found += 1;
      }
      if (shareSettled(found, checked)) break;
    }
    share = found / Math.max(1, checked);
    if (share * clean + changed <= countLimit) return undefined;
    total = roundEstimate(share * clean + changed, 0);
  }
  // A walk, or the marks of places in the order, pass over the changed users: their places there
  // are old. Those that match are placed by their keys (selectedPage), or by the database, among
  // the others' first `wanted` matches.
  const sought = unplaced.length > 0 ? { ...search, offset: 0, limit: wanted } : search;
  const page =
    dirtyKeys.length === 0
      ? (headPage(indexed, sought, passes, has) ??
        (!passes ? walkedPage(indexed, sought, candidates.length, contains) : null) ??
        stretchedPage(indexed, sought, candidates, passes, has) ??
        markedPage(indexed, sought, candidates, passes, has))
      : selectedPage(indexed, search, candidates, keys, dirtyKeys, share, matches);
  if (!page) return null;
  const counted = !estimate
    ? { total }
    : page.all
      ? { total: page.matches + unplaced.length }
      : { total: Math.max(total, sought.offset + page.ids.length + unplaced.length), estimate };
  if (unplaced.length > 0) return placedByDatabase(indexed, page.ids, unplaced, wanted, counted);
  return { ids: page.ids, ...counted };
}

/**
 * Up to SAMPLE of the candidates (all of fewer), one at a random place in each of SAMPLE equal
 * stretches (a fixed stride would see only one kind of a list that alternates, as every other
 * user in a school), given in rounds of about SAMPLE_ROUND that each take every few of those
 * places, so that any round ends a sample spread over all of them. The places are the same for
 * every page of a search, so its estimate does not change.
 */
function* sampleRounds(candidates: Int32Array): Generator<number[]> {
  const size = Math.min(SAMPLE, candidates.length);
  const stride = candidates.length / size;
  const places = new Int32Array(size);
  let seed = 0x9e3779b9;
  for (let i = 0; i < size; i += 1) {
    // xorshift32
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    const jitter = stride > 1 ? (seed >>> 0) / 2 ** 32 : 0;
    places[i] = Math.floor((i + jitter) * stride);
  }
  const rounds = Math.ceil(size / SAMPLE_ROUND);
  for (let round = 0; round < rounds; round += 1) {
    const slots: number[] = [];
    for (let i = round; i < size; i += rounds) slots.push(candidates[places[i]!]!);
    yield slots;
  }
}

/**
 * Whether `found` matches of `checked` give the share within a twentieth of itself, at 95 %
 * confidence: a rare term's few matches are read in full (its total is small, each match counts).
 */
function shareSettled(found: number, checked: number): boolean {
  // Fewer than a round of clean users (most candidates changed) settles nothing.
  if (checked < SAMPLE_ROUND) return false;
  const share = found / checked;
  return 1.96 * Math.sqrt((share * (1 - share)) / checked) <= share / 20;
}

/** How many of the changed users' slots are among the candidates (ascending). */
function dirtyAmong(candidates: Int32Array, dirty: number[]): number {
  let among = 0;
  for (const slot of dirty) if (sortedIndexOf(candidates, slot) >= 0) among += 1;
  return among;
}

/** The sort keys of a selection, its memory kept between searches (they run one at a time). */
let scratch = new Float64Array(0);

interface FoundPage {
  ids: number[];
  /** Whether every match was looked at (then `matches` is their number). */
  all: boolean;
  matches: number;
}

/**
 * A page found by selecting the candidates' smallest sort keys (two numbers read per candidate)
 * and checking only those, in order, until the page's end.
 */
function selectedPage(
  indexed: IndexedUsers,
  search: IndexedSearch,
  candidates: Int32Array,
  keys: SortKeys,
  dirtyKeys: number[],
  share: number,
  matches: (slot: number) => boolean,
): FoundPage {
  const { isDirty } = indexed;
  const wanted = search.offset + search.limit;
  // Each candidate's key is read once (from places all over the ranks), then read in sequence.
  const all = candidates.length + dirtyKeys.length;
  if (scratch.length < all) scratch = new Float64Array(Math.max(all, 2 * scratch.length));
  const selected = scratch;
  let count = 0;
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = candidates[i]!;
    if (!isDirty[slot]) selected[count++] = keys.key(slot);
  }
  for (const key of dirtyKeys) selected[count++] = key;
  // The keys expected to hold the page's matches are moved to the front and sorted; when too few
  // of them match (the matches cluster further on in the order), the next stretch, eight times
  // as long, and so on.
  let size = Math.ceil((wanted / Math.max(share, 0.01)) * 1.25) + 32;
  const ids: number[] = [];
  for (let start = 0; start < count && ids.length < wanted; start += size, size *= 8) {
    const rest = selected.subarray(start, count);
    smallestFirst(rest, size);
    for (const key of rest.subarray(0, size).sort()) {
      const slot = keys.slot(key);
      if (!matches(slot)) continue;
      ids.push(indexed.ids[slot]!);
      if (ids.length === wanted) break;
    }
  }
  return { ids: ids.slice(search.offset), all: ids.length < wanted, matches: ids.length };
}

/** A bit for each place in a sort order, kept between searches (they run one at a time). */
let marks = new Int32Array(0);

/**
 * A page found by marking each candidate's place in the sort order (its rank; by id, its slot),
 * then reading the marks in order and checking those users until the page's end: one pass over
 * the candidates reading a rank each, where selecting by keys (selectedPage) also writes, selects
 * and sorts them; the way for the ids' order, and for an order that misses a user of the base.
 * Null when a candidate's place is not known (deleted between reading the users and their order,
 * before the index caught up on it).
 */
function markedPage(
  indexed: IndexedUsers,
  search: IndexedSearch,
  candidates: Int32Array,
  passes: ((slot: number) => boolean) | undefined,
  has: (slot: number) => boolean,
): FoundPage | null {
  const { isDirty } = indexed;
  const ranks = search.sortBy ? indexed.ranks.get(search.sortBy) : undefined;
  const order = search.sortBy ? indexed.orders.get(search.sortBy) : undefined;
  if (search.sortBy && (!ranks || !order)) return null;
  const places = indexed.baseIds.length;
  const words = (places + 31) >>> 5;
  if (marks.length < words) marks = new Int32Array(Math.max(words, 2 * marks.length));
  try {
    for (let i = 0; i < candidates.length; i += 1) {
      const slot = candidates[i]!;
      if (isDirty[slot] || (passes && !passes(slot))) continue;
      const place = ranks ? ranks[slot]! : slot;
      if (place < 0 || place >= places) {
        // Deleted while the order was read: once caught up on, not a match.
        if (!indexed.hasText(slot)) continue;
        return null;
      }
      marks[place >>> 5]! |= 1 << (place & 31);
    }
    const wanted = search.offset + search.limit;
    const ids: number[] = [];
    const take = (place: number) => {
      const slot = order ? order[place]! : place;
      if (has(slot)) ids.push(indexed.ids[slot]!);
    };
    if (search.sortOrder === "desc") {
      for (let word = words - 1; word >= 0 && ids.length < wanted; word -= 1) {
        for (let bits = marks[word]!; bits !== 0 && ids.length < wanted;) {
          const bit = 31 - Math.clz32(bits);
          bits ^= 1 << bit;
          take(word * 32 + bit);
        }
      }
    } else {
      for (let word = 0; word < words && ids.length < wanted; word += 1) {
        for (let bits = marks[word]!; bits !== 0 && ids.length < wanted;) {
          const low = bits & -bits;
          bits ^= low;
          take(word * 32 + 31 - Math.clz32(low));
        }
      }
    }
    return { ids: ids.slice(search.offset), all: ids.length < wanted, matches: ids.length };
  } finally {
    marks.fill(0, 0, words);
  }
}

/**
 * The candidates of the stretches being read, grouped by stretch; each stretch's candidates counted
 * (at `stretch + 1`), then where its group begins (`groupAt`); kept between searches.
 */
let grouped = new Int32Array(0);
const stretchCounts = new Int32Array(STRETCHES + 1);
const groupAt = new Int32Array(STRETCHES);
/** The ranks of one stretch's candidates, kept between searches. */
let stretchRanks = new Int32Array(0);

/**
 * A page of a sorted search found by the candidates' stretches of the order (one byte each, read
 * in slot order): the first stretches' candidates (with `desc`, the last ones') are grouped by
 * stretch, as few stretches as hold twice the matches the page wants, then four times as many,
 * and so on, and only their exact ranks read, in order, until the page's end: where marking every
 * candidate's place (markedPage) reads each one's rank from anywhere in the ranks, several times
 * the cost, and grouping every candidate wrote each one to a place of its stretch's (issue 14:
 * 0.3 to 0.55 ms of a clustered term's search). Null without a sort, or when a user of the base has
 * no place in the order.
 */
function stretchedPage(
  indexed: IndexedUsers,
  search: IndexedSearch,
  candidates: Int32Array,
  passes: ((slot: number) => boolean) | undefined,
  has: (slot: number) => boolean,
): FoundPage | null {
  if (!search.sortBy) return null;
  const users = indexed.baseIds.length;
  const ranks = indexed.ranks.get(search.sortBy);
  const order = indexed.orders.get(search.sortBy);
  const stretches = indexed.stretches.get(search.sortBy);
  if (!ranks || !stretches || order?.length !== users) return null;
  const { isDirty } = indexed;
  countByStretch(candidates, stretches, isDirty, users, stretchCounts);
  const wanted = search.offset + search.limit;
  const descending = search.sortOrder === "desc";
  const ids: number[] = [];
  let sought = 2 * wanted;
  for (let from = 0; from < STRETCHES && ids.length < wanted; sought *= 4) {
    // The steps [from, to): the next stretches in the page's order holding `sought` candidates.
    let to = from;
    let held = 0;
    while (to < STRETCHES && held < sought) held += stretchCounts[stretchAt(to++, descending) + 1]!;
    if (grouped.length < held) grouped = new Int32Array(Math.max(held, 2 * grouped.length));
    let at = 0;
    for (let step = from; step < to; step += 1) {
      groupAt[stretchAt(step, descending)] = at;
      at += stretchCounts[stretchAt(step, descending) + 1]!;
    }
    const low = Math.min(stretchAt(from, descending), stretchAt(to - 1, descending));
    const high = Math.max(stretchAt(from, descending), stretchAt(to - 1, descending));
    groupByStretch(candidates, stretches, isDirty, users, low, high, groupAt, grouped);
    // Each group now ends where the next begins.
    for (let step = from; step < to && ids.length < wanted; step += 1) {
      const stretch = stretchAt(step, descending);
      const count = stretchCounts[stretch + 1]!;
      if (count === 0) continue;
      const start = groupAt[stretch]! - count;
      if (stretchRanks.length < count) {
        stretchRanks = new Int32Array(Math.max(count, 2 * stretchRanks.length));
      }
      const inOrder = ranksOf(grouped.subarray(start, start + count), ranks, stretchRanks);
      inOrder.sort();
      for (let i = 0; i < count && ids.length < wanted; i += 1) {
        const slot = order[descending ? inOrder[count - 1 - i]! : inOrder[i]!]!;
        if ((passes && !passes(slot)) || !has(slot)) continue;
        ids.push(indexed.ids[slot]!);
      }
    }
    from = to;
  }
  return { ids: ids.slice(search.offset), all: ids.length < wanted, matches: ids.length };
}

// The loops of stretchedPage over every candidate, apart: they take typed arrays and numbers only,
// so V8's compiled code of them holds for every search, where stretchedPage's own (it reads a
// search's fields, calls its tests) was dropped for a search of another shape, and ran uncompiled
// for the next few of the rare searches that need it (issue 14: 3 to 8 ms where compiled 0.6).

/**
 * Counts the candidates of each stretch (at `stretch + 1`), but for changed users (and every user
 * added since the build is one): their place in the order is not known.
 */
function countByStretch(
  candidates: Int32Array,
  stretches: Uint8Array,
  isDirty: Uint8Array,
  users: number,
  counts: Int32Array,
) {
  counts.fill(0);
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = candidates[i]!;
    if (slot < users && isDirty[slot] === 0) counts[stretches[slot]! + 1]! += 1;
  }
}

/**
 * Writes the candidates of the stretches from `low` to `high` (but for changed users) to their
 * stretch's group, at its next place (`groupAt`, moved on).
 */
function groupByStretch(
  candidates: Int32Array,
  stretches: Uint8Array,
  isDirty: Uint8Array,
  users: number,
  low: number,
  high: number,
  groupAt: Int32Array,
  grouped: Int32Array,
) {
  for (let i = 0; i < candidates.length; i += 1) {
    const slot = candidates[i]!;
    if (slot >= users || isDirty[slot] !== 0) continue;
    const stretch = stretches[slot]!;
    if (stretch >= low && stretch <= high) grouped[groupAt[stretch]!++] = slot;
  }
}

/** The ranks of a group's slots, written to the start of `into`. */
function ranksOf(slots: Int32Array, ranks: Int32Array, into: Int32Array): Int32Array {
  for (let i = 0; i < slots.length; i += 1) into[i] = ranks[slots[i]!]!;
  return into.subarray(0, slots.length);
}

/** The stretch at a step of a page's order. */
function stretchAt(step: number, descending: boolean): number {
  return descending ? STRETCHES - 1 - step : step;
}

/** How many of a common trigram's first users in each order the index keeps (TrigramHeads). */
export const HEAD_SIZE = 256;
/** How many of a head's users are checked before it may be given up on (see pageInHead). */
const HEAD_SAMPLE = 64;
/** How far a page by ids walks a common trigram's users (in id order already) before giving up. */
const ID_HEAD_STEPS = 16 * HEAD_SIZE;

/**
 * A page found among the first users in the order under one of the term's trigrams (every user
 * holding the term is under each): those held by the index for a sort column (TrigramHeads),
 * tried from the rarest trigram on (where a term clusters in the order, as "rist" among first
 * names, a commoner trigram's first users may hold its page where the rarest one's do not); the
 * rarest trigram's own list by id. Null when they hold too few of the page's matches (the term is
 * held by a small share of them, or the page is far from the first) or a user of the base has no
 * place in the order.
 */
function headPage(
  indexed: IndexedUsers,
  search: IndexedSearch,
  passes: ((slot: number) => boolean) | undefined,
  has: (slot: number) => boolean,
): FoundPage | null {
  const places = indexed.postings.placesOf(search.term);
  if (places.length === 0) return null;
  const descending = search.sortOrder === "desc";
  if (!search.sortBy) {
    const list = indexed.postings.listAt(places[0]!);
    const steps = Math.min(list.length, ID_HEAD_STEPS);
    const head = descending ? list.subarray(list.length - steps) : list.subarray(0, steps);
    // A list by id is read from its end.
    return pageInHead(indexed, search, head, descending, steps === list.length, passes, has);
  }
  if (indexed.orders.get(search.sortBy)?.length !== indexed.baseIds.length) return null;
  for (const place of places) {
    // A sort column's last users are held in descending order.
    const head = indexed.heads.headOf(place, search.sortBy, descending);
    const page = head && pageInHead(indexed, search, head, false, false, passes, has);
    if (page) return page;
  }
  return null;
}

/**
 * The page among a head's users (in the order, `backwards` from its end), or null when they hold
 * too few of its matches and are not every user of the trigram (`complete`).
 */
function pageInHead(
  indexed: IndexedUsers,
  search: IndexedSearch,
  head: Int32Array,
  backwards: boolean,
  complete: boolean,
  passes: ((slot: number) => boolean) | undefined,
  has: (slot: number) => boolean,
): FoundPage | null {
  const users = indexed.baseIds.length;
  const { isDirty } = indexed;
  const wanted = search.offset + search.limit;
  const ids: number[] = [];
  let seen = 0;
  for (let i = 0; i < head.length && seen < wanted; i += 1) {
    // A head whose first users hold under half the share of matches the page needs is given up on
    // (a term clustered elsewhere in the order): the page is found another way.
    if (i === HEAD_SAMPLE && !complete && seen * head.length < (wanted * HEAD_SAMPLE) / 2)
      return null;
    const slot = head[backwards ? head.length - 1 - i : i]!;
    if (slot < 0) break;
    // A changed user (and every user added since the build is one) is not at its place.
    if (slot >= users || isDirty[slot] || (passes && !passes(slot)) || !has(slot)) continue;
    seen += 1;
    if (seen > search.offset) ids.push(indexed.ids[slot]!);
  }
  if (seen < wanted && !complete) return null;
  return { ids, all: seen < wanted, matches: seen };
}

/**
 * A page found by walking the sort order (by id, the slots) from the search's end and checking
 * each user, as far as `WALK_SLACK` times the entries the term's share of the list predicts; null
 * when that is not much cheaper than selecting among the candidates, or the walk ends short of the
 * page before the order's end (its matches cluster further on).
 */
function walkedPage(
  indexed: IndexedUsers,
  search: IndexedSearch,
  candidates: number,
  contains: (slot: number) => boolean,
): FoundPage | null {
  const users = indexed.baseIds.length;
  const order = search.sortBy ? indexed.orders.get(search.sortBy) : undefined;
  if (search.sortBy && order?.length !== users) return null;
  const { isDirty } = indexed;
  const budget = Math.ceil((WALK_SLACK * (search.offset + search.limit) * users) / candidates);
  if (budget >= candidates * WALK_SHARE) return null;
  const steps = Math.min(users, budget);
  const wanted = search.offset + search.limit;
  const descending = search.sortOrder === "desc";
  const ids: number[] = [];
  let seen = 0;
  for (let step = 0; step < steps && seen < wanted; step += 1) {
    const position = descending ? users - 1 - step : step;
    const slot = order ? order[position]! : position;
    if (isDirty[slot] || !contains(slot)) continue;
    seen += 1;
    if (seen > search.offset) ids.push(indexed.ids[slot]!);
  }
  if (seen < wanted && budget < users) return null;
  return { ids, all: seen < wanted, matches: seen };
}

/** How many users' names a rehearsal takes its terms from (see rehearsals). */
const REHEARSED_USERS = 12;
/** How many of a term's candidates each way of finding a page is given in a rehearsal, at most. */
const REHEARSED_CANDIDATES = 10_000;

/**
 * Steps that run every way of finding a page, and the search itself, on terms of the index's own
 * users (the first three and four letters of a user's first and last names), each sorted by
 * another column (or none) both ways, with and without a school's scope, their answers dropped: a
 * pause may come between steps. V8 compiles a function once it has run enough, and the ways a
 * clustered term's page is found (stretches, marks) run for few searches: 12 of the bench's 800
 * on a fresh server, whose first ones ran uncompiled, 4 to 8 ms of the thread where compiled they
 * take 0.6, every request in flight waiting behind them (issue 14). Once a process is enough (the
 * compiled code is the process's).
 */
export function* rehearsals(indexed: IndexedUsers): Generator<void> {
  const users = indexed.baseIds.length;
  const sorts = [undefined, ...indexed.orders.keys()];
  const count = Math.min(users, REHEARSED_USERS);
  let rehearsed = 0;
  for (let i = 0; i < count; i += 1) {
    const slot = Math.floor(((i + 0.5) * users) / count);
    const names = indexed.texts[slot]?.split(" ").slice(0, 2) ?? [];
    const school = indexed.ints.schoolId[slot]!;
    for (const term of names.flatMap((name) => [name.slice(0, 3), name.slice(0, 4)])) {
      if (term.length < 3) continue;
      const sortBy = sorts[rehearsed++ % sorts.length];
      for (const sortOrder of ["asc", "desc"] as const) {
        for (const schoolId of [null, school]) {
          rehearse(indexed, {
            term,
            filters: [],
            schoolId,
            sortBy,
            sortOrder,
            offset: 0,
            limit: 25,
          });
        }
      }
      yield;
    }
  }
}

/** One search through answer, then through each way of finding its page (see rehearsals). */
function rehearse(indexed: IndexedUsers, search: IndexedSearch) {
  answer(indexed, search, 0);
  const all = indexed.postings.candidates(search.term);
  const passes = indexed.filterTest(search.filters, search.schoolId);
  if (!all || passes === null) return;
  // Enough candidates for each loop to run a while, not a common trigram's hundred thousand.
  const candidates = all.subarray(0, REHEARSED_CANDIDATES);
  const { contains, has, matches } = termTests(indexed, search.term, passes);
  const ranks = search.sortBy ? indexed.ranks.get(search.sortBy) : undefined;
  const keys = sortKeys(indexed, ranks, search.sortOrder === "desc");
  headPage(indexed, search, passes, has);
  if (!passes) walkedPage(indexed, search, candidates.length, contains);
  stretchedPage(indexed, search, candidates, passes, has);
  markedPage(indexed, search, candidates, passes, has);
  selectedPage(indexed, search, candidates, keys, [], 0.5, matches);
}
