import type { ListFilter, SchoolRecord } from "@lms/core";
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
import { HeldList, tableSource } from "./held-list";
import { specOrderName } from "./list-memory";

/**
 * The schools' repository with its read models in front (LMS_READ_MODELS on, wired by
 * createRepositories): a page of every school (or of a school admin's own) without filters from
 * the schools held in memory (HeldList) while they are current, else the repository's SQL with
 * the totals kept per version of the tables they read (VersionedPages).
 */
export class KeptSchoolList extends SchoolsRepository {
  private readonly held;
  private readonly searches;

  /**
   * @param options.inMemory the schools are held in memory (tests turn it off)
   * @param options.searches searches are answered from them too. Off on PostgreSQL: its trigram
   *   index found one of 5,000 schools as fast (`pnpm bench` 2026-11-29: 0.51× with them held,
   *   the server's own p95 5.33 against 5.83 ms), so only pages earn the memory there.
   */
  constructor(
    db: Db,
    { inMemory = true, searches = true }: { inMemory?: boolean; searches?: boolean } = {},
  ) {
    super(db, new VersionedPages(db));
    this.searches = searches;
    const source = tableSource(schools, schoolsListSpec, {
      searchText: schools.searchText,
      school: schools.id,
    });
    this.held = new HeldList<SchoolRow>(db, source, inMemory);
  }

  override memoryReady(): Promise<boolean> {
    return this.held.ready();
  }

  override close(): void {
    this.held.close();
  }

  override async list(
    input: ListInput,
    filters: ListFilter[],
    scope: Scope,
  ): Promise<{ rows: SchoolRecord[] | JsonText; total: number; fromMemory?: true }> {
    const held =
      filters.length === 0 &&
      (this.searches || !input.search) &&
      (await this.held.pageOf(
        input,
        { schoolId: scope.schoolId, order: specOrderName(schoolsListSpec, input) },
        toSchoolRecord,
      ));
    return held || super.list(input, filters, scope);
  }
}
