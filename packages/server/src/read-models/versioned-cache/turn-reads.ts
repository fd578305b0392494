/**
 * Reads shared by the requests of one turn of the event loop (issue 14). Ten clients' requests
 * arrive together and each asks the database the same small question (the tables' versions) or a
 * few rows of one table (a page's records by id): asked once for all of them, the server's thread
 * and the database each do one statement's work where they did ten.
 *
 * A read starts in the turn's check phase, after every request read in its poll phase has asked,
 * so it sees every commit that ended before any of its callers asked: a caller never gets an older
 * answer than a read of its own would have given. A caller that asks once the read has started
 * waits for the next one.
 */
export function readOncePerTurn<T>(read: () => Promise<T>): () => Promise<T> {
  const shared = readOncePerTurnFor(read);
  return () => shared(undefined);
}

/** readOncePerTurn by key: the callers of one turn that name the same key share its read. */
export function readOncePerTurnFor<Key, T>(
  read: (key: Key) => Promise<T>,
): (key: Key) => Promise<T> {
  const open = new Map<Key, Promise<T>>();
  return (key) => {
    let next = open.get(key);
    if (!next) {
      next = new Promise<T>((resolve, reject) => {
        setImmediate(() => {
          open.delete(key);
          read(key).then(resolve, reject);
        });
      });
      open.set(key, next);
    }
    return next;
  };
}

/** Keys one read of readKeysOncePerTurn takes at most; more start another read. */
const MOST_KEYS = 2_000;

/**
 * Rows by key for the requests of one turn (readOncePerTurn): one read of every key they asked,
 * each caller answered with the rows of its own keys, in its keys' order (a key without a row left
 * out).
 */
export function readKeysOncePerTurn<Key, Row>(
  read: (keys: Key[]) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): (keys: readonly Key[]) => Promise<Row[]> {
  let open: { keys: Set<Key>; rows: Promise<Map<Key, Row>> } | null = null;
  return async (keys) => {
    if (!open || open.keys.size + keys.length > MOST_KEYS) {
      const batch = new Set<Key>();
      const rows = new Promise<Map<Key, Row>>((resolve, reject) => {
        setImmediate(() => {
          if (open?.keys === batch) open = null;
          read([...batch]).then(
            (found) => resolve(new Map(found.map((r) => [keyOf(r), r]))),
            reject,
          );
        });
      });
      open = { keys: batch, rows };
    }
    const { keys: batch, rows } = open;
    for (const key of keys) batch.add(key);
    const byKey = await rows;
    const mine: Row[] = [];
    for (const key of keys) {
      const row = byKey.get(key);
      if (row !== undefined) mine.push(row);
    }
    return mine;
  };
}
