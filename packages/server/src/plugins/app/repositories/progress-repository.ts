import { ROLE_IDS, type ProgressRow, type ScormResult } from "@lms/core";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { progress, type courses, type materials } from "../../../db/schema";
import { containsPattern, pageOf, type ListInput } from "../../../lib/list";
import { created, updated } from "./records";
import { scormCountedScore } from "./scorm-results";

type CourseRow = typeof courses.$inferSelect;
type MaterialRow = typeof materials.$inferSelect;

/** Whose progress the caller may read: its school (null: every school), a teacher's sections. */
export interface ProgressScope {
  schoolId: number | null;
  teacherId: number | null;
}

/**
 * The conditions on `users u` that make a student one of a course's progress rows as the caller
 * may see it: the course's grade (and section) and school, the caller's school or a teacher's load,
 * optionally one name search and one student. Only the conditions that apply are written, so that
 * a course's students are one range of users_course_students_idx (migration 0023).
 */
function studentConditions(
  course: CourseRow,
  scope: ProgressScope,
  search: string,
  userId: number | null,
): SQL {
  // The role is written out: the index covers students only, which the planner must see.
  const conditions = [sql`u.role_id = ${sql.raw(String(ROLE_IDS.student))}`];
  conditions.push(sql`u.grade = ${course.gradeLevel}`);
  if (course.section !== "") conditions.push(sql`lower(u.section) = lower(${course.section})`);
  if (course.schoolId !== null) conditions.push(sql`u.school_id = ${course.schoolId}`);
  if (scope.schoolId !== null) conditions.push(sql`u.school_id = ${scope.schoolId}`);
  if (scope.teacherId !== null) {
    conditions.push(sql`exists (
                 select 1 from user_loads l
                  where l.user_id = ${scope.teacherId}
                    and l.grade = u.grade
                    and lower(l.subject) = lower(${course.subject})
                    and lower(l.section) = lower(u.section))`);
  }
  if (search !== "") {
    // Within a school the course's few thousand students are read and matched; the trigram index
    // would collect a common term's matches in every school first (45,000 of 1,000,000 users for
    // "ana", ten times the cost), so the concatenation keeps the planner off it.
    const text =
      course.schoolId === null && scope.schoolId === null
        ? sql`u.search_text`
        : sql`(u.search_text || '')`;
    conditions.push(sql`${text} like ${containsPattern(search)}`);
  }
  if (userId !== null) conditions.push(sql`u.id = ${userId}`);
  return sql.join(conditions, sql` and `);
}

/**
 * The students a course's progress covers, as the caller may see them: the course's grade (and
 * section) and school, the caller's school or a teacher's load, optionally one name search and one
 * student. Shared by the progress list and the SCORM report.
 */
export function courseStudents(
  course: CourseRow,
  scope: ProgressScope,
  search: string,
  userId: number | null = null,
): SQL {
  return sql`
        select u.id, u.first_name, u.last_name, u.user_name, u.grade, u.section from users u
         where ${studentConditions(course, scope, search, userId)}`;
}

/** The sortable figures, read from the course's summary rows; the name sort is the default. */
const FIGURE_SORT: Record<string, string> = {
  percent: "percent",
  quizAverage: "quiz_average",
  timeSpentSeconds: "time_spent",
  lastActivity: "last_activity",
};

interface RawRow {
  id: number;
  first_name: string;
  last_name: string;
  user_name: string;
  grade: number | null;
  section: string;
  done: number | string;
  total: number | string;
  percent: number | string;
  quiz_average: number | string | null;
  time_spent: number | string;
  last_activity: Date | string | null;
  scorm: ScormResult[] | string;
}

function toRow(raw: RawRow): ProgressRow {
  const lastActivity = raw.last_activity === null ? null : new Date(raw.last_activity);
  return {
    id: raw.id,
    userId: raw.id,
    firstName: raw.first_name,
    lastName: raw.last_name,
    userName: raw.user_name,
    grade: raw.grade,
    section: raw.section,
    done: Number(raw.done),
    total: Number(raw.total),
    percent: Number(raw.percent),
    quizAverage: raw.quiz_average === null ? null : Number(raw.quiz_average),
    timeSpentSeconds: Number(raw.time_spent),
    lastActivity: lastActivity?.toISOString() ?? null,
    scorm: typeof raw.scorm === "string" ? (JSON.parse(raw.scorm) as ScormResult[]) : raw.scorm,
  };
}

const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/** What a page needs to know of the course first: its published materials and its students. */
interface CourseCounts {
  /** The published materials (a percentage's denominator). */
  total: number;
  /** Whether any of them is a SCORM package (each one's result is listed). */
  scorm: boolean;
  /** The students in scope that the search matches. */
  students: number;
}

