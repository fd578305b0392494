import { sortedIndexOf } from "./sorted-index";

/**
 * Which texts hold each three-character sequence (a trigram), for substring searches in memory:
 * every text that contains a term contains each of the term's trigrams, so the texts listed under
 * the term's rarest trigram are all the candidates, and checking each candidate finds the matches.
 * Characters are UTF-16 code units, as `String.prototype.includes` compares them.
 */
export class TrigramPostings {
  private constructor(
    /** Each trigram present, ascending; its slots are `slots[starts[i]]` up to `starts[i + 1]`. */
    private readonly codes: Float64Array,
    private readonly starts: Int32Array,
    private readonly slots: Int32Array,
  ) {}

  /** Postings of texts by position (a text's slot is its index); empty slots may be undefined. */
  static build(texts: readonly (string | undefined)[]): TrigramPostings {
    const steps = TrigramPostings.steps(texts);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The same, built in steps of `STEP_TEXTS` texts with a pause between them (a million users' texts
   * take the thread for a second or more): requests are answered meanwhile.
   */
  static async buildInSteps(
    texts: readonly (string | undefined)[],
    pause: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve)),
  ): Promise<TrigramPostings> {
    const steps = TrigramPostings.steps(texts);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
      await pause();
    }
  }

  private static *steps(
    texts: readonly (string | undefined)[],
  ): Generator<void, TrigramPostings, void> {
    // Two passes (count, then fill) into one array of every list, the lists in trigram order: a
    // few typed arrays in all, where a typed array per trigram cost its own header and a 2^21-slot
    // table of them 16 MB per index. ASCII trigrams (nearly all of a name or an e-mail) are
    // counted in flat arrays that live only while building, the rest in maps.
    const asciiCounts = new Int32Array(ASCII_CODES);
    const asciiLast = new Int32Array(ASCII_CODES).fill(-1);
    const otherCounts = new Map<number, number>();
    const otherLast = new Map<number, number>();
    // The texts given now: one appended during a pause is not half listed.
    const count = texts.length;
    function* eachTrigram(visit: (code: number, slot: number) => void) {
      for (let slot = 0; slot < count; slot += 1) {
        if (slot % STEP_TEXTS === STEP_TEXTS - 1) yield;
        const text = texts[slot];
        if (!text) continue;
        for (let i = 0; i + 3 <= text.length; i += 1) {
          const code = trigramAt(text, i);
          if (code < ASCII_CODES) {
            if (asciiLast[code] === slot) continue;
            asciiLast[code] = slot;
          } else {
            if (otherLast.get(code) === slot) continue;
            otherLast.set(code, slot);
          }
          visit(code, slot);
        }
      }
    }
    yield* eachTrigram((code) => {
      if (code < ASCII_CODES) asciiCounts[code] = asciiCounts[code]! + 1;
      else otherCounts.set(code, (otherCounts.get(code) ?? 0) + 1);
    });
    let present = otherCounts.size;
    for (let code = 0; code < ASCII_CODES; code += 1) if (asciiCounts[code]! > 0) present += 1;
    const codes = new Float64Array(present);
    const starts = new Int32Array(present + 1);
    // The counts become each list's fill position.
    let at = 0;
    let index = 0;
    for (let code = 0; code < ASCII_CODES; code += 1) {
      const count = asciiCounts[code]!;
      if (count === 0) continue;
      codes[index] = code;
      starts[index] = at;
      asciiCounts[code] = at;
      at += count;
      index += 1;
    }
    for (const [code, count] of [...otherCounts].sort((a, b) => a[0] - b[0])) {
      codes[index] = code;
      starts[index] = at;
      otherCounts.set(code, at);
      at += count;
      index += 1;
    }
    starts[present] = at;
    const slots = new Int32Array(at);
    asciiLast.fill(-1);
    otherLast.clear();
    yield* eachTrigram((code, slot) => {
      if (code < ASCII_CODES) {
        slots[asciiCounts[code]!] = slot;
        asciiCounts[code] = asciiCounts[code]! + 1;
      } else {
        const next = otherCounts.get(code)!;
        slots[next] = slot;
        otherCounts.set(code, next + 1);
      }
    });
    return new TrigramPostings(codes, starts, slots);
  }

  /**
   * The slots whose text may contain the term: those listed under every one of its trigrams (for a
   * term of three characters, exactly the texts that contain it). Null for a term of fewer than
   * three characters, which has no trigram to narrow by. For a term of more than one trigram the
   * slots are held in memory shared by every postings: valid until the next call of `candidates`
   * (a search reads them before it yields).
   */
  candidates(term: string): Int32Array | null {
    if (term.length < 3) return null;
    const lists: Int32Array[] = [];
    for (let i = 0; i + 3 <= term.length; i += 1) {
      const list = this.listOf(trigramAt(term, i));
      if (!list) return new Int32Array(0);
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    let slots = lists[0]!;
    for (let i = 1; i < lists.length && slots.length > 0; i += 1) {
      slots = intersect(slots, lists[i]!, scratch(i % 2, slots.length));
    }
    return slots;
  }

  /**
   * Where the term's trigram with the fewest texts is listed (its users hold the term most often),
   * or -1: for a term of fewer than three characters, or with a trigram no text holds.
   */
  rarestOf(term: string): number {
    return this.placesOf(term)[0] ?? -1;
  }

  /**
   * Where each of the term's trigrams is listed, once each, the fewest texts first; none for a
   * term of fewer than three characters, or with a trigram no text holds.
   */
  placesOf(term: string): number[] {
    const places: number[] = [];
    for (let i = 0; i + 3 <= term.length; i += 1) {
      const at = sortedIndexOf(this.codes, trigramAt(term, i));
      if (at < 0) return [];
      if (!places.includes(at)) places.push(at);
    }
    return places.sort((a, b) => this.lengthAt(a) - this.lengthAt(b) || a - b);
  }

  /** The slots listed at a place of the trigrams (ascending). */
  listAt(at: number): Int32Array {
    return this.slots.subarray(this.starts[at], this.starts[at + 1]);
  }

  /** The places of the trigrams listing from `least` to `most` texts. */
  placesListing(least: number, most = Infinity): number[] {
    const places: number[] = [];
    for (let at = 0; at < this.codes.length; at += 1) {
      const length = this.lengthAt(at);
      if (length >= least && length <= most) places.push(at);
    }
    return places;
  }

  private lengthAt(at: number): number {
    return this.starts[at + 1]! - this.starts[at]!;
  }

  private listOf(code: number): Int32Array | null {
    const at = sortedIndexOf(this.codes, code);
    return at < 0 ? null : this.slots.subarray(this.starts[at], this.starts[at + 1]);
  }
}

