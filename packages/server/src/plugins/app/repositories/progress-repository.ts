import type { ProgressRow } from "@lms/core";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import { preparedStatement, type Db, type Executor } from "../../../db/client";
import { progress, type materials } from "../../../db/schema";
import { pageOf, type ListInput } from "../../../lib/list";
import type { ProgressScope } from "../../../services/progress-scope";
import {
  orderStudents,
  type CourseMaterials,
  type CourseStudents,
  type FigureKeys,
  type Ordered,
} from "./progress-order";
import {
  courseStudents,
  FIGURE_KEYS,
  plainRow,
  progressRowsSql,
  rowsOf,
  ROWS_SQL,
  studentConditions,
  toRow,
  type CourseRow,
} from "./progress-statements";
import { created, updated } from "./records";

export type { ProgressScope };
export { courseStudents };

type MaterialRow = typeof materials.$inferSelect;

/**
 * Course progress per student (SPEC.md course progress view), SQL only: the students a course
 * applies to (its grade, its section if it has one, its school unless it is for every school)
 * within the caller's scope, with the published materials they completed, the average of their
 * best quiz and SCORM scores (a SCORM material without a score counts for nothing), the time they
 * spent and their latest activity. A page is ordered, searched and counted from the course's
 * students, materials and figures' keys (orderStudents), read for each page; KeptCourseProgress
 * (read-models) keeps them per version of their tables in front of it.
 */
export class ProgressRepository {
  private readonly dialect = new PgDialect();
  /** The students' conditions by the fields they are written from: built once, not every page. */
  private readonly conditions = new LRUCache<string, { where: SQL; text: string }>({ max: 1000 });
  private readonly plainRows;

  constructor(protected readonly db: Db) {
    this.plainRows = preparedStatement(db, "lms_progress_rows", ROWS_SQL, "int, int, int[]");
  }

  /** The course's published materials: how many, and whether one is SCORM. */
  protected async materialsOf(course: CourseRow): Promise<CourseMaterials> {
    const result = await this.db.execute(sql`
      select count(*)::int as total, count(*) filter (where mat.type = 'scorm')::int as scorm
        from materials mat
        join course_elements e on e.id = mat.element_id
       where mat.course_id = ${course.id} and mat.published and e.published`);
    const [row] = (result as unknown as { rows: { total: number; scorm: number }[] }).rows;
    return { total: Number(row?.total ?? 0), scorm: Number(row?.scorm ?? 0) > 0 };
  }

  /**
   * The conditions on the course's students in scope and their statement's text (with its
   * values), kept by the fields they are written from: built once, not on every page.
   */
  private conditionsOf(course: CourseRow, scope: ProgressScope): { where: SQL; text: string } {
    const { gradeLevel, section, schoolId, subject } = course;
    const by = JSON.stringify([
      gradeLevel,
      section,
      schoolId,
      subject,
      scope.schoolId,
      scope.teacherId,
    ]);
    let kept = this.conditions.get(by);
    if (!kept) {
      const where = studentConditions(course, scope, "", null);
      const query = this.dialect.sqlToQuery(where);
      kept = { where, text: JSON.stringify([query.sql, query.params]) };
      this.conditions.set(by, kept);
    }
    return kept;
  }

  /** The course's students in scope, in name order, and the text of their condition. */
  protected studentsOf(course: CourseRow, scope: ProgressScope) {
    const { where, text } = this.conditionsOf(course, scope);
    const read = async (): Promise<CourseStudents> => {
      const result = await this.db.execute(sql`
        select u.id, u.search_text from users u where ${where}
         order by lower(u.last_name), lower(u.first_name), u.id`);
      const rows = (result as unknown as { rows: { id: number; search_text: string }[] }).rows;
      return { ids: rows.map((r) => Number(r.id)), texts: rows.map((r) => r.search_text) };
    };
    return { text, read };
  }

  /**
   * A figure's sort key of the course's students with a summary row, read in one text of "id
   * key" pairs (one row instead of thousands: most of the cost on PGlite). The keys are integers
   * below 2^53, exact as numbers.
   */
  protected async figureKeys(
    course: CourseRow,
    column: string,
    total: number,
  ): Promise<FigureKeys> {
    const result = await this.db.execute(sql`
      select string_agg(ps.user_id::text || ' '
                        || coalesce((${FIGURE_KEYS[column]!.key(total)})::bigint::text, ''), ',') as keys
        from progress_summaries ps
       where ps.course_id = ${course.id}`);
    const [row] = (result as unknown as { rows: { keys: string | null }[] }).rows;
    const keys = new Map<number, number | null>();
    for (const pair of row?.keys?.split(",") ?? []) {
      const space = pair.indexOf(" ");
      const value = pair.slice(space + 1);
      keys.set(Number(pair.slice(0, space)), value === "" ? null : Number(value));
    }
    return keys;
  }

