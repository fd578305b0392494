import { LRUCache } from "lru-cache";

/**
 * The callers of recently used tokens, kept in memory so that the status check and every command
 * skip the database's session read. An entry lives at most `maxAgeMs`; the database announces
 * every change that ends a session or alters what its user may do (migration 0004, channel
 * `lms_auth`), and this process's own changes clear it at once. Nothing is kept while the
 * announcements are not being received.
 */
export const AUTH_CHANNEL = "lms_auth";

export interface CachedSession<T> {
  sessionId: number;
  parentId: number | null;
  userId: number;
  value: T;
}

/** Recently used first: past `maxEntries` the least recently used goes (lru-cache). */
export class SessionCache<T> {
  private readonly entries: LRUCache<string, CachedSession<T>>;
  /** Moves on at every forgetting, so that a read that raced a change is not kept. */
  private generation = 0;
  private live = false;

  constructor(maxAgeMs = 10_000, maxEntries = 20_000) {
    this.entries = new LRUCache({ max: maxEntries, ttl: maxAgeMs });
  }

  get(key: string): CachedSession<T> | undefined {
    return this.entries.get(key);
  }

  /** The token to pass to `set` for a read that starts now. */
  ticket(): number {
    return this.generation;
  }

  set(key: string, session: CachedSession<T>, ticket: number): void {
    if (!this.live || ticket !== this.generation) return;
    this.entries.set(key, session);
  }

  /** An announcement of the channel: `s<id>` a session, `u<id>` a user, anything else all. */
  forget(message: string): void {
    this.generation++;
    const id = Number(message.slice(1));
    const kind = Number.isInteger(id) && id > 0 ? message[0] : "*";
    if (kind !== "s" && kind !== "u") {
      this.entries.clear();
      return;
    }
    const hits: string[] = [];
    for (const [key, entry] of this.entries.entries()) {
      const hit =
        kind === "u" ? entry.userId === id : entry.sessionId === id || entry.parentId === id;
      if (hit) hits.push(key);
    }
    for (const key of hits) this.entries.delete(key);
  }

  forgetAll(): void {
    this.forget("*");
  }

  /** Whether announcements arrive; when they stop, nothing is kept or used until they resume. */
  setLive(live: boolean): void {
    this.live = live;
    this.forgetAll();
  }
}
