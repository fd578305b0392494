import { ROLE_IDS, type CourseRecord, type ListFilter } from "@lms/core";
import { getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { courses } from "../../db/schema";
import type { JsonText } from "../../lib/json-text";
import type { ListInput } from "../../lib/list";
import {
  CoursesRepository,
  coursesListSpec,
  type CourseRow,
} from "../../plugins/app/repositories/courses-repository";
import { toCourseRecord, type CourseViewer } from "../../services/course-records";
import { VersionedPages } from "../versioned-cache/versioned-pages";
import { fieldColumns, ListMemory, specOrderName, specOrders } from "./list-memory";

/**
 * courseAccess's "view" for the courses held in memory: a global user's every course, a school's
 * user its school's and the global ones; null for a teacher or a student (their courses follow a
 * load or a class: the database decides).
 */
export function courseAccessInMemory(
  viewer: CourseViewer,
): { schoolId: number | null; orNoSchool: boolean } | null {
  if (viewer.schoolId === null) return { schoolId: null, orNoSchool: false };
  if (viewer.roleId === ROLE_IDS.student || viewer.roleId === ROLE_IDS.teacher) return null;
  return { schoolId: viewer.schoolId, orNoSchool: true };
}

/**
 * The courses' repository with its read models in front (LMS_READ_MODELS on, wired by
 * createRepositories): a page without filters for a global user or a school's (not a teacher's or
 * a student's) from the courses held in memory (ListMemory) while they are current, else the
 * repository's SQL with the totals kept per version of the tables they read (VersionedPages).
 */
export class KeptCourseList extends CoursesRepository {
  private readonly memory;

  /** @param options.inMemory the courses are held in memory (tests turn it off) */
  constructor(db: Db, { inMemory = true }: { inMemory?: boolean } = {}) {
    super(db, new VersionedPages(db));
    this.memory = inMemory
      ? new ListMemory<CourseRow>(db, {
          tables: ["courses"],
          columns: fieldColumns(getTableColumns(courses)),
          from: sql`${courses}`,
          searchText: sql`${courses.searchText}`,
          school: sql`${courses.schoolId}`,
          orders: specOrders(coursesListSpec),
        })
      : null;
  }

  /** Whether the memory holds the courses as they are now (loaded first if need be). */
  override async memoryReady(): Promise<boolean> {
    return (await this.memory?.ready()) ?? false;
  }

  override close(): void {
    this.memory?.close();
  }

  override async list(
    input: ListInput,
    filters: ListFilter[],
    viewer: CourseViewer,
  ): Promise<{ rows: CourseRecord[] | JsonText; total: number; fromMemory?: true }> {
    const access = courseAccessInMemory(viewer);
    if (this.memory && access && filters.length === 0) {
      const found = await this.memory.recordsFor(
        input,
        { ...access, order: specOrderName(coursesListSpec, input) },
        toCourseRecord,
      );
      if (found) return { rows: found.records, total: found.total, fromMemory: true };
    }
    return super.list(input, filters, viewer);
  }
}
