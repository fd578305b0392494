import type { ListResource } from "@lms/core";
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import type { JsonText } from "../../lib/json-text";
import type { ListInput, ListSpec } from "../../lib/list";
import {
  fieldColumns,
  ListMemory,
  specOrders,
  type MemoryListSource,
  type MemoryPage,
} from "./list-memory";

/** A page of a list held in memory, as its repository answers one. */
export interface HeldPage {
  rows: JsonText;
  total: number;
  fromMemory: true;
}

/**
 * A list's rows held in memory (ListMemory) in front of its repository, unless tests turn them
 * off: what each Kept…List answers from before the repository's SQL.
 */
export class HeldList<Row> {
  private readonly memory;

  constructor(db: Db, source: MemoryListSource, on = true) {
    this.memory = on ? new ListMemory<Row>(db, source) : null;
  }

  /** Whether the memory holds the list as it is now (loaded first if need be). */
  async ready(): Promise<boolean> {
    return (await this.memory?.ready()) ?? false;
  }

  close(): void {
    this.memory?.close();
  }

  /**
   * The page `input` asks in `where` from the rows held while they are current (see
   * ListMemory.recordsFor), or null: the repository's SQL answers.
   */
  async pageOf(
    input: ListInput,
    where: Pick<MemoryPage, "schoolId" | "orNoSchool" | "order">,
    toRecord: (row: Row) => unknown,
  ): Promise<HeldPage | null> {
    const found = await this.memory?.recordsFor(input, where, toRecord);
    return found ? { rows: found.records, total: found.total, fromMemory: true } : null;
  }
}

/** A list of one table's rows as a held list reads it: every column, each order of its spec. */
export function tableSource<R extends ListResource>(
  table: PgTable,
  spec: ListSpec<R>,
  { searchText, school }: { searchText: PgColumn; school: PgColumn },
): MemoryListSource {
  return {
    tables: [getTableName(table)],
    columns: fieldColumns(getTableColumns(table)),
    from: sql`${table}`,
    searchText: sql`${searchText}`,
    school: sql`${school}`,
    orders: specOrders(spec),
  };
}
