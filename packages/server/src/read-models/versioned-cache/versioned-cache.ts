import { LRUCache } from "lru-cache";

/**
 * Values kept by keys that name the versions they were read at (change_counters, moved by
 * triggers at commit: a key of versions no longer current is never asked again, and ages out),
 * least recently used first out. Off (LMS_READ_MODELS), nothing is kept: every read is made.
 */
export class VersionedCache<V extends object | number | boolean> {
  private readonly entries: LRUCache<string, V> | null;

  constructor(options: LRUCache.Options<string, V, unknown>, on = true) {
    this.entries = on ? new LRUCache(options) : null;
  }

  /** Whether anything is kept at all. */
  get on(): boolean {
    return this.entries !== null;
  }

  get(key: string | null): V | undefined {
    return key === null ? undefined : this.entries?.get(key);
  }

  has(key: string | null): boolean {
    return key !== null && (this.entries?.has(key) ?? false);
  }

  set(key: string | null, value: V): void {
    if (key !== null) this.entries?.set(key, value);
  }

  /**
   * What is kept under `key`, else `read` and kept there; a null key (no version to key it by)
   * reads every time.
   */
  async keptOr(key: string | null, read: () => Promise<V>): Promise<V>;
  /** With `keptOnly`: what is kept under `key`, else null (nothing is read). */
  async keptOr(key: string | null, read: () => Promise<V>, keptOnly: boolean): Promise<V | null>;
  async keptOr(key: string | null, read: () => Promise<V>, keptOnly = false): Promise<V | null> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    if (keptOnly) return null;
    const value = await read();
    this.set(key, value);
    return value;
  }
}
