import { ROLE_IDS, type CourseRecord, type ListFilter } from "@lms/core";
import { eq, getTableColumns, isNull, or, sql, type SQL } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import { preparedTableRows, rowsOf, type Db, type Executor } from "../../../db/client";
import { readOncePerTurnFor } from "../../../read-models/versioned-cache/turn-reads";
import { courses } from "../../../db/schema";
import {
  listConditions,
  listOrder,
  whereAll,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import {
  fieldColumns,
  ListMemory,
  specOrderName,
  specOrders,
} from "../../../read-models/list-memory/list-memory";
import type { JsonText } from "../../../lib/json-text";
import { VersionedPages } from "../../../read-models/versioned-cache/versioned-pages";
import { rowsByIds, specOrder } from "./list-pages";
import { created, updated } from "./records";
import {
  toCourseRecord,
  type CourseViewer,
  type CourseWrite,
} from "../../../services/course-records";

type CourseRow = typeof courses.$inferSelect;
const listSpec: ListSpec<"courses"> = {
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

/**
 * courseAccess's "view" for the courses held in memory (ListMemory): a global user's every course,
 * a school's user its school's and the global ones; null for a teacher or a student (their
 * courses follow a load or a class: the database decides).
 */
export function courseAccessInMemory(
  viewer: CourseViewer,
): { schoolId: number | null; orNoSchool: boolean } | null {
  if (viewer.schoolId === null) return { schoolId: null, orNoSchool: false };
  if (viewer.roleId === ROLE_IDS.student || viewer.roleId === ROLE_IDS.teacher) return null;
  return { schoolId: viewer.schoolId, orNoSchool: true };
}

/** The tables courseAccess reads for a viewer (a teacher's courses follow its load). */
export const courseAccessTables = (viewer: CourseViewer): string[] =>
  viewer.schoolId !== null && viewer.roleId === ROLE_IDS.teacher
    ? ["courses", "user_loads"]
    : ["courses"];

export class CoursesRepository {
  private readonly pages;
  private readonly byIds: (ids: number[]) => Promise<(typeof courses.$inferSelect)[]>;
  private readonly memory;
  /** The statement `find` reads a course with, by course, mode and viewer. */
  private readonly findQueries = new LRUCache<string, SQL>({ max: 5000 });
  /** A course read by a kept query, once for the requests of a turn that ask the same. */
  private readonly findOnce = readOncePerTurnFor((query: SQL) =>
    preparedTableRows(this.db, { getSQL: () => query }, courses),
  );

  /**
   * @param options.inMemory pages without filters for a global user or a school's (not a
   *   teacher's or a student's) are answered from the courses held in memory while they are
   *   current (ListMemory)
   * @param options.versioned totals are kept per version of their tables (LMS_READ_MODELS)
   */
  constructor(
    private readonly db: Db,
    { inMemory = true, versioned = true }: { inMemory?: boolean; versioned?: boolean } = {},
  ) {
    this.pages = new VersionedPages(db, versioned);
    const columns = getTableColumns(courses);
    this.byIds = rowsByIds(db, "lms_courses_by_ids", courses, courses.id, columns);
    this.memory = inMemory
      ? new ListMemory<CourseRow>(db, {
          tables: ["courses"],
          columns: fieldColumns(columns),
          from: sql`${courses}`,
          searchText: sql`${courses.searchText}`,
          school: sql`${courses.schoolId}`,
          orders: specOrders(listSpec),
        })
      : null;
  }

  /** Whether the memory holds the courses as they are now (loaded first if need be). */
  async memoryReady(): Promise<boolean> {
    return (await this.memory?.ready()) ?? false;
  }

  close(): void {
    this.memory?.close();
  }

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
    const [row] = await this.findOnce(query);
    // Each caller its own copy: the callers of one turn share the read.
    return row && { ...row };
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
    const access = courseAccessInMemory(viewer);
    if (this.memory && access && filters.length === 0) {
      const found = await this.memory.recordsFor(
        input,
        { ...access, order: specOrderName(listSpec, input) },
        toCourseRecord,
      );
      if (found) return { rows: found.records, total: found.total, fromMemory: true };
    }
    const where = whereAll([
      courseAccess(viewer, "view"),
      ...listConditions(listSpec, input, filters),
    ]);
    const { rows, total } = await this.pages.page(input, {
      tables: courseAccessTables(viewer),
      table: courses,
      id: courses.id,
      where,
      order: specOrder(listSpec, input),
      rows: this.byIds,
    });
    return { rows: rows.map(toCourseRecord), total };
  }

  async *exportRows(input: ListInput, filters: ListFilter[], viewer: CourseViewer) {
    const where = whereAll([
      courseAccess(viewer, "view"),
      ...listConditions(listSpec, input, filters),
    ]);
    const rows = await this.db
      .select()
      .from(courses)
      .where(where)
      .orderBy(...listOrder(listSpec, input));
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
