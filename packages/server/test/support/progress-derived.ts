import { ROLE_IDS, SORTABLE_COLUMNS, type ProgressRow, type ScormResult } from "@lms/core";
import { eq, sql, type SQL } from "drizzle-orm";
import { expect } from "vitest";
import { rowsOf as resultRows, type Db } from "../../src/db/client";
import { courses } from "../../src/db/schema";
import { containsPattern, pageOf, type ListInput } from "../../src/lib/list";
import { loadConfig } from "../../src/config";
import {
  ProgressRepository,
  type ProgressScope,
} from "../../src/plugins/app/repositories/progress-repository";
import { scormCountedScore } from "../../src/plugins/app/repositories/scorm-results";
import { KeptCourseProgress } from "../../src/read-models/progress/kept-course-progress";

type CourseRow = typeof courses.$inferSelect;

/*
 * The progress list's query before issue 14 kept per-student summaries (migration 0020): every
 * student's figures aggregated from progress, attempts and SCORM attempts per request. The list
 * read from the summaries must give the same pages as this.
 */

/**
 * The students a course's progress covers, as the caller may see them: the course's grade (and
 * section) and school, the caller's school or a teacher's load, optionally one name search and one
 * student. Shared by the progress list and the SCORM report.
 */
function courseStudents(
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
 * A student's figures in the course, for the student row `alias` (its id column), read through
 * the student's own progress and attempts (a few index reads each); m is the course's published
 * materials.
 */
const figures = (alias: string, courseId: number): Record<string, SQL> => {
  const id = sql.raw(`${alias}.id`);
  const done = sql`(select count(*) from progress p join m on m.id = p.material_id
            where p.user_id = ${id} and p.completed_at is not null)`;
  return {
    done,
    percent: sql`(select case when count(*) = 0 then 0
                  else round(${done} * 100.0 / count(*)) end from m)`,
    quiz_average: sql`(select round(avg(best)) from (
             select max(a.score) as best from attempts a join m on m.id = a.material_id
              where a.user_id = ${id} group by a.material_id
             union all
             select ${scormCountedScore("sa", "m.scorm_settings")} from scorm_attempts sa
               join m on m.id = sa.material_id
              where sa.user_id = ${id} and sa.sco = '' group by sa.material_id, m.scorm_settings) q)`,
    time_spent: sql`(select coalesce(round(sum(extract(epoch from
                    coalesce(p.completed_at, p.last_opened_at) - p.started_at))), 0)
             from progress p join m on m.id = p.material_id where p.user_id = ${id})`,
    last_activity: sql`(select max(greatest(p.last_opened_at, p.completed_at)) from progress p
            where p.user_id = ${id} and p.course_id = ${courseId})`,
  };
};

/**
 * Course progress per student (SPEC.md course progress view): the students a course applies to
 * (its grade, its section if it has one, its school unless it is for every school) within the
 * caller's scope, with the published materials they completed, the average of their best quiz
 * and SCORM scores (a SCORM material without a score counts for nothing),
 * the time they spent and their latest activity.
 */
export class DerivedProgress {
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
   * read per student (the students' count is not known to the planner, so a grouped pass over
   * all of them would be joined row by row).
   */
  private keys(course: CourseRow, sortBy: string | undefined): SQL {
    if (!sortBy || !Object.hasOwn(SORT, sortBy) || NAME_SORTS.has(sortBy)) {
      return sql`select s.* from s`;
    }
    const column = SORT[sortBy]!;
    return sql`select s.*, ${figures("s", course.id)[column]!} as ${sql.raw(column)} from s`;
  }

  /**
   * The progress rows of the students in `page` (id, names, grade, section, ord), in ord's order:
   * their completion, scores, time and latest activity, and each SCORM material's result.
   */
  private rows(course: CourseRow, scope: ProgressScope, search: string, page: SQL): SQL {
    const figure = figures("page", course.id);
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
          ${figure.done} as done,
          ${figure.quiz_average} as quiz_average,
          ${figure.time_spent} as time_spent,
          ${figure.last_activity} as last_activity,
          (select coalesce(jsonb_agg(jsonb_build_object('materialId', sc.material_id,
                    'name', sc.name, 'status', sc.status, 'score', sc.score,
                    'attempts', sc.attempts, 'complete', sc.complete, 'noData', sc.no_data)
                    order by sc.element_position, sc.position), '[]'::jsonb)
             from sc where sc.user_id = page.id) as scorm
        from page
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
    return sql`
      select k.id, k.first_name, k.last_name, k.user_name, k.grade, k.section,
             row_number() over (order by ${sql.raw(order)}) as ord
        from (${this.keys(course, input.sortBy)}) k
       order by ${sql.raw(order)}
       ${limit === null ? sql`` : sql`limit ${limit}`} offset ${offset}`;
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
  /**
   * Every student in scope with their figures, computed once into a table of their own: each
   * order and page is then read from it by the database's own ordering, the same as `list` gives.
   */
  async snapshot(course: CourseRow, scope: ProgressScope) {
    const everyone = this.pageOf(
      course,
      { page: 1, rowsPerPage: 1, search: "", sortOrder: "asc" },
      null,
      0,
    );
    await this.db.execute(sql`drop table if exists progress_oracle`);
    await this.db.execute(
      sql`create table progress_oracle as ${this.rows(course, scope, "", everyone)}`,
    );
    const [counted] = await resultRows<{ n: number }>(
      this.db.execute(sql`select count(*)::int as n from progress_oracle`),
    );
    return {
      list: async (input: ListInput) => {
        const { limit, offset } = pageOf(input);
        const rows = await this.db.execute(
          sql`select * from progress_oracle order by ${sql.raw(this.order(input))}
               limit ${limit} offset ${offset}`,
        );
        return { rows: rowsOf(rows).map(toRow), total: Number(counted!.n) };
      },
      drop: () => this.db.execute(sql`drop table progress_oracle`),
    };
  }
}

/** The stored summaries against the (course, student) pairs that have any progress or attempt. */
export async function expectSummaryRows(db: Db) {
  const rows = (query: SQL) => resultRows(db.execute(query));
  const stored = await rows(sql`select course_id, user_id from progress_summaries order by 1, 2`);
  const sources = await rows(sql`select c as course_id, u as user_id from (
      select p.course_id as c, p.user_id as u from progress p
      union select m.course_id, a.user_id from attempts a join materials m on m.id = a.material_id
      union select m.course_id, sa.user_id from scorm_attempts sa
        join materials m on m.id = sa.material_id) d order by 1, 2`);
  expect(stored).toEqual(sources);
}

const SORTS = [undefined, ...SORTABLE_COLUMNS.progress];

const repositories = new WeakMap<Db, KeptCourseProgress | ProgressRepository>();
// The one the server uses: the read model in front, or the SQL alone (LMS_READ_MODELS=off).
const { readModels } = loadConfig();

/**
 * A course's progress list read from the summaries against this derived one: every sort both ways
 * as one whole page per scope, a later page for the first scope, and a search.
 */
export async function expectSameProgressLists(db: Db, courseId: number, scopes: ProgressScope[]) {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  // One repository per database across a test's changes: what it keeps must follow every one.
  let repository = repositories.get(db);
  if (!repository) {
    repository = readModels ? new KeptCourseProgress(db) : new ProgressRepository(db);
    repositories.set(db, repository);
  }
  const derived = new DerivedProgress(db);
  const same = async (
    scope: ProgressScope,
    input: ListInput,
    expected: (input: ListInput) => Promise<unknown>,
  ) =>
    expect(await repository.list(course!, scope, input), JSON.stringify({ scope, input })).toEqual(
      await expected(input),
    );
  for (const scope of scopes) {
    // The figures are aggregated once per scope: aggregated anew for each of the 1,400 lists, this
    // test was a fifth of the PGlite suite.
    const snapshot = await derived.snapshot(course!, scope);
    for (const sortBy of SORTS) {
      for (const sortOrder of ["asc", "desc"] as const) {
        const input = { page: 1, rowsPerPage: 50, sortBy, sortOrder, search: "" };
        await same(scope, input, snapshot.list);
        if (scope === scopes[0]) {
          await same(scope, { ...input, page: 2, rowsPerPage: 3 }, snapshot.list);
        }
      }
    }
    await snapshot.drop();
  }
  for (const search of ["zz", "a"]) {
    const input = {
      page: 1,
      rowsPerPage: 50,
      sortBy: "percent",
      sortOrder: "desc" as const,
      search,
    };
    await same(scopes[0]!, input, (asked) => derived.list(course!, scopes[0]!, asked));
  }
}
