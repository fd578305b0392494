import { roundEstimate } from "../../lib/list";
import { listSpec } from "../../plugins/app/repositories/user-records";
import { sortedIndexOf } from "../trigrams/sorted-index";
import { SLOTS, type IndexedSearch, type IndexedUsers } from "./indexed-users";
import { markedPage, selectedPage, stretchedPage } from "./sorted-pages";
import { TopKeys } from "./top-keys";
import { headPage, walkedPage } from "./walked-pages";

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
export type SortKeys = { key(slot: number): number; slot(key: number): number };

export function sortKeys(
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
export function termTests(
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