/**
 * A student's figures in the course from its summary row `ps` (migration 0020; none: no progress
 * yet), kept by the database's triggers from its progress, attempts and SCORM attempts in the
 * course's published materials.
 */
const summaryFigures = (total: number): Record<string, SQL> => ({
  done: sql`coalesce(ps.done, 0)`,
  percent:
    total === 0 ? sql`0` : sql`round(coalesce(ps.done, 0) * 100.0 / ${sql.raw(String(total))})`,
  quiz_average: sql`round(ps.quiz_sum / nullif(ps.quiz_count, 0))`,
  time_spent: sql`coalesce(round(ps.time_spent), 0)`,
  last_activity: sql`ps.last_activity`,
});

/**
 * The figures as sort keys: the percentage rounded in integers (half up, as round() does for
 * these non-negative values), which orders exactly as the shown percentage and sorts faster.
 */
const sortKeys = (total: number): Record<string, SQL> => ({
  ...summaryFigures(total),
  percent:
    total === 0
      ? sql`0`
      : sql`(coalesce(ps.done, 0) * 200 + ${sql.raw(String(total))}) / ${sql.raw(String(2 * total))}`,
});

const summaryOf = (alias: string, courseId: number) =>
  sql`left join progress_summaries ps on ps.course_id = ${courseId} and ps.user_id = ${sql.raw(alias)}.id`;

/**
 * Course progress per student (SPEC.md course progress view): the students a course applies to
 * (its grade, its section if it has one, its school unless it is for every school) within the
 * caller's scope, with the published materials they completed, the average of their best quiz
 * and SCORM scores (a SCORM material without a score counts for nothing),
 * the time they spent and their latest activity.
 */
export class ProgressRepository {
  constructor(private readonly db: Db) {}

  /**
   * The course's published materials (how many, whether any is a SCORM package) and its
   * students in scope, in one light statement: the page's statement is then written for them.
   */
  private async counts(course: CourseRow, scope: ProgressScope, search: string) {
    const result = await this.db.execute(sql`
      select count(*)::int as total, count(*) filter (where mat.type = 'scorm')::int as scorm,
             (select count(*)::int from users u
               where ${studentConditions(course, scope, search, null)}) as students
        from materials mat
        join course_elements e on e.id = mat.element_id
       where mat.course_id = ${course.id} and mat.published and e.published`);
    const [row] = (result as unknown as { rows: Record<keyof CourseCounts, number>[] }).rows;
    return {
      total: Number(row?.total ?? 0),
      scorm: Number(row?.scorm ?? 0) > 0,
      students: Number(row?.students ?? 0),
    } satisfies CourseCounts;
  }

  /**
   * The students of the asked page (all of them without a limit): their ids with the asked
   * order's keys o1 and o2, and that order on them (`order`): by name (ties by id), the default,
   * or by one figure (ties by name). Only the index's columns are read (migration 0023), so
   * skipping to a far page touches no rows.
   */
  private page(
    course: CourseRow,
    scope: ProgressScope,
    input: ListInput,
    total: number,
    limit: number | null,
    offset: number,
  ): { ids: SQL; order: SQL } {
    const where = studentConditions(course, scope, input.search, null);
    const paging = sql`${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}`;
    const column =
      input.sortBy && Object.hasOwn(FIGURE_SORT, input.sortBy) ? FIGURE_SORT[input.sortBy]! : null;
    // Without a sortable column, the names A–Z whatever the order asked.
    const sortable = column !== null || input.sortBy === "lastName";
    const dir = sql.raw(sortable && input.sortOrder === "desc" ? "desc" : "asc");
    if (column === null) {
      // The index's order, read forwards or backwards.
      return {
        ids: sql`select u.id, lower(u.last_name) as o1, lower(u.first_name) as o2 from users u
                  where ${where}
                  order by o1 ${dir}, o2 ${dir}, u.id ${dir} ${paging}`,
        order: sql`page.o1 ${dir}, page.o2 ${dir}, page.id ${dir}`,
      };
    }
    // The names' order is the index's, so a figure's ties are broken by a number (name_rank)
    // instead of comparing names.
    return {
      ids: sql`select s.id, ${sortKeys(total)[column]!} as o1, s.name_rank as o2
                 from (select u.id, row_number() over (
                                order by lower(u.last_name), lower(u.first_name), u.id) as name_rank
                         from users u where ${where}) s
                 ${summaryOf("s", course.id)}
                order by o1 ${dir} nulls last, o2 ${dir} ${paging}`,
      order: sql`page.o1 ${dir} nulls last, page.o2 ${dir}`,
    };
  }

