import { ROLE_IDS, type CourseRecord, type ListFilter } from "@lms/core";
import { eq, getTableColumns, isNull, or, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { preparedTableRows, rowsOf, type Db, type Executor } from "../../../db/client";
import { courses } from "../../../db/schema";
import {
  listConditions,
  listOrder,
  whereAll,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import type { JsonText } from "../../../lib/json-text";
import { ListPages, rowsByIds, specOrder } from "./list-pages";
import { created, updated } from "./records";
import {
  toCourseRecord,
  type CourseViewer,
  type CourseWrite,
} from "../../../services/course-records";

export type CourseRow = typeof courses.$inferSelect;
export const coursesListSpec: ListSpec<"courses"> = {
  resource: "courses",
  sort: {
    courseName: courses.courseName,
    courseCode: courses.courseCode,
    gradeLevel: courses.gradeLevel,
    subject: courses.subject,
    section: courses.section,
    published: courses.published,
    createdAt: courses.createdAt,
    updatedAt: courses.updatedAt,
  },
  filters: {
    gradeLevel: { column: courses.gradeLevel, type: "int" },
    subject: { column: courses.subject, type: "text" },
    section: { column: courses.section, type: "text" },
    published: { column: courses.published, type: "bool" },
    schoolId: { column: courses.schoolId, type: "int", nullable: true },
  },
  search: courses.searchText,
  id: courses.id,
};

/** A teacher sees the courses that match a row of its assigned load. */
const matchesLoad = (userId: number) => sql`exists (
  select 1 from user_loads l
   where l.user_id = ${userId}
     and l.grade = ${courses.gradeLevel}
     and lower(l.subject) = lower(${courses.subject})
     and (${courses.section} = '' or lower(l.section) = lower(${courses.section})))`;

/**
 * The courses a class (a grade and section of a school) takes, published or not: its school's and
 * the global ones of its grade and, where the course sets one, its section. Values or SQL
 * expressions (the class queries pass their columns).
 */
export function courseFitsClass(target: {
  schoolId: number | SQL;
  grade: number | SQL;
  section: string | SQL;
}): SQL {
  return sql`((${courses.schoolId} = ${target.schoolId} or ${courses.schoolId} is null)
    and ${courses.gradeLevel} = ${target.grade}
    and (${courses.section} = '' or lower(${courses.section}) = lower(${target.section})))`;
}

/**
 * Which courses a viewer may see or change (ARCHITECTURE.md "Who sees which course"): a global
 * user every course; a user with a school that school's courses and the global ones (changing
 * only its school's); a teacher those matching its load; a student the published ones of its
 * grade and, where the course sets one, its section.
 */
export function courseAccess(viewer: CourseViewer, mode: "view" | "modify"): SQL | undefined {
  if (viewer.schoolId === null) return undefined;
  const school =
    mode === "view"
      ? or(eq(courses.schoolId, viewer.schoolId), isNull(courses.schoolId))
      : eq(courses.schoolId, viewer.schoolId);
  if (viewer.roleId === ROLE_IDS.student) {
    if (mode === "modify" || viewer.grade === null) return sql`false`;
    return whereAll([
      eq(courses.published, true),
      courseFitsClass({ schoolId: viewer.schoolId, grade: viewer.grade, section: viewer.section }),
    ]);
  }
  if (viewer.roleId === ROLE_IDS.teacher) return whereAll([school, matchesLoad(viewer.userId)]);
  return school;
}

/** The tables courseAccess reads for a viewer (a teacher's courses follow its load). */
export const courseAccessTables = (viewer: CourseViewer): string[] =>
  viewer.schoolId !== null && viewer.roleId === ROLE_IDS.teacher
    ? ["courses", "user_loads"]
    : ["courses"];

/**
 * The courses (SQL only): KeptCourseList (read-models) holds them in memory and keeps the lists'
 * totals per version in front of it.
 */
export class CoursesRepository {
  private readonly byIds: (ids: number[]) => Promise<CourseRow[]>;
  /** The statement `find` reads a course with, by course, mode and viewer. */
  private readonly findQueries = new LRUCache<string, SQL>({ max: 5000 });

  /** @param pages how a page of a list is read (VersionedPages keeps its totals per version) */
  constructor(
    protected readonly db: Db,
    private readonly pages = new ListPages(db),
  ) {
    this.byIds = rowsByIds(db, "lms_courses_by_ids", courses, courses.id, getTableColumns(courses));
  }

  /** Whether the courses are held in memory (KeptCourseList). */
  memoryReady(): Promise<boolean> {
    return Promise.resolve(false);
  }

  close(): void {}

  async find(
    id: number,
    viewer: CourseViewer | null,
    mode: "view" | "modify" = "view",
    db: Executor = this.db,
  ): Promise<CourseRow | undefined> {
    const build = () =>
      db
        .select()
        .from(courses)
        .where(whereAll([eq(courses.id, id), viewer ? courseAccess(viewer, mode) : undefined]))
        .limit(1);
    if (db !== this.db) return (await build())[0];
    // Read on every course-scoped request: built once per course and viewer, prepared once per
    // viewer's kind on PGlite.
    const key = JSON.stringify([id, mode, viewer]);
    let query = this.findQueries.get(key);
    if (!query) this.findQueries.set(key, (query = build().getSQL()));
    return this.found(query);
  }

  /** The course a statement `find` built reads, as a prepared statement. */
  protected async found(query: SQL): Promise<CourseRow | undefined> {
    const [row] = await preparedTableRows(this.db, { getSQL: () => query }, courses);
    return row;
  }

  /** Locks a course row for a change of positions in it (concurrent swaps stay consistent). */
  async lock(db: Executor, id: number): Promise<void> {
    await db.execute(sql`select id from courses where id = ${id} for update`);
  }

  async list(
    input: ListInput,
    filters: ListFilter[],
    viewer: CourseViewer,
  ): Promise<{ rows: CourseRecord[] | JsonText; total: number; fromMemory?: true }> {
    const where = whereAll([
      courseAccess(viewer, "view"),
      ...listConditions(coursesListSpec, input, filters),
    ]);
    const { rows, total } = await this.pages.page(input, {
      tables: courseAccessTables(viewer),
      table: courses,
      id: courses.id,
      where,
      order: specOrder(coursesListSpec, input),
      rows: this.byIds,
    });
    return { rows: rows.map(toCourseRecord), total };
  }

  async *exportRows(input: ListInput, filters: ListFilter[], viewer: CourseViewer) {
    const where = whereAll([
      courseAccess(viewer, "view"),
      ...listConditions(coursesListSpec, input, filters),
    ]);
    const rows = await this.db
      .select()
      .from(courses)
      .where(where)
      .orderBy(...listOrder(coursesListSpec, input));
    yield rows.map(toCourseRecord);
  }

  /** Every course a viewer sees (the journey's "my courses"). */
  async visible(viewer: CourseViewer): Promise<CourseRow[]> {
    return this.db
      .select()
      .from(courses)
      .where(courseAccess(viewer, "view"))
      .orderBy(courses.courseName, courses.id);
  }

  /**
   * Whether a course code is taken where the course would be seen: a school's course clashes
   * with its school's courses and with courses for every school; a course for every school
   * clashes with every course. Serialised per code by an advisory lock held to the commit.
   */
  async codeTaken(
    db: Executor,
    code: string,
    schoolId: number | null,
    exceptId?: number,
  ): Promise<boolean> {
    const lowered = code.trim().toLowerCase();
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`course-code:${lowered}`}))`);
    const rows = await rowsOf<{ id: number }>(
      db.execute(sql`select id from courses
        where lower(course_code) = ${lowered}
          and (${schoolId}::int is null or school_id is null or school_id = ${schoolId}::int)
          and id <> ${exceptId ?? 0}
        limit 1`),
    );
    return rows.length > 0;
  }

  async create(db: Executor, values: CourseWrite, by: string | null): Promise<number> {
    const [row] = await db
      .insert(courses)
      .values({ ...values, ...created(by) })
      .returning({ id: courses.id });
    return row!.id;
  }

  async update(db: Executor, id: number, values: Partial<CourseWrite>, by: string | null) {
    await db
      .update(courses)
      .set({ ...values, ...updated(by) })
      .where(eq(courses.id, id));
  }

  async setImage(db: Executor, id: number, key: string | null, by: string | null) {
    await db
      .update(courses)
      .set({ image: key, ...updated(by) })
      .where(eq(courses.id, id));
  }

  async delete(db: Executor, id: number): Promise<CourseRow | undefined> {
    const [row] = await db.delete(courses).where(eq(courses.id, id)).returning();
    return row;
  }
}
