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
  // With a school, its index finds the few students; the grade's (a twelfth of every student)
  // would only be combined with it at a cost, so the cast keeps the planner off it.
  const grade =
    course.schoolId === null && scope.schoolId === null
      ? sql`u.grade = ${course.gradeLevel}`
      : sql`u.grade::int = ${course.gradeLevel}`;
  return sql`
        select u.id, u.first_name, u.last_name, u.user_name, u.grade, u.section from users u
         where u.role_id = ${ROLE_IDS.student}
           and ${grade}
           and (${course.section} = '' or lower(u.section) = lower(${course.section}))
           and (${course.schoolId}::int is null or u.school_id = ${course.schoolId})
           and (${scope.schoolId}::int is null or u.school_id = ${scope.schoolId})
           and (${scope.teacherId}::int is null or exists (
                 select 1 from user_loads l
                  where l.user_id = ${scope.teacherId}
                    and l.grade = u.grade
                    and lower(l.subject) = lower(${course.subject})
                    and lower(l.section) = lower(u.section)))
           and (${search} = '' or u.search_text like ${containsPattern(search)})
           and (${userId}::int is null or u.id = ${userId})`;
}

/** The sortable columns: a name is read from the student, the others need the course's aggregates. */
const SORT: Record<string, string> = {
  lastName: "lower(last_name)",
  percent: "percent",
  quizAverage: "quiz_average",
  timeSpentSeconds: "time_spent",
  lastActivity: "last_activity",
};

const NAME_SORTS = new Set(["lastName"]);

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

/**
 * A student's figures in the course from its summary row `ps` (migration 0020; none: no progress
 * yet), kept by the database's triggers from its progress, attempts and SCORM attempts in the
 * course's published materials. The percentage needs m's count (total).
 */
const summaryFigures: Record<string, SQL> = {
  done: sql`coalesce(ps.done, 0)`,
  percent: sql`case when (select count(*) from m) = 0 then 0
    else round(coalesce(ps.done, 0) * 100.0 / (select count(*) from m)) end`,
  quiz_average: sql`round(ps.quiz_sum / nullif(ps.quiz_count, 0))`,
  time_spent: sql`coalesce(round(ps.time_spent), 0)`,
  last_activity: sql`ps.last_activity`,
};

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

  /** The course's published materials (m) and the students in scope (s). */
  private base(course: CourseRow, scope: ProgressScope, search: string): SQL {
    return sql`
      m as (
        select mat.id, mat.type, mat.name, e.position as element_position, mat.position,
               mat.scorm_settings
          from materials mat
          join course_elements e on e.id = mat.element_id
         where mat.course_id = ${course.id} and mat.published and e.published
      ),
      s as (
        ${courseStudents(course, scope, search)}
      )`;
  }

  /**
   * Every student in scope with the column the order needs: the name alone, or one figure too,
   * read from the student's summary row in the course (migration 0020; no row: no progress).
   */
  private keys(course: CourseRow, sortBy: string | undefined): SQL {
    if (!sortBy || !Object.hasOwn(SORT, sortBy) || NAME_SORTS.has(sortBy)) {
      return sql`select s.* from s`;
    }
    const column = SORT[sortBy]!;
    return sql`select s.*, ${summaryFigures[column]!} as ${sql.raw(column)}
      from s ${summaryOf("s", course.id)}`;
  }

  /**
   * The progress rows of the students in `page` (id, names, grade, section, ord), in ord's order:
   * their completion, scores, time and latest activity, and each SCORM material's result.
   */
  private rows(course: CourseRow, scope: ProgressScope, search: string, page: SQL): SQL {
    return sql`
      with ${this.base(course, scope, search)},
      page as (${page}),
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
        from m cross join page where m.type = 'scorm'
      ),
      r as (
        select page.id, page.first_name, page.last_name, page.user_name, page.grade,
          page.section, page.ord,
          (select count(*) from m) as total,
          ${summaryFigures.done!} as done,
          ${summaryFigures.quiz_average!} as quiz_average,
          ${summaryFigures.time_spent!} as time_spent,
          ${summaryFigures.last_activity!} as last_activity,
          (select coalesce(jsonb_agg(jsonb_build_object('materialId', sc.material_id,
                    'name', sc.name, 'status', sc.status, 'score', sc.score,
                    'attempts', sc.attempts, 'complete', sc.complete, 'noData', sc.no_data)
                    order by sc.element_position, sc.position), '[]'::jsonb)
             from sc where sc.user_id = page.id) as scorm
        from page ${summaryOf("page", course.id)}
      )
      select r.*, case when total = 0 then 0 else round(done * 100.0 / total) end as percent
        from r order by r.ord`;
  }

  /** The asked order (ties by name), else by name A–Z. */
  private order(input: ListInput): string {
    const column = input.sortBy && Object.hasOwn(SORT, input.sortBy) ? SORT[input.sortBy] : null;
    const direction = column && input.sortOrder === "desc" ? "desc" : "asc";
    const first = column ? `${column} ${direction} nulls last, ` : "";
    return `${first}lower(last_name) ${direction}, lower(first_name) ${direction}, id ${direction}`;
  }

  /** The students of `keys` in the asked order, numbered (ord), from `offset` on. */
  private pageOf(course: CourseRow, input: ListInput, limit: number | null, offset: number): SQL {
    const order = this.order(input);
    // Numbered after the paging: a bounded sort of every student, then the page's rows only.
    return sql`
      select k.id, k.first_name, k.last_name, k.user_name, k.grade, k.section,
             row_number() over (order by ${sql.raw(order)}) as ord
        from (${this.keys(course, input.sortBy)}
               order by ${sql.raw(order)}
               ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}) k`;
  }

  /**
   * One page: the students are sorted and paged first, then only the page's rows are computed,
   * so a page costs the same far from the first as near it.
   */
  async list(course: CourseRow, scope: ProgressScope, input: ListInput) {
    const { limit, offset } = pageOf(input);
    const [rows, total] = await Promise.all([
      this.db.execute(
        this.rows(course, scope, input.search, this.pageOf(course, input, limit, offset)),
      ),
      this.db.execute(
        sql`with ${this.base(course, scope, input.search)} select count(*)::int as n from s`,
      ),
    ]);
    const count = (total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    return { rows: rowsOf(rows).map(toRow), total: Number(count) };
  }

  /** Whether a student is one of the course's progress rows within the scope. */
  async hasStudent(course: CourseRow, scope: ProgressScope, userId: number): Promise<boolean> {
    const result = await this.db.execute(
      sql`select exists (${courseStudents(course, scope, "", userId)}) as found`,
    );
    return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
  }

  async *exportRows(course: CourseRow, scope: ProgressScope, input: ListInput) {
    const rows = await this.db.execute(
      this.rows(course, scope, input.search, this.pageOf(course, input, null, 0)),
    );
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