/**
 * Two buffers the intersections of a search write to in turn (each reads the other's), kept
 * between searches: a common term's lists intersect to tens of thousands of slots, which allocated
 * afresh for every search kept the collector busy.
 */
const scratches = [new Int32Array(0), new Int32Array(0)];

function scratch(which: number, length: number): Int32Array {
  if (scratches[which]!.length < length) {
    scratches[which] = new Int32Array(Math.max(length, scratches[which]!.length * 2));
  }
  return scratches[which]!;
}

/**
 * Below this ratio of the lists' lengths a merge reads both in step; above it the shorter one's
 * slots are found in the longer by galloping (most of the longer list is skipped).
 */
const MERGE_RATIO = 8;

/** The slots in both ascending lists, `small` being the shorter, written to `out`. */
function intersect(small: Int32Array, large: Int32Array, out: Int32Array): Int32Array {
  if (large.length < MERGE_RATIO * small.length) return merged(small, large, out);
  let found = 0;
  let from = 0;
  for (let i = 0; i < small.length && from < large.length; i += 1) {
    const slot = small[i]!;
    // Gallop: double the step until past the slot, then search the last step's range.
    let step = 1;
    while (from + step < large.length && large[from + step]! < slot) step *= 2;
    let low = from;
    let high = Math.min(from + step, large.length - 1);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (large[middle]! < slot) low = middle + 1;
      else high = middle;
    }
    from = low;
    if (large[low] === slot) {
      out[found] = slot;
      found += 1;
      from = low + 1;
    }
  }
  return out.subarray(0, found);
}

function merged(small: Int32Array, large: Int32Array, out: Int32Array): Int32Array {
  let found = 0;
  let i = 0;
  let j = 0;
  while (i < small.length && j < large.length) {
    const a = small[i]!;
    const b = large[j]!;
    if (a === b) {
      out[found] = a;
      found += 1;
      i += 1;
      j += 1;
    } else if (a < b) i += 1;
    else j += 1;
  }
  return out.subarray(0, found);
}

/** How many texts a step of buildInSteps reads (a few tens of milliseconds of work). */
const STEP_TEXTS = 25_000;

/** Trigrams of three ASCII characters are numbered below this, the others above. */
const ASCII_CODES = 1 << 21;

function trigramAt(text: string, i: number): number {
  const a = text.charCodeAt(i);
  const b = text.charCodeAt(i + 1);
  const c = text.charCodeAt(i + 2);
  if (a < 128 && b < 128 && c < 128) return (a << 14) | (b << 7) | c;
  return ASCII_CODES + (a * 65536 + b) * 65536 + c;
}
