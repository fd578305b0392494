import { ROLE_IDS } from "@lms/core";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { progress, type courses, type materials } from "../../../db/schema";
import { containsPattern, pageOf, type ListInput } from "../../../lib/list";
import { created, updated } from "./records";
import { scormCountedScore } from "./scorm-results";

type CourseRow = typeof courses.$inferSelect;
type MaterialRow = typeof materials.$inferSelect;

/** One student's progress through a course (the progress list's row). */
export interface ProgressRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  userName: string;
  grade: number | null;
  section: string;
  done: number;
  total: number;
  percent: number;
  quizAverage: number | null;
  timeSpentSeconds: number;
  lastActivity: string | null;
  scorm: ScormResult[];
}

/**
 * A SCORM material's result for one student: its latest attempt's status, the score that counts
 * (by the material's grading), its attempts with data, whether the material is complete, and
 * whether the student opened it while the package never reported any data.
 */
export interface ScormResult {
  materialId: number;
  name: string;
  /** 2004: cmi.success_status when passed or failed, else cmi.completion_status; 1.2: cmi.core.lesson_status. */
  status: string | null;
  score: number | null;
  attempts: number;
  complete: boolean;
  noData: boolean;
}

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
  return sql`
        select u.id, u.first_name, u.last_name, u.user_name, u.grade, u.section from users u
         where u.role_id = ${ROLE_IDS.student}
           and u.grade = ${course.gradeLevel}
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

const SORT: Record<string, string> = {
  lastName: "lower(last_name)",
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

/**
 * Course progress per student (SPEC.md course progress view): the students a course applies to
 * (its grade, its section if it has one, its school unless it is for every school) within the
 * caller's scope, with the published materials they completed, the average of their best quiz
 * and SCORM scores (a SCORM material without a score counts for nothing),
 * the time they spent and their latest activity.
 */
export class ProgressRepository {
  constructor(private readonly db: Db) {}

  private query(course: CourseRow, scope: ProgressScope, search: string): SQL {
    return sql`
      with m as (
        select mat.id, mat.type, mat.name, e.position as element_position, mat.position,
               mat.scorm_settings
          from materials mat
          join course_elements e on e.id = mat.element_id
         where mat.course_id = ${course.id} and mat.published and e.published
      ),
      s as (
        ${courseStudents(course, scope, search)}
      ),
      sc as (
        select m.id as material_id, m.name, m.element_position, m.position, s.id as user_id,
          (select coalesce(case when sa.cmi->>'cmi.success_status' in ('passed', 'failed')
                                then sa.cmi->>'cmi.success_status' end,
                           sa.cmi->>'cmi.completion_status', sa.cmi->>'cmi.core.lesson_status')
             from scorm_attempts sa
            where sa.user_id = s.id and sa.material_id = m.id and sa.sco = ''
            order by sa.attempt desc limit 1) as status,
          (select ${scormCountedScore("sa", "m.scorm_settings")} from scorm_attempts sa
            where sa.user_id = s.id and sa.material_id = m.id and sa.sco = '') as score,
          (select count(*) from scorm_attempts sa
            where sa.user_id = s.id and sa.material_id = m.id and sa.sco = ''
              and sa.cmi <> '{}'::jsonb) as attempts,
          exists (select 1 from progress p where p.user_id = s.id and p.material_id = m.id
                     and p.completed_at is not null) as complete,
          exists (select 1 from progress p where p.user_id = s.id and p.material_id = m.id)
            and not exists (select 1 from scorm_attempts sa
                             where sa.user_id = s.id and sa.material_id = m.id
                               and sa.cmi <> '{}'::jsonb) as no_data
        from m cross join s where m.type = 'scorm'
      ),
      r as (
        select s.*,
          (select count(*) from m) as total,
          (select count(*) from progress p join m on m.id = p.material_id
            where p.user_id = s.id and p.completed_at is not null) as done,
          (select round(avg(best)) from (
             select max(a.score) as best from attempts a join m on m.id = a.material_id
              where a.user_id = s.id group by a.material_id
             union all
             select ${scormCountedScore("sa", "m.scorm_settings")} from scorm_attempts sa
               join m on m.id = sa.material_id
              where sa.user_id = s.id and sa.sco = '' group by sa.material_id, m.scorm_settings) q) as quiz_average,
          (select coalesce(round(sum(extract(epoch from
                    coalesce(p.completed_at, p.last_opened_at) - p.started_at))), 0)
             from progress p join m on m.id = p.material_id where p.user_id = s.id) as time_spent,
          (select max(greatest(p.last_opened_at, p.completed_at)) from progress p
            where p.user_id = s.id and p.course_id = ${course.id}) as last_activity,
          (select coalesce(jsonb_agg(jsonb_build_object('materialId', sc.material_id,
                    'name', sc.name, 'status', sc.status, 'score', sc.score,
                    'attempts', sc.attempts, 'complete', sc.complete, 'noData', sc.no_data)
                    order by sc.element_position, sc.position), '[]'::jsonb)
             from sc where sc.user_id = s.id) as scorm
        from s
      )
      select r.*, case when total = 0 then 0 else round(done * 100.0 / total) end as percent
        from r`;
  }

  /** The asked order (ties by name), else by name A–Z. */
  private order(input: ListInput): SQL {
    const column = input.sortBy && Object.hasOwn(SORT, input.sortBy) ? SORT[input.sortBy] : null;
    const direction = column && input.sortOrder === "desc" ? "desc" : "asc";
    const first = column ? `${column} ${direction} nulls last, ` : "";
    return sql.raw(
      ` order by ${first}lower(last_name) ${direction}, lower(first_name) ${direction}, id ${direction}`,
    );
  }

  async list(course: CourseRow, scope: ProgressScope, input: ListInput) {
    const base = this.query(course, scope, input.search);
    const { limit, offset } = pageOf(input);
    const [rows, total] = await Promise.all([
      this.db.execute(sql`${base}${this.order(input)} limit ${limit} offset ${offset}`),
      this.db.execute(sql`select count(*)::int as n from (${base}) x`),
    ]);
    const count = (total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    return { rows: rowsOf(rows).map(toRow), total: Number(count) };
  }

  /** Whether a student is one of the course's progress rows within the scope. */
  async hasStudent(course: CourseRow, scope: ProgressScope, userId: number): Promise<boolean> {
    const base = this.query(course, scope, "");
    const result = await this.db.execute(
      sql`select exists (select 1 from (${base}) x where x.id = ${userId}) as found`,
    );
    return Boolean((result as unknown as { rows: { found: boolean }[] }).rows[0]?.found);
  }

  async *exportRows(course: CourseRow, scope: ProgressScope, input: ListInput) {
    const base = this.query(course, scope, input.search);
    const rows = await this.db.execute(sql`${base}${this.order(input)}`);
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
