import { LRUCache } from "lru-cache";

/** A value and the versions it was read at. */
export interface VersionedEntry<V> {
  value: V;
  version: string;
}

/**
 * The one versioned cache every read model keeps its values in: each value is kept with the
 * versions of the tables it was read at (change_counters, moved by triggers at commit, as
 * `preparedVersions` or a statement's `versionsColumn` reads them), and answers only a read at
 * those versions, so a write on any server process is seen by the next read. A key may name its
 * versions itself (then its version is ""): a key of versions no longer current is never asked
 * again and ages out. Least recently used first out. Off (LMS_READ_MODELS), nothing is kept:
 * every read is made.
 */
export class VersionedCache<
  V extends object | number | boolean | string,
  K extends string | number = string,
> {
  private readonly entries: LRUCache<K, VersionedEntry<V>> | null;

  /** @param options lru-cache's bounds; a size is of the value */
  constructor({ sizeCalculation, ...options }: VersionedCacheOptions<K, V>, on = true) {
    this.entries = on
      ? new LRUCache<K, VersionedEntry<V>>({
          ...(options as LRUCache.Options<K, VersionedEntry<V>, unknown>),
          ...(sizeCalculation && { sizeCalculation: (entry) => sizeCalculation(entry.value) }),
        })
      : null;
  }

  /** Whether anything is kept at all. */
  get on(): boolean {
    return this.entries !== null;
  }

  /** The value kept under `key` at `version`; one kept at other versions is not answered. */
  get(key: K | null, version = ""): V | undefined {
    if (key === null) return undefined;
    const entry = this.entries?.get(key);
    return entry?.version === version ? entry.value : undefined;
  }

  /** The value kept under `key` and the versions it was read at, whatever the versions are now. */
  peek(key: K): VersionedEntry<V> | undefined {
    return this.entries?.get(key);
  }

  has(key: K | null, version = ""): boolean {
    return this.get(key, version) !== undefined;
  }

  /** Keeps `value` read at `version` under `key` (a null key: nothing to key it by). */
  set(key: K | null, value: V, version = ""): void {
    if (key !== null) this.entries?.set(key, { value, version });
  }

  /** Forgets every value kept. */
  clear(): void {
    this.entries?.clear();
  }

  /**
   * What is kept under `key`, else `read` and kept there; a null key (no version to key it by)
   * reads every time.
   */
  async keptOr(key: K | null, read: () => Promise<V>): Promise<V>;
  /** With `keptOnly`: what is kept under `key`, else null (nothing is read). */
  async keptOr(key: K | null, read: () => Promise<V>, keptOnly: boolean): Promise<V | null>;
  async keptOr(key: K | null, read: () => Promise<V>, keptOnly = false): Promise<V | null> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    if (keptOnly) return null;
    const value = await read();
    this.set(key, value);
    return value;
  }
}

/** lru-cache's options for a VersionedCache: its bounds, a size measured on the value. */
export type VersionedCacheOptions<
  K extends string | number,
  V extends object | number | boolean | string,
> = Omit<LRUCache.Options<K, VersionedEntry<V>, unknown>, "sizeCalculation"> & {
  sizeCalculation?: (value: V) => number;
};
