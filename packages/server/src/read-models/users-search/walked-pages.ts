import type { IndexedSearch, IndexedUsers } from "./indexed-users";
import type { FoundPage } from "./sorted-pages";

/** How many times the index entries a walk of the order is expected to need it may read. */
const WALK_SLACK = 4;
/**
 * A walk is tried when its budget is below this share of the candidates: each step reads a text,
 * where passing over a candidate's key reads two numbers, and a walk of a term clustered in the
 * order (a first name sorted by first name) ends short and costs its whole budget for nothing.
 */
const WALK_SHARE = 1 / 64;

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
export function headPage(
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
export function walkedPage(
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
