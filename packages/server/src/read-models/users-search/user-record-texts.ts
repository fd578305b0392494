import { LRUCache } from "lru-cache";
import type { Db } from "../../db/client";
import { JsonText } from "../../lib/json-text";
import { preparedVersions, versionsTextOf } from "../versioned-cache/versioned-pages";

/** The tables a user's record is read from (user-records.ts), each with a change counter (0027). */
const RECORD_TABLES = ["users", "roles", "schools", "user_loads", "parent_children"] as const;

/** Records held at most: some 700 bytes of JSON each, about 40 MB with the cache's own. */
const MOST_RECORDS = 50_000;

/** A user's id and record as JSON (recordJson). */
export interface RecordText {
  id: number;
  record: string;
}

/** The versions of the tables a record is read from, as a column of the statement that reads it. */
export const recordVersionsColumn = () => versionsTextOf(RECORD_TABLES);

/**
 * Users' records as the database wrote them (recordJson), held at the versions of the tables they
 * are read from (issue 14): a user page whose records are all held, with those versions still
 * current, is answered with no read of its rows (two fifths of a user page's work on the server's
 * thread on the bench's harness, and most of the database's). The records of unsearched pages are
 * held, and a search's once it is asked again. A change to any of the tables moves its version at
 * commit, and the records held at the old versions are dropped when the next page is read.
 */
export class UserRecordTexts {
  private held: { versions: string; texts: LRUCache<number, string> } | null = null;
  /** The versions now, one read for the requests of a turn (preparedVersions). */
  private readonly versions;

  /** @param on records are held (off: LMS_READ_MODELS, every page reads its rows) */
  constructor(
    db: Db,
    private readonly on = true,
  ) {
    this.versions = preparedVersions(db, "lms_user_record_versions", RECORD_TABLES);
  }

  /**
   * The records of `ids`, in that order, when every one is held and the tables are still at the
   * versions they were read at, with the users' at `usersVersion` (the version an answer was found
   * at); else null.
   */
  async page(ids: readonly number[], usersVersion: string): Promise<JsonText | null> {
    if (ids.length === 0 || !this.holds(ids)) return null;
    const versions = await this.versions();
    const held = this.held;
    if (!held || versions !== held.versions || usersVersionOf(versions) !== usersVersion)
      return null;
    const texts: string[] = [];
    for (const id of ids) {
      const text = held.texts.get(id);
      if (text === undefined) return null;
      texts.push(text);
    }
    return new JsonText(texts);
  }

  /**
   * Holds records read at `versions` (recordVersionsColumn) as the database wrote them (recordJson),
   * those held at others dropped, and answers them as one JSON array; without versions, that array.
   */
  hold(versions: string | null | undefined, rows: readonly RecordText[]): JsonText {
    if (versions && this.on) {
      if (this.held?.versions !== versions) {
        this.held = { versions, texts: new LRUCache({ max: MOST_RECORDS }) };
      }
      for (const row of rows) this.held.texts.set(row.id, row.record);
    }
    return this.written(rows);
  }

  /** Records as one JSON array, not held. */
  written(rows: readonly RecordText[]): JsonText {
    return new JsonText(rows.map((row) => row.record));
  }

  private holds(ids: readonly number[]): boolean {
    const texts = this.held?.texts;
    return texts !== undefined && ids.every((id) => texts.has(id));
  }
}

/** The users' version in a versions text ("…,users:41"). */
function usersVersionOf(versions: string): string | undefined {
  for (const entry of versions.split(",")) {
    if (entry.startsWith("users:")) return entry.slice("users:".length);
  }
  return undefined;
}
