import { STRETCHES, type IndexedSearch, type IndexedUsers } from "./indexed-users";
import type { SortKeys } from "./index-answer";
import { smallestFirst } from "./top-keys";

/** The sort keys of a selection, its memory kept between searches (they run one at a time). */
let scratch = new Float64Array(0);

export interface FoundPage {
  ids: number[];
  /** Whether every match was looked at (then `matches` is their number). */
  all: boolean;
  matches: number;
}

/**
 * A page found by selecting the candidates' smallest sort keys (two numbers read per candidate)
 * and checking only those, in order, until the page's end.
 */
export function selectedPage(
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
export function markedPage(
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
export function stretchedPage(
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
