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
