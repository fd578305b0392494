import type { Db } from "../../db/client";
import type { JsonText } from "../../lib/json-text";
import { UserPageRows, type PageRow } from "../../plugins/app/repositories/user-page-rows";
import { UserRecordTexts } from "./user-record-texts";

/**
 * A users' page's rows with the records read held while their tables' versions stand
 * (UserRecordTexts; LMS_READ_MODELS on, made by UsersSearchRepository).
 */
export class HeldUserPageRows extends UserPageRows {
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
