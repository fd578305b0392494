import { ROLE_IDS, type CourseRecord, type ListFilter } from "@lms/core";
import type { SQL } from "drizzle-orm";
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
import { readOncePerTurnFor } from "../versioned-cache/turn-reads";
import { VersionedPages } from "../versioned-cache/versioned-pages";
import { HeldList, tableSource } from "./held-list";
import { specOrderName } from "./list-memory";

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
 * a student's) from the courses held in memory (HeldList) while they are current, else the
 * repository's SQL with the totals kept per version of the tables they read (VersionedPages); a
 * course `find` reads once for the requests of a turn that ask the same.
 */
export class KeptCourseList extends CoursesRepository {
  private readonly held;
  private readonly foundOnce = readOncePerTurnFor((query: SQL) => super.found(query));

  /** @param options.inMemory the courses are held in memory (tests turn it off) */
  constructor(db: Db, { inMemory = true }: { inMemory?: boolean } = {}) {
    super(db, new VersionedPages(db));
    const source = tableSource(courses, coursesListSpec, {
      searchText: courses.searchText,
      school: courses.schoolId,
    });
    this.held = new HeldList<CourseRow>(db, source, inMemory);
  }

  override memoryReady(): Promise<boolean> {
    return this.held.ready();
  }

  override close(): void {
    this.held.close();
  }

  protected override async found(query: SQL): Promise<CourseRow | undefined> {
    const row = await this.foundOnce(query);
    // Each caller its own copy: the callers of one turn share the read.
    return row && { ...row };
  }

  override async list(
    input: ListInput,
    filters: ListFilter[],
    viewer: CourseViewer,
  ): Promise<{ rows: CourseRecord[] | JsonText; total: number; fromMemory?: true }> {
    const access = filters.length === 0 && courseAccessInMemory(viewer);
    const held =
      access &&
      (await this.held.pageOf(
        input,
        { ...access, order: specOrderName(coursesListSpec, input) },
        toCourseRecord,
      ));
    return held || super.list(input, filters, viewer);
  }
}
