import type { ListFilter } from "@lms/core";
import type { Db } from "../../db/client";
import type { ListInput } from "../../lib/list";
import type { ClassListOptions, ClassPage } from "../../plugins/app/repositories/class-list-order";
import {
  ClassesRepository,
  type ClassListCount,
  type ClassScope,
} from "../../plugins/app/repositories/classes-repository";
import { VersionedCounts } from "../versioned-cache/versioned-pages";
import { ClassListMemory } from "./class-list-memory";

/**
 * The classes' repository with its read models in front (LMS_READ_MODELS on, wired by
 * createRepositories): a page of every class or of a school's from the stored classes held in
 * memory (ClassListMemory) while they are current, else the repository's SQL with the total kept
 * per version of the tables it reads (VersionedCounts).
 */
export class KeptClassList extends ClassesRepository {
  private readonly counts;
  private readonly memory;

  /**
   * @param options.sortedMatches the most matches a search sorts for its page (tests make it small)
   * @param options.inMemory the stored classes are held in memory (tests turn it off)
   */
  constructor(
    db: Db,
    { sortedMatches, inMemory = true }: { sortedMatches?: number; inMemory?: boolean } = {},
  ) {
    super(db, { sortedMatches });
    this.counts = new VersionedCounts(db);
    this.memory = new ClassListMemory(db, inMemory);
  }

  override memoryReady(): Promise<boolean> {
    return this.memory.ready();
  }

  override close(): void {
    this.memory.close();
  }

  override async list(
    input: ListInput,
    filters: ListFilter[],
    options: ClassListOptions,
    scope: ClassScope,
    today = new Date(),
  ): Promise<ClassPage> {
    await this.sync(today);
    const fromMemory = await this.memory.page(input, filters, options, scope);
    if (fromMemory) return fromMemory;
    const query = this.listQuery(input, filters, options, scope, today);
    // With the total kept for the versions read last, the page is read with the versions now, in
    // one round trip; it stands when they have not moved.
    const kept = this.counts.kept(query.tables, query.counted);
    if (kept) {
      const page = await this.pageAt(input, query, kept.total, query.tables);
      if (page && page.versions === kept.versions) return { rows: page.rows, total: kept.total };
      if (page) this.counts.missed(query.tables);
    }
    let counted = undefined as ClassListCount | undefined;
    const total = await this.counts.total(
      query.tables,
      query.counted,
      async () => (counted = await this.count(input, query)).total,
    );
    return this.pageOf(input, query, counted ?? { total });
  }
}
