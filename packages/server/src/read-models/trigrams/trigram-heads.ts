import type { TrigramPostings } from "./trigram-postings";

/**
 * A sort order of the texts: each slot's rank (-1 when not in it), the slots by rank, and each
 * slot's stretch of it (rank × 256 / length, rounded down).
 */
export interface RankedOrder {
  ranks: Int32Array;
  order: Int32Array;
  stretches: Uint8Array;
}

/** How many stretches a RankedOrder divides its order into (one byte a slot). */
const STRETCHES = 256;

/**
 * A trigram under more than this share of the texts has no heads: a term that common is found by
 * walking the order and checking each text (a few hundred steps), and such trigrams (an e-mail
 * domain's, in every user) would hold most of the postings to read. Below it a term may still
 * cluster in an order ("ine" among first names sorted by first name: a twelfth of a million
 * users, found in 2 to 3 ms without heads).
 */
const MOST_SHARE = 1 / 4;

/** About how many postings a step of `build` reads in every order before it pauses. */
const STEP_POSTINGS = 250_000;

/**
 * The first and the last `size` slots in each sort order among the texts under each common
 * trigram (issue 14): the page of a common term (the first 25 users in an order that hold it) is
 * among the first few users of its rarest trigram in that order, when the term is held by a fair
 * share of them, so a page reads those few where it would otherwise pass over every candidate.
 * Heads are padded with -1 when a trigram's texts have fewer places in an order.
 */
export class TrigramHeads {
  private constructor(
    /** Each common trigram's number among the heads, by its place in the postings. */
    private readonly numbers: Map<number, number>,
    private readonly heads: Map<string, { first: Int32Array; last: Int32Array }>,
    readonly size: number,
  ) {}

  static none(): TrigramHeads {
    return new TrigramHeads(new Map(), new Map(), 0);
  }

  /**
   * The heads of the trigrams listing from `common` texts to a `MOST_SHARE` of them, in steps with
   * a pause between them (a million users' postings take the thread for a second or more).
   */
  static async build(
    postings: TrigramPostings,
    orders: ReadonlyMap<string, RankedOrder>,
    options: { common: number; size: number; pause?: () => Promise<void> },
  ): Promise<TrigramHeads> {
    const { size, pause = () => new Promise((resolve) => setImmediate(resolve)) } = options;
    let longest = 0;
    for (const { order } of orders.values()) longest = Math.max(longest, order.length);
    const places = postings.placesListing(
      Math.max(options.common, 2 * size),
      Math.max(2 * size, Math.floor(longest * MOST_SHARE)),
    );
    const numbers = new Map(places.map((place, number) => [place, number]));
    const heads = new Map<string, { first: Int32Array; last: Int32Array }>();
    for (const [sortBy, { order, ranks }] of orders) {
      // An order missing a user is not read by its heads (the page is found otherwise).
      if (order.length !== ranks.length) continue;
      heads.set(sortBy, {
        first: new Int32Array(places.length * size).fill(-1),
        last: new Int32Array(places.length * size).fill(-1),
      });
    }
    const spread = new Int32Array(STRETCHES);
    // A stretch holds at most its share of the order, so the stretches that reach `size` from
    // either end hold fewer than `size` plus one stretch.
    const room = size + Math.ceil(longest / STRETCHES) + 1;
    const scratch = { low: new Int32Array(room), high: new Int32Array(room) };
    for (let from = 0, to = 0; from < places.length; from = to) {
      // The trigrams of the step: at least one, else as many as STEP_POSTINGS holds.
      let read = postings.listAt(places[from]!).length;
      for (to = from + 1; to < places.length; to += 1) {
        read += postings.listAt(places[to]!).length;
        if (read > STEP_POSTINGS) break;
      }
      for (const [sortBy, { first, last }] of heads) {
        const order = orders.get(sortBy)!;
        for (let number = from; number < to; number += 1) {
          const [start, end] = [number * size, (number + 1) * size];
          const list = postings.listAt(places[number]!);
          fillHeads(
            list,
            order,
            spread,
            scratch,
            first.subarray(start, end),
            last.subarray(start, end),
          );
        }
      }
      await pause();
    }
    return new TrigramHeads(numbers, heads, size);
  }

  /**
   * The first slots in an order (from its end when descending) among the texts listed at a place
   * of the postings, or null when that trigram is not common.
   */
  headOf(place: number, sortBy: string, descending: boolean): Int32Array | null {
    const number = this.numbers.get(place);
    const heads = this.heads.get(sortBy);
    if (number === undefined || !heads) return null;
    const from = number * this.size;
    return (descending ? heads.last : heads.first).subarray(from, from + this.size);
  }
}

/**
 * The list's first and last `first.length` slots in the order: its slots counted by stretch (a
 * byte each), then the ranks of those in the stretches that reach that many from either end
 * sorted, and those taken. Every slot of the list has a place in the order.
 */
function fillHeads(
  list: Int32Array,
  { ranks, order, stretches }: RankedOrder,
  spread: Int32Array,
  scratch: { low: Int32Array; high: Int32Array },
  first: Int32Array,
  last: Int32Array,
) {
  const size = first.length;
  spread.fill(0);
  for (let i = 0; i < list.length; i += 1) spread[stretches[list[i]!]!]! += 1;
  let low = 0;
  for (let held = spread[0]!; held < size && low < STRETCHES - 1; held += spread[low]!) low += 1;
  let high = STRETCHES - 1;
  for (let held = spread[high]!; held < size && high > 0; held += spread[high]!) high -= 1;
  let lows = 0;
  let highs = 0;
  for (let i = 0; i < list.length; i += 1) {
    const slot = list[i]!;
    const stretch = stretches[slot]!;
    if (stretch <= low) scratch.low[lows++] = ranks[slot]!;
    if (stretch >= high) scratch.high[highs++] = ranks[slot]!;
  }
  const lowest = scratch.low.subarray(0, lows).sort();
  for (let i = 0; i < Math.min(size, lows); i += 1) first[i] = order[lowest[i]!]!;
  const highest = scratch.high.subarray(0, highs).sort();
  for (let i = 0; i < Math.min(size, highs); i += 1) last[i] = order[highest[highs - 1 - i]!]!;
}
