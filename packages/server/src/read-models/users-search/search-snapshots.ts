import { LRUCache } from "lru-cache";

/**
 * The sorted ids of a searched list's matches, kept for its next pages and sorts.
 *
 * A trigram search has to read every match to count and sort them; paging through the same search
 * then reads them all again. An entry is keyed by the request's search, filters, scope and order and
 * is valid only for the table version it was read at (a counter that every committed change to the
 * table moves on, kept by a trigger: see drizzle/0002_change_counters.sql), so a change made by any
 * server process is seen on the next request.
 */
export class SearchSnapshots {
  private readonly entries: LRUCache<string, { version: string; ids: Int32Array }>;

  /**
   * @param maxIds ids held in all (4 bytes each), least recently used evicted first (lru-cache)
   * @param maxPerEntry larger result sets are not kept (they are read page by page instead)
   * @param on off (LMS_READ_MODELS), nothing is kept: every page reads its search's matches
   */
  constructor(
    readonly maxIds = 2_000_000,
    readonly maxPerEntry = 50_000,
    private readonly on = true,
  ) {
    // An empty result counts as one id: lru-cache sizes are positive.
    this.entries = new LRUCache({ maxSize: maxIds, sizeCalculation: (e) => e.ids.length || 1 });
  }

  get(key: string, version: string): Int32Array | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.ids;
  }

  /** The kept ids of a key and the version they were read at, whatever the version is now. */
  peek(key: string): { version: string; ids: Int32Array } | undefined {
    return this.entries.get(key);
  }

  set(key: string, version: string, ids: Int32Array): void {
    if (!this.on || ids.length > this.maxPerEntry) return;
    this.entries.set(key, { version, ids });
  }
}
