import type { Db } from "../../db/client";
import type { JsonText } from "../../lib/json-text";
import { UserPageRows, type PageRow } from "../../plugins/app/repositories/user-page-rows";
import { readKeysOncePerTurn } from "../versioned-cache/turn-reads";
import { UserRecordTexts } from "./user-record-texts";

/**
 * A users' page's rows with the records read held while their tables' versions stand
 * (UserRecordTexts; LMS_READ_MODELS on, made by keptUsersListReads).
 */
export class HeldUserPageRows extends UserPageRows {
  /** The pages of one turn's requests read in one statement (the version the same for all). */
  override readonly byIds = readKeysOncePerTurn(this.readByIds, (row: PageRow) => row.id);
  /** The records of pages read lately, written as JSON. */
  readonly texts;

  constructor(db: Db) {
    super(db);
    this.texts = new UserRecordTexts(db);
  }

  /** The records of a page's rows, held for the next pages that show them. */
  override hold(rows: PageRow[]): JsonText {
    return this.texts.hold(rows[0]?.recordVersions, rows);
  }
}
