import { ROLE_IDS, type ProgressRow, type ScormResult } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import type { courses } from "../../../db/schema";
import { containsPattern } from "../../../lib/list";
import type { ProgressScope } from "../../../services/progress-scope";
import type { CourseMaterials } from "./progress-order";
import { scormCountedScore } from "./scorm-results";

export type CourseRow = typeof courses.$inferSelect;

/**
 * The conditions on `users u` that make a student one of a course's progress rows as the caller
 * may see it: the course's grade (and section) and school, the caller's school or a teacher's load,
 * optionally one name search and one student. Only the conditions that apply are written, so that
 * a course's students are one range of users_course_students_idx (migration 0023).
 */
export function studentConditions(
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

/**
 * The sortable figures as exact numeric sort keys, read from the course's summary rows `ps`
 * (migration 0020): the percentage rounded in integers (half up, as round() does for these
 * non-negative values), which orders exactly as the shown percentage; the latest activity in
 * microseconds (below 2^53, so exact as a number). `none` is the key of a student without a
 * summary row (no progress yet). The name sort is the default.
 */
export const FIGURE_KEYS: Record<string, { key: (total: number) => SQL; none: number | null }> = {
  percent: {
    key: (total) =>
      sql`(ps.done * 200 + ${sql.raw(String(total))}) / ${sql.raw(String(2 * total))}`,
    none: 0,
  },
  quizAverage: { key: () => sql`round(ps.quiz_sum / nullif(ps.quiz_count, 0))`, none: null },
  timeSpentSeconds: { key: () => sql`round(ps.time_spent)`, none: 0 },
  lastActivity: { key: () => sql`extract(epoch from ps.last_activity) * 1000000`, none: null },
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

export function toRow(raw: RawRow): ProgressRow {
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

export const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/** The tables a page reads besides the summaries, each with a change counter moved at commit. */
export const VERSIONED = ["users", "user_loads", "materials", "course_elements"] as const;

/** The versions of VERSIONED and of course $1's summaries (0 before it has any), by name. */
export const VERSIONS_SQL = `
  select name, version::text from change_counters
   where name in (${VERSIONED.map((name) => `'${name}'`).join(", ")})
  union all
  select 'progress_summaries', coalesce((select v.version::text from progress_summary_versions v
                                          where v.course_id = $1::int), '0')`;

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

/** Ids read from the database, written into a statement as a list of integers. */
const idList = (ids: readonly number[]) =>
  sql.raw(
    ids
      .map((id) => {
        if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
        return String(id);
      })
      .join(","),
  );

/** The progress rows' columns without SCORM results, in the order of ROWS_SQL. */
const ROW_KEYS = [
  "id",
  "first_name",
  "last_name",
  "user_name",
  "grade",
  "section",
  "total",
  "done",
  "percent",
  "quiz_average",
  "time_spent",
  "last_activity",
] as const;

/** A row of ROWS_SQL's values (ROW_KEYS, then any more) as the list gives it. */
export function plainRow(values: unknown[]) {
  const raw: Record<string, unknown> = { scorm: [] };
  ROW_KEYS.forEach((key, i) => (raw[key] = values[i]));
  return toRow(raw as unknown as RawRow);
}

/**
 * The progress rows of the students $3 (in that order) in course $1 of $2 published materials,
 * for a course without SCORM materials; as `rows` computes them. `extra`: more columns.
 */
const rowsSql = (extra = "") => `
  select u.id, u.first_name, u.last_name, u.user_name, u.grade, u.section, $2::int as total,
         coalesce(ps.done, 0) as done,
         case when $2::int = 0 then 0 else round(coalesce(ps.done, 0) * 100.0 / $2::int) end as percent,
         round(ps.quiz_sum / nullif(ps.quiz_count, 0)) as quiz_average,
         coalesce(round(ps.time_spent), 0) as time_spent,
         ps.last_activity${extra}
    from unnest($3::int[]) with ordinality p(id, ord)
    join users u on u.id = p.id
    left join lateral (select * from progress_summaries ps
                        where ps.course_id = $1::int and ps.user_id = p.id) ps on true
   order by p.ord`;

export const ROWS_SQL = rowsSql();

/**
 * ROWS_SQL with the versions VERSIONS_SQL reads, from the same snapshot, as a last column
 * ("name=version,…" by name): rows read to be held are of the versions they are held at.
 */
export const VERSIONED_ROWS_SQL = rowsSql(`,
         (select string_agg(named.name || '=' || named.version, ',' order by named.name collate "C")
            from (${VERSIONS_SQL}) named) as versions`);

/**
 * The progress rows of the students `ids`, in that order: their names, grade, section,
 * completion, scores, time and latest activity, and each SCORM material's result.
 */
export function progressRowsSql(
  course: CourseRow,
  materials: CourseMaterials,
  ids: readonly number[],
): SQL {
  const figures = summaryFigures(materials.total);
  // Each page row's summary by its key (a few index reads), whatever the planner guesses.
  const summary = sql`left join lateral (select * from progress_summaries ps
       where ps.course_id = ${course.id} and ps.user_id = page.id) ps on true`;
  const pageRows = sql`page as (
      select u.id, u.first_name, u.last_name, u.user_name, u.grade, u.section, p.ord
        from unnest(array[${idList(ids)}]::int[]) with ordinality p(id, ord)
        join users u on u.id = p.id
    )`;
  const select = (scorm: SQL) => sql`
    select page.id, page.first_name, page.last_name, page.user_name, page.grade, page.section,
           ${sql.raw(String(materials.total))} as total,
           ${figures.done!} as done,
           ${figures.percent!} as percent,
           ${figures.quiz_average!} as quiz_average,
           ${figures.time_spent!} as time_spent,
           ${figures.last_activity!} as last_activity,
           ${scorm} as scorm
      from page ${summary}
     order by page.ord`;
  if (!materials.scorm) return sql`with ${pageRows} ${select(sql`'[]'::jsonb`)}`;
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
