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
  private readonly entries = new Map<string, { version: string; ids: Int32Array }>();
  private held = 0;

  /**
   * @param maxIds ids held in all (4 bytes each), oldest use evicted first
   * @param maxPerEntry larger result sets are not kept (they are read page by page instead)
   */
  constructor(
    readonly maxIds = 2_000_000,
    readonly maxPerEntry = 50_000,
  ) {}

  get(key: string, version: string): Int32Array | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.version !== version) {
      this.held -= entry.ids.length;
      return undefined;
    }
    this.entries.set(key, entry);
    return entry.ids;
  }

  /** The kept ids of a key and the version they were read at, whatever the version is now. */
  peek(key: string): { version: string; ids: Int32Array } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, version: string, ids: Int32Array): void {
    if (ids.length > this.maxPerEntry) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.held -= previous.ids.length;
    }
    this.entries.set(key, { version, ids });
    this.held += ids.length;
    for (const [oldest, entry] of this.entries) {
      if (this.held <= this.maxIds) break;
      this.entries.delete(oldest);
      this.held -= entry.ids.length;
    }
  }
}