  /**
   * The progress rows of the students of `page`, in its order: their names, grade, section,
   * completion, scores, time and latest activity, and each SCORM material's result.
   */
  private rows(course: CourseRow, counts: CourseCounts, page: { ids: SQL; order: SQL }): SQL {
    const figures = summaryFigures(counts.total);
    // Each page row's summary by its key (a few index reads), whatever the planner guesses.
    const summary = sql`left join lateral (select * from progress_summaries ps
         where ps.course_id = ${course.id} and ps.user_id = page.id) ps on true`;
    const pageRows = sql`page as (
        select u.id, u.first_name, u.last_name, u.user_name, u.grade, u.section, p.o1, p.o2
          from (${page.ids}) p join users u on u.id = p.id
      )`;
    const select = (scorm: SQL) => sql`
      select page.id, page.first_name, page.last_name, page.user_name, page.grade, page.section,
             ${sql.raw(String(counts.total))} as total,
             ${figures.done!} as done,
             ${figures.percent!} as percent,
             ${figures.quiz_average!} as quiz_average,
             ${figures.time_spent!} as time_spent,
             ${figures.last_activity!} as last_activity,
             ${scorm} as scorm
        from page ${summary}
       order by ${page.order}`;
    if (!counts.scorm) return sql`with ${pageRows} ${select(sql`'[]'::jsonb`)}`;
    return sql`
      with m as (
        select mat.id, mat.type, mat.name, e.position as element_position, mat.position,
               mat.scorm_settings
          from materials mat
          join course_elements e on e.id = mat.element_id
         where mat.course_id = ${course.id} and mat.published and e.published
           and mat.type = 'scorm'
      ),
      ${pageRows},
      sc as (
        select m.id as material_id, m.name, m.element_position, m.position, page.id as user_id,
          (select coalesce(case when sa.cmi->>'cmi.success_status' in ('passed', 'failed')
                                then sa.cmi->>'cmi.success_status' end,
                           sa.cmi->>'cmi.completion_status', sa.cmi->>'cmi.core.lesson_status')
             from scorm_attempts sa
            where sa.user_id = page.id and sa.material_id = m.id and sa.sco = ''
            order by sa.attempt desc limit 1) as status,
          (select ${scormCountedScore("sa", "m.scorm_settings")} from scorm_attempts sa
            where sa.user_id = page.id and sa.material_id = m.id and sa.sco = '') as score,
          (select count(*) from scorm_attempts sa
            where sa.user_id = page.id and sa.material_id = m.id and sa.sco = ''
              and sa.cmi <> '{}'::jsonb) as attempts,
          exists (select 1 from progress p where p.user_id = page.id and p.material_id = m.id
                     and p.completed_at is not null) as complete,
          exists (select 1 from progress p where p.user_id = page.id and p.material_id = m.id)
            and not exists (select 1 from scorm_attempts sa
                             where sa.user_id = page.id and sa.material_id = m.id
                               and sa.cmi <> '{}'::jsonb) as no_data
        from m cross join page
      )
      ${select(sql`(select coalesce(jsonb_agg(jsonb_build_object('materialId', sc.material_id,
                    'name', sc.name, 'status', sc.status, 'score', sc.score,
                    'attempts', sc.attempts, 'complete', sc.complete, 'noData', sc.no_data)
                    order by sc.element_position, sc.position), '[]'::jsonb)
             from sc where sc.user_id = page.id)`)}`;
  }

  /**
   * One page: the course's counts first, then the students sorted and paged, and only the page's
   * rows computed, so a page costs the same far from the first as near it.
   */
  async list(course: CourseRow, scope: ProgressScope, input: ListInput) {
    const { limit, offset } = pageOf(input);
    const counts = await this.counts(course, scope, input.search);
    if (counts.students === 0 || offset >= counts.students) {
      return { rows: [], total: counts.students };
    }
    const page = this.page(course, scope, input, counts.total, limit, offset);
    const rows = await this.db.execute(this.rows(course, counts, page));
    return { rows: rowsOf(rows).map(toRow), total: counts.students };
  }

  /** Whether a student is one of the course's progress rows within the scope. */
  async hasStudent(course: CourseRow, scope: ProgressScope, userId: number): Promise<boolean> {
    const result = await this.db.execute(
      sql`select exists (${courseStudents(course, scope, "", userId)}) as found`,
    );
    return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
  }

  async *exportRows(course: CourseRow, scope: ProgressScope, input: ListInput) {
    const counts = await this.counts(course, scope, input.search);
    const page = this.page(course, scope, input, counts.total, null, 0);
    const rows = await this.db.execute(this.rows(course, counts, page));
    yield rowsOf(rows).map(toRow);
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
