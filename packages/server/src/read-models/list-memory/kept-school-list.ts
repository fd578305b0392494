import type { ListFilter, SchoolRecord } from "@lms/core";
import { getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { schools } from "../../db/schema";
import type { JsonText } from "../../lib/json-text";
import type { ListInput } from "../../lib/list";
import type { Scope } from "../../plugins/app/repositories/records";
import {
  SchoolsRepository,
  schoolsListSpec,
  type SchoolRow,
} from "../../plugins/app/repositories/schools-repository";
import { toSchoolRecord } from "../../services/school-records";
import { VersionedPages } from "../versioned-cache/versioned-pages";
import { fieldColumns, ListMemory, specOrderName, specOrders } from "./list-memory";

/**
 * The schools' repository with its read models in front (LMS_READ_MODELS on, wired by
 * createRepositories): a page of every school (or of a school admin's own) without filters from
 * the schools held in memory (ListMemory) while they are current, else the repository's SQL with
 * the totals kept per version of the tables they read (VersionedPages).
 */
export class KeptSchoolList extends SchoolsRepository {
  private readonly memory;

  /** @param options.inMemory the schools are held in memory (tests turn it off) */
  constructor(db: Db, { inMemory = true }: { inMemory?: boolean } = {}) {
    super(db, new VersionedPages(db));
    this.memory = inMemory
      ? new ListMemory<SchoolRow>(db, {
          tables: ["schools"],
          columns: fieldColumns(getTableColumns(schools)),
          from: sql`${schools}`,
          searchText: sql`${schools.searchText}`,
          school: sql`${schools.id}`,
          orders: specOrders(schoolsListSpec),
        })
      : null;
  }

  /** Whether the memory holds the schools as they are now (loaded first if need be). */
  override async memoryReady(): Promise<boolean> {
    return (await this.memory?.ready()) ?? false;
  }

  override close(): void {
    this.memory?.close();
  }

  override async list(
    input: ListInput,
    filters: ListFilter[],
    scope: Scope,
  ): Promise<{ rows: SchoolRecord[] | JsonText; total: number; fromMemory?: true }> {
    if (this.memory && filters.length === 0) {
      const found = await this.memory.recordsFor(
        input,
        { schoolId: scope.schoolId, order: specOrderName(schoolsListSpec, input) },
        toSchoolRecord,
      );
      if (found) return { rows: found.records, total: found.total, fromMemory: true };
    }
    return super.list(input, filters, scope);
  }
}
