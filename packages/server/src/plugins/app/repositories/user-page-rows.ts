import type { UserRecord } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { preparedRows, rowsOf, type Db } from "../../../db/client";
import { versionsTextOf } from "../../../db/change-versions";
import { changeCounters } from "../../../db/schema";
import { JsonText } from "../../../lib/json-text";
import { listOrder, pageOf, type ListInput } from "../../../lib/list";
import { inOrder } from "./list-pages";
import { listSpec, selectRecordTexts } from "./user-records";

/** The tables a user's record is read from (user-records.ts), each with a change counter (0027). */
export const RECORD_TABLES = [
  "users",
  "roles",
  "schools",
  "user_loads",
  "parent_children",
] as const;

/** A user's id and record as JSON (recordJson). */
export interface RecordText {
  id: number;
  record: string;
}

/** The versions of the tables a record is read from, as a column of the statement that reads it. */
export const recordVersionsColumn = () => versionsTextOf(RECORD_TABLES);

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

/**
 * The rows of a users' page by id, and their records as JSON (SQL only: HeldUserPageRows, in
 * read-models, holds the records read while their tables' versions stand).
 */
export class UserPageRows {
  /** A page's rows by id (`ids` in no order): one statement. */
  protected readonly readByIds: (ids: readonly number[]) => Promise<PageRow[]>;
  /** A page's rows by id (`ids` in no order). */
  readonly byIds: (ids: readonly number[]) => Promise<PageRow[]>;

  constructor(protected readonly db: Db) {
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
    this.readByIds = (ids) => byIds([`{${ids.join(",")}}`]);
    this.byIds = this.readByIds;
  }

  /** The records of `ids`, in that order (held for the next pages that show them, if kept). */
  async records(ids: number[]): Promise<UserRecord[] | JsonText> {
    if (ids.length === 0) return [];
    return this.hold(inOrder(await this.byIds(ids), ids));
  }

  /** The records of a page's rows as one JSON array (held for the next pages, if kept). */
  hold(rows: PageRow[]): JsonText {
    return new JsonText(rows.map((row) => row.record));
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
