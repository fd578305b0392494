import type { ListFilter } from "@lms/core";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { ListInput } from "../../lib/list";
import {
  everyOrder,
  orderName,
  type ClassListOptions,
  type ClassPage,
} from "../../plugins/app/repositories/class-list-order";
import { toRecord, type ClassRow } from "../../plugins/app/repositories/class-rows";
import type { ClassScope } from "../../services/class-scope";
import { HeldList } from "./held-list";
import type { MemoryListSource } from "./list-memory";

/**
 * The stored classes (class_list) held in memory (HeldList): every class's text starts with
 * "grade ", whose trigrams are on every row, so a search in the database reads each match (a heap
 * block each), then counts and sorts them.
 */
export class ClassListMemory extends HeldList<ClassRow> {
  /** @param on the stored classes are held (tests turn it off) */
  constructor(db: Db, on = true) {
    const source: MemoryListSource = {
      tables: ["class_list"],
      columns: sql`k.school_id, k.year_from, k.year_to, k.grade, k.section, k.school_name,
        k.students, k.teachers, k.average_completion`,
      from: sql`class_list k`,
      searchText: sql`k.search_text`,
      school: sql`k.school_id`,
      orders: everyOrder(),
    };
    super(db, source, on);
  }

  /**
   * A page from the stored classes in memory, or null: only a list (searched or not) of every
   * class or of one school's, without filters, course or teacher, while the memory holds the
   * table's version.
   */
  async page(
    input: ListInput,
    filters: ListFilter[],
    options: ClassListOptions,
    scope: ClassScope,
  ): Promise<ClassPage | null> {
    const school = options.schoolId ?? scope.schoolId;
    if (
      filters.length > 0 ||
      options.courseId !== undefined ||
      scope.teacherId !== null ||
      (scope.schoolId !== null && school !== scope.schoolId)
    ) {
      return null;
    }
    return this.pageOf(input, { schoolId: school, order: orderName(input) }, toRecord);
  }
}
