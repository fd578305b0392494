/**
 * The k smallest of the numbers pushed, kept in a max-heap: a page of a sorted match set without
 * sorting all of it (k log k + n log k instead of n log n, n the matches and k the page's end).
 */
export class TopKeys {
  private readonly heap: Float64Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.heap = new Float64Array(Math.max(0, k));
  }

  push(key: number): void {
    const heap = this.heap;
    if (this.size < this.k) {
      let at = this.size;
      this.size += 1;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (heap[parent]! >= key) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = key;
      return;
    }
    if (this.k === 0 || key >= heap[0]!) return;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const larger = right < this.size && heap[right]! > heap[left]! ? right : left;
      if (heap[larger]! <= key) break;
      heap[at] = heap[larger]!;
      at = larger;
    }
    heap[at] = key;
  }

  /** The kept numbers, smallest first. */
  sorted(): number[] {
    return Array.from(this.heap.subarray(0, this.size).sort());
  }
}

/**
 * Reorders `keys` so that its `k` smallest come first, in no order (Hoare's selection: linear on
 * average, where sorting them all is n log n). The numbers are distinct.
 */
export function smallestFirst(keys: Float64Array, k: number): void {
  let low = 0;
  let high = keys.length - 1;
  // Random pivots: a list's own order (a name's users in id order) must not make it quadratic;
  // past the rounds a fair run needs, the rest is sorted.
  let rounds = 4 * Math.ceil(Math.log2(keys.length + 1));
  while (low < high && k > low && k <= high) {
    if ((rounds -= 1) < 0) {
      keys.subarray(low, high + 1).sort();
      return;
    }
    const pivot = keys[low + Math.floor(Math.random() * (high - low + 1))]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (keys[i]! < pivot) i += 1;
      while (keys[j]! > pivot) j -= 1;
      if (i <= j) {
        const kept = keys[i]!;
        keys[i] = keys[j]!;
        keys[j] = kept;
        i += 1;
        j -= 1;
      }
    }
    // keys[low..j] ≤ pivot ≤ keys[i..high]: the k-th place lies on one side, or between.
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return;
  }
}
