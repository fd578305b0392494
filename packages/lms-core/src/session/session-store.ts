import { DEFAULT_LANG, SESSION_STORAGE_KEY, type Lang } from "../constants";
import type { Profile } from "../api/types";
import type { Permissions } from "../schemas/role";

/** SPEC.md §3: the session kept on the client, persisted under the storage key 'auth'. */
export interface Session {
  token: string | null;
  wsToken: string | null;
  sessionKey: string | null;
  profile: Profile | null;
  photo: string | null;
  lang: Lang;
  isOnline: boolean;
  /** Set when the session ended because the token expired or was invalid (SPEC.md §4). */
  expiredSession: boolean;
  permissions: Permissions | null;
}

/** The part of the Web Storage API the store needs; injected so that no browser is assumed. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SessionStore {
  get(): Session;
  set(patch: Partial<Session>): void;
  /** Clears the signed-in part, keeping language and online state. */
  destroy(options?: { expired?: boolean }): void;
  subscribe(listener: (session: Session) => void): () => void;
  isSignedIn(): boolean;
}

export function emptySession(lang: Lang = DEFAULT_LANG): Session {
  return {
    token: null,
    wsToken: null,
    sessionKey: null,
    profile: null,
    photo: null,
    lang,
    isOnline: true,
    expiredSession: false,
    permissions: null,
  };
}

export function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

export function createSessionStore(
  options: { storage?: KeyValueStorage; key?: string } = {},
): SessionStore {
  const storage = options.storage ?? memoryStorage();
  const key = options.key ?? SESSION_STORAGE_KEY;
  const listeners = new Set<(session: Session) => void>();
  let current = load();

  function load(): Session {
    try {
      const raw = storage.getItem(key);
      return raw ? { ...emptySession(), ...(JSON.parse(raw) as Partial<Session>) } : emptySession();
    } catch {
      return emptySession();
    }
  }

  function commit(next: Session) {
    current = next;
    try {
      storage.setItem(key, JSON.stringify(next));
    } catch {
      // A full or blocked storage must not break the running session.
    }
    for (const listener of listeners) listener(current);
  }

  return {
    get: () => current,
    set: (patch) => commit({ ...current, ...patch }),
    destroy: ({ expired = false } = {}) =>
      commit({
        ...emptySession(current.lang),
        isOnline: current.isOnline,
        expiredSession: expired,
      }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isSignedIn: () => Boolean(current.token && current.profile),
  };
}
