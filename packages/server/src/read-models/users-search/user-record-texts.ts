import type { Db } from "../../db/client";
import { JsonText } from "../../lib/json-text";
import { VersionedCache } from "../versioned-cache/versioned-cache";
import { RECORD_TABLES, type RecordText } from "../../plugins/app/repositories/user-page-rows";
import { preparedVersions } from "../versioned-cache/versioned-pages";

/** Records held at most: some 700 bytes of JSON each, about 40 MB with the cache's own. */
const MOST_RECORDS = 50_000;

/**
 * Users' records as the database wrote them (recordJson), held at the versions of the tables they
 * are read from (issue 14): a user page whose records are all held, with those versions still
 * current, is answered with no read of its rows (two fifths of a user page's work on the server's
 * thread on the bench's harness, and most of the database's). The records of unsearched pages are
 * held, and a search's once it is asked again. A change to any of the tables moves its version at
 * commit: each record is held in a VersionedCache at the versions it was read at, and all are
 * dropped when records of other versions are held.
 */
export class UserRecordTexts {
  /** Each user's record, at the versions of the tables it was read from. */
  private readonly texts;
  /** The versions of the records held last. */
  private heldAt: string | null = null;
  /** The versions now, one read for the requests of a turn (preparedVersions). */
  private readonly versions;

  /** @param on records are held (off: LMS_READ_MODELS, every page reads its rows) */
  constructor(db: Db, on = true) {
    this.texts = new VersionedCache<string, number>({ max: MOST_RECORDS }, on);
    this.versions = preparedVersions(db, "lms_user_record_versions", RECORD_TABLES);
  }

  /**
   * The records of `ids`, in that order, when every one is held and the tables are still at the
   * versions they were read at, with the users' at `usersVersion` (the version an answer was found
   * at); else null.
   */
  async page(ids: readonly number[], usersVersion: string): Promise<JsonText | null> {
    const heldAt = this.heldAt;
    if (ids.length === 0 || heldAt === null || !this.holds(ids, heldAt)) return null;
    const versions = await this.versions();
    if (versions !== heldAt || usersVersionOf(versions) !== usersVersion) return null;
    const texts: string[] = [];
    for (const id of ids) {
      const text = this.texts.get(id, versions);
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
    if (versions && this.texts.on) {
      if (this.heldAt !== versions) {
        this.texts.clear();
        this.heldAt = versions;
      }
      for (const row of rows) this.texts.set(row.id, row.record, versions);
    }
    return this.written(rows);
  }

  /** Records as one JSON array, not held. */
  written(rows: readonly RecordText[]): JsonText {
    return new JsonText(rows.map((row) => row.record));
  }

  private holds(ids: readonly number[], versions: string): boolean {
    return ids.every((id) => this.texts.has(id, versions));
  }
}

/** The users' version in a versions text ("…,users:41"). */
function usersVersionOf(versions: string): string | undefined {
  for (const entry of versions.split(",")) {
    if (entry.startsWith("users:")) return entry.slice("users:".length);
  }
  return undefined;
}