  /** The ids of the students in scope that the search matches, in the asked order. */
  protected async ordered(
    course: CourseRow,
    scope: ProgressScope,
    input: ListInput,
  ): Promise<Ordered> {
    const materials = await this.materialsOf(course);
    const students = await this.studentsOf(course, scope).read();
    const keysOf = (column: string) => this.figureKeys(course, column, materials.total);
    return (await orderStudents(input, materials, students, keysOf))!;
  }

  /**
   * The course's versions, read while a caller finds the course and given to `list`: none here
   * (KeptCourseProgress reads them).
   */
  versionsAhead(_courseId: number): Promise<Map<string, string> | null> | undefined {
    return undefined;
  }

  /** One page, ordered and counted from the course's students (`_versions`: see versionsAhead). */
  async list(
    course: CourseRow,
    scope: ProgressScope,
    input: ListInput,
    _versions?: Promise<Map<string, string> | null>,
  ) {
    const { ids, materials } = await this.ordered(course, scope, input);
    return this.pageOf(course, materials, ids, input);
  }

  /** The page `input` asks of the ordered students `ids`, and their total. */
  protected async pageOf(
    course: CourseRow,
    materials: CourseMaterials,
    ids: number[],
    input: ListInput,
  ): Promise<{ rows: ProgressRow[]; total: number }> {
    const { limit, offset } = pageOf(input);
    if (offset >= ids.length) return { rows: [], total: ids.length };
    const page = ids.slice(offset, offset + limit);
    return { rows: await this.rowsOf(course, materials, page), total: ids.length };
  }

  private async rowsOf(course: CourseRow, materials: CourseMaterials, ids: readonly number[]) {
    if (materials.scorm)
      return rowsOf(await this.db.execute(progressRowsSql(course, materials, ids))).map(toRow);
    return (await this.plainRows([course.id, materials.total, ids])).map(plainRow);
  }

  /** Whether a student is one of the course's progress rows within the scope. */
  async hasStudent(course: CourseRow, scope: ProgressScope, userId: number): Promise<boolean> {
    const result = await this.db.execute(
      sql`select exists (${courseStudents(course, scope, "", userId)}) as found`,
    );
    return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
  }

  async *exportRows(course: CourseRow, scope: ProgressScope, input: ListInput) {
    const { ids, materials } = await this.ordered(course, scope, input);
    yield await this.rowsOf(course, materials, ids);
  }

  /** Progress of a user through a course's materials. */
  async progressOf(userId: number, courseId: number) {
    return this.db
      .select()
      .from(progress)
      .where(and(eq(progress.userId, userId), eq(progress.courseId, courseId)));
  }

  async progressOfCourses(userId: number, courseIds: number[]) {
    if (courseIds.length === 0) return [];
    return this.db
      .select()
      .from(progress)
      .where(and(eq(progress.userId, userId), inArray(progress.courseId, courseIds)));
  }

  /** Records that a student opened a material (first opening and latest). */
  async recordOpen(userId: number, material: MaterialRow, by: string | null) {
    await this.db
      .insert(progress)
      .values({ userId, materialId: material.id, courseId: material.courseId, ...created(by) })
      .onConflictDoUpdate({
        target: [progress.userId, progress.materialId],
        set: { lastOpenedAt: new Date(), ...updated(by) },
      });
  }

  async recordComplete(db: Executor, userId: number, material: MaterialRow, by: string | null) {
    const now = new Date();
    await db
      .insert(progress)
      .values({
        userId,
        materialId: material.id,
        courseId: material.courseId,
        completedAt: now,
        ...created(by),
      })
      .onConflictDoUpdate({
        target: [progress.userId, progress.materialId],
        set: {
          completedAt: sql`coalesce(${progress.completedAt}, ${now.toISOString()}::timestamptz)`,
          lastOpenedAt: now,
          ...updated(by),
        },
      });
  }
}
