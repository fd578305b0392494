import type { UserRecord } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { preparedRows, rowsOf, type Db } from "../../../db/client";
import { changeCounters } from "../../../db/schema";
import type { JsonText } from "../../../lib/json-text";
import { listOrder, pageOf, type ListInput } from "../../../lib/list";
import { readKeysOncePerTurn } from "../../../read-models/versioned-cache/turn-reads";
import { inOrder } from "./list-pages";
import {
  recordVersionsColumn,
  UserRecordTexts,
  type RecordText,
} from "../../../read-models/users-search/user-record-texts";
import { listSpec, selectRecordTexts } from "./user-records";

/** A record as JSON with the users' version and the versions of every table it is read from. */
export type PageRow = RecordText & { version: string; recordVersions: string | null };

/**
 * The records of the users `ids` (selectRecordTexts) with the users' version and the versions of
 * every table a record is read from: a page is current, and its records can be held, in one round
 * trip.
 */
const pageRows = (ids: SQL, tail?: SQL) =>
  selectRecordTexts(
    ids,
    sql`(select ${changeCounters.version}::text from ${changeCounters}
          where ${changeCounters.name} = 'users') as "version",
        ${recordVersionsColumn()} as "recordVersions"`,
    tail,
  );

/** The rows of a users' page by id, and their records as JSON (held while current when on). */
export class UserPageRows {
  /** The records of pages read lately, written as JSON. */
  readonly texts;
  /** The pages of one turn's requests read in one statement (the version the same for all). */
  readonly byIds;

  /** @param held the records read are held while their tables' versions stand (LMS_READ_MODELS) */
  constructor(
    private readonly db: Db,
    held = true,
  ) {
    this.texts = new UserRecordTexts(db, held);
    const dialect = new PgDialect();
    const byIds = preparedRows<PageRow>(
      db,
      "lms_users_by_ids",
      // The ids read through a subquery: PostgreSQL then plans the statement for any number of
      // them, once. Seen as a constant, a page of fewer than about 25 made each run's own plan
      // cheaper than the one kept, and the statement was planned again on every run: 0.5 ms of
      // PostgreSQL's CPU where the run takes 0.15 (one user's record, a million users).
      { toSQL: () => dialect.sqlToQuery(pageRows(sql.raw("(select $1::int[])::int[]"))) },
      ["id", "record", "version", "recordVersions"],
    );
    // The ids as PostgreSQL's array text: pg writes an array out one piece at a time (a new string
    // for each).
    this.byIds = readKeysOncePerTurn(
      (ids: number[]) => byIds([`{${ids.join(",")}}`]),
      (row) => row.id!,
    );
  }

  /** The records of `ids`, in that order, held for the next pages that show them. */
  async records(ids: number[]): Promise<UserRecord[] | JsonText> {
    if (ids.length === 0) return [];
    return this.hold(inOrder(await this.byIds(ids), ids));
  }

  /** The records of a page's rows, held for the next pages that show them. */
  hold(rows: PageRow[]): JsonText {
    return this.texts.hold(rows[0]?.recordVersions, rows);
  }

  /** The users `ids` sorted in the list's order, the page `input` asks taken from them. */
  sortedPage(ids: number[], input: ListInput): Promise<PageRow[]> {
    const { limit, offset } = pageOf(input);
    const order = sql.join(listOrder(listSpec, input), sql`, `);
    return rowsOf<PageRow>(
      this.db.execute(
        pageRows(
          sql`${sql.param(ids)}::int[]`,
          sql`order by ${order} limit ${limit} offset ${offset}`,
        ),
      ),
    );
  }
}
