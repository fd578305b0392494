import { ROLE_IDS, type ProgressRow, type ScormResult } from "@lms/core";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { LRUCache } from "lru-cache";
import { preparedStatement, type Db, type Executor } from "../../../db/client";
import { readOncePerTurnFor } from "../../../read-models/versioned-cache/turn-reads";
import { progress, type courses, type materials } from "../../../db/schema";
import { containsPattern, pageOf, type ListInput } from "../../../lib/list";
import { OneTripTries } from "../../../read-models/versioned-cache/versioned-pages";
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

/**
 * The sortable figures as exact numeric sort keys, read from the course's summary rows `ps`
 * (migration 0020): the percentage rounded in integers (half up, as round() does for these
 * non-negative values), which orders exactly as the shown percentage; the latest activity in
 * microseconds (below 2^53, so exact as a number). `none` is the key of a student without a
 * summary row (no progress yet). The name sort is the default.
 */
const FIGURE_KEYS: Record<string, { key: (total: number) => SQL; none: number | null }> = {
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

/** The course's published materials (a percentage's denominator), and whether any is SCORM. */
interface CourseMaterials {
  total: number;
  scorm: boolean;
}

/**
 * A course's students in scope, in the list's name order (lower-cased last and first names, then
 * id), with their search text: what every page and search of the course is ordered from.
 */
interface CourseStudents {
  ids: number[];
  texts: string[];
}

/** A page's students in the asked order, and the course's materials. */
interface Ordered {
  ids: number[];
  materials: CourseMaterials;
  /** The course's students in scope the ids are ordered from. */
  students: CourseStudents;
}

/** The tables a page reads besides the summaries, each with a change counter moved at commit. */
const VERSIONED = ["users", "user_loads", "materials", "course_elements"] as const;

/** The versions of VERSIONED and of course $1's summaries (0 before it has any), by name. */
const VERSIONS_SQL = `
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

/**
 * What `cache` keeps under `key`, else `read` and kept there; a null key (no version to key it by)
 * reads every time.
 */
async function keptOr<V extends object>(
  cache: LRUCache<string, V>,
  key: string | null,
  read: () => Promise<V>,
): Promise<V>;
/** With `keptOnly`: what `cache` keeps under `key`, else null (nothing is read). */
async function keptOr<V extends object>(
  cache: LRUCache<string, V>,
  key: string | null,
  read: () => Promise<V>,
  keptOnly: boolean,
): Promise<V | null>;
async function keptOr<V extends object>(
  cache: LRUCache<string, V>,
  key: string | null,
  read: () => Promise<V>,
  keptOnly = false,
): Promise<V | null> {
  const kept = key === null ? undefined : cache.get(key);
  if (kept) return kept;
  if (keptOnly) return null;
  const value = await read();
  if (key !== null) cache.set(key, value);
  return value;
}

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
function plainRow(values: unknown[]) {
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

const ROWS_SQL = rowsSql();

/**
 * ROWS_SQL with the versions VERSIONS_SQL reads, from the same snapshot, as a last column
 * ("name=version,…" by name): rows read to be held are of the versions they are held at.
 */
const VERSIONED_ROWS_SQL = rowsSql(`,
         (select string_agg(named.name || '=' || named.version, ',' order by named.name collate "C")
            from (${VERSIONS_SQL}) named) as versions`);

/**
 * The most students of a course in scope whose rows are held (a course for every school seen by a
 * division's admin is its database's: holding it would read them all on a request).
 */
const HELD_STUDENTS = 20_000;

/** The key of what is held for a course at its versions. */
const heldKey = (course: CourseRow, versions: Map<string, string>) =>
  `${course.id} ${versionsText(versions)}`;

/** Versions by name as VERSIONED_ROWS_SQL writes them. */
const versionsText = (versions: Map<string, string>) =>
  [...versions]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, version]) => `${name}=${version}`)
    .join(",");

/**
 * Course progress per student (SPEC.md course progress view): the students a course applies to
 * (its grade, its section if it has one, its school unless it is for every school) within the
 * caller's scope, with the published materials they completed, the average of their best quiz
 * and SCORM scores (a SCORM material without a score counts for nothing),
 * the time they spent and their latest activity.
 *
 * Issue 14: a course's students (in name order, with their search text), its published materials
 * and its figures' sort keys are kept per version of the rows they are read from (change_counters
 * and the course's summaries' version, 0025, both moved at commit), so a page or a new search is
 * ordered, searched and counted here. For a course without SCORM materials, the rows of its
 * students are held too from the second page asked at the same versions (pageOfHeldRows): a page
 * or a search then reads only the versions, which the route starts reading while it finds the
 * course (versionsAhead).
 */
export class ProgressRepository {
  private readonly dialect = new PgDialect();
  private readonly students = new LRUCache<string, CourseStudents>({
    // About 100 bytes a student: at most some 20 MB.
    maxSize: 200_000,
    sizeCalculation: (students) => students.ids.length + 1,
  });
  private readonly materials = new LRUCache<string, CourseMaterials>({ max: 1000 });
  private readonly conditions = new LRUCache<string, { where: SQL; text: string }>({ max: 1000 });
  private readonly keys = new LRUCache<string, Map<number, number | null>>({
    maxSize: 200_000,
    sizeCalculation: (keys) => keys.size + 1,
  });

  /** Figure orders, held as long as the students and keys they were sorted from are kept. */
  private readonly sorted = new WeakMap<
    CourseStudents,
    WeakMap<Map<number, number | null>, Map<boolean, number[]>>
  >();
  private readonly plainRows;
  private readonly versionedRows;
  private readonly versions;
  /**
   * The progress rows of a course without SCORM materials by student, at one set of its versions
   * (`heldKey`): its pages and searches are then answered after reading the versions alone.
   */
  private readonly heldRows = new LRUCache<string, Map<number, ProgressRow>>({
    // About 300 bytes a row: at most some 30 MB.
    maxSize: 100_000,
    sizeCalculation: (rows) => rows.size + 1,
  });
  /** The versions a page was read at once: the second page at them holds the course's rows. */
  private readonly askedOnce = new LRUCache<string, true>({ max: 1000 });
  /** The reads of rows to hold under way, by key: a page waits for the one it needs. */
  private readonly holding = new Map<string, Promise<unknown>>();
  /** The courses whose versions moved while their rows were read: not held again for a while. */
  private readonly tries = new OneTripTries();

  constructor(private readonly db: Db) {
    this.plainRows = preparedStatement(db, "lms_progress_rows", ROWS_SQL, "int, int, int[]");
    this.versionedRows = preparedStatement(
      db,
      "lms_progress_versioned_rows",
      VERSIONED_ROWS_SQL,
      "int, int, int[]",
    );
    const versions = preparedStatement(db, "lms_progress_versions", VERSIONS_SQL, "int");
    // The requests of one turn for the same course share one read.
    this.versions = readOncePerTurnFor((courseId: number) => versions([courseId]));
  }

  /**
   * The versions of VERSIONED and of the course's summaries by name, or null when a table has no
   * counter (nothing is kept then).
   */
  private async versionsNow(course: Pick<CourseRow, "id">): Promise<Map<string, string> | null> {
    const rows = (await this.versions(course.id)) as [string, string][];
    if (rows.length < VERSIONED.length + 1) return null;
    return new Map(rows);
  }

  private async materialsOf(
    course: CourseRow,
    versions: Map<string, string> | null,
    keptOnly = false,
  ): Promise<CourseMaterials | null> {
    const key =
      versions &&
      JSON.stringify([course.id, versions.get("materials"), versions.get("course_elements")]);
    return keptOr(
      this.materials,
      key,
      async () => {
        const result = await this.db.execute(sql`
        select count(*)::int as total, count(*) filter (where mat.type = 'scorm')::int as scorm
          from materials mat
          join course_elements e on e.id = mat.element_id
         where mat.course_id = ${course.id} and mat.published and e.published`);
        const [row] = (result as unknown as { rows: { total: number; scorm: number }[] }).rows;
        return { total: Number(row?.total ?? 0), scorm: Number(row?.scorm ?? 0) > 0 };
      },
      keptOnly,
    );
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

  private async studentsOf(
    course: CourseRow,
    scope: ProgressScope,
    versions: Map<string, string> | null,
    keptOnly = false,
  ): Promise<CourseStudents | null> {
    const { where, text } = this.conditionsOf(course, scope);
    const key =
      versions && JSON.stringify([versions.get("users"), versions.get("user_loads"), text]);
    return keptOr(
      this.students,
      key,
      async () => {
        const result = await this.db.execute(sql`
        select u.id, u.search_text from users u where ${where}
         order by lower(u.last_name), lower(u.first_name), u.id`);
        const rows = (result as unknown as { rows: { id: number; search_text: string }[] }).rows;
        return { ids: rows.map((r) => Number(r.id)), texts: rows.map((r) => r.search_text) };
      },
      keptOnly,
    );
  }

  /**
   * A figure's sort key of the course's students with a summary row, read in one text of "id
   * key" pairs (one row instead of thousands: most of the cost on PGlite), and kept per version of
   * the course's summaries. The keys are integers below 2^53, exact as numbers.
   */
  private async figureKeys(
    course: CourseRow,
    column: string,
    total: number,
    versions: Map<string, string> | null,
    keptOnly = false,
  ): Promise<Map<number, number | null> | null> {
    const cacheKey =
      versions && JSON.stringify([course.id, column, total, versions.get("progress_summaries")]);
    return keptOr(
      this.keys,
      cacheKey,
      async () => {
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
      },
      keptOnly,
    );
  }

  /**
   * The ids of the students in scope that the search matches, in the asked order: by name (ties
   * by id), the default, or by one figure (no figure last both ways, ties by name).
   */
  private async ordered(
    course: CourseRow,
    scope: ProgressScope,
    input: ListInput,
  ): Promise<Ordered> {
    const versions = await this.versionsNow(course);
    return (await this.orderedAt(course, scope, input, versions, false))!;
  }

  /**
   * `ordered` at `versions`; with `keptOnly`, from what is kept for them alone, else null (nothing
   * is read).
   */
  private async orderedAt(
    course: CourseRow,
    scope: ProgressScope,
    input: ListInput,
    versions: Map<string, string> | null,
    keptOnly: boolean,
  ): Promise<Ordered | null> {
    const materials = await this.materialsOf(course, versions, keptOnly);
    const students = materials && (await this.studentsOf(course, scope, versions, keptOnly));
    if (!materials || !students) return null;
    const { search } = input;
    // As `search_text like containsPattern(search)`: the term's characters taken literally.
    const matched =
      search === ""
        ? students.ids
        : students.ids.filter((_, i) => students.texts[i]!.includes(search));
    const column = input.sortBy && Object.hasOwn(FIGURE_KEYS, input.sortBy) ? input.sortBy : null;
    // Without a sortable column, the names A–Z whatever the order asked.
    const sortable = column !== null || input.sortBy === "lastName";
    const desc = sortable && input.sortOrder === "desc";
    // Without published materials every percentage is 0: the names decide.
    if (
      column === null ||
      (column === "percent" && materials.total === 0) ||
      matched.length === 0
    ) {
      return { ids: desc ? [...matched].reverse() : matched, materials, students };
    }
    const keys = await this.figureKeys(course, column, materials.total, versions, keptOnly);
    if (!keys) return null;
    const all = this.sortedByFigure(students, keys, FIGURE_KEYS[column]!.none, desc);
    if (search === "") return { ids: all, materials, students };
    const wanted = new Set(matched);
    return { ids: all.filter((id) => wanted.has(id)), materials, students };
  }

  /**
   * Every student of `students` by a figure's `keys` (no figure last both ways, ties by name),
   * sorted once per kept students and keys.
   */
  private sortedByFigure(
    students: CourseStudents,
    keys: Map<number, number | null>,
    none: number | null,
    desc: boolean,
  ): number[] {
    let byKeys = this.sorted.get(students);
    if (!byKeys) this.sorted.set(students, (byKeys = new WeakMap()));
    let orders = byKeys.get(keys);
    if (!orders) byKeys.set(keys, (orders = new Map()));
    const kept = orders.get(desc);
    if (kept) return kept;
    const entries = students.ids.map((id, rank) => {
      const key = keys.get(id);
      return { id, rank, key: key === undefined ? none : key };
    });
    const sign = desc ? -1 : 1;
    entries.sort((a, b) => {
      if (a.key !== b.key) {
        if (a.key === null) return 1;
        if (b.key === null) return -1;
        return sign * (a.key - b.key);
      }
      return sign * (a.rank - b.rank);
    });
    const ids = entries.map((entry) => entry.id);
    orders.set(desc, ids);
    return ids;
  }

  /**
   * The progress rows of the students `ids`, in that order: their names, grade, section,
   * completion, scores, time and latest activity, and each SCORM material's result.
   */
  private rows(course: CourseRow, materials: CourseMaterials, ids: readonly number[]): SQL {
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

  /**
   * The course's versions now (the first statement of a page): a caller may start reading them
   * while it finds the course, and give them to `list`.
   */
  versionsAhead(courseId: number): Promise<Map<string, string> | null> {
    return this.versionsNow({ id: courseId });
  }

  /**
   * One page: ordered and counted from the kept students, its rows from those held for the
   * course's versions now (`versions`, read ahead or here), else only the page's rows computed.
   */
  async list(
    course: CourseRow,
    scope: ProgressScope,
    input: ListInput,
    versions: Promise<Map<string, string> | null> = this.versionsNow(course),
  ) {
    let now = await versions;
    const held = now && (await this.pageOfHeldRows(course, scope, input, now));
    if (held === "moved") now = await this.versionsNow(course);
    else if (held) return held;
    const { limit, offset } = pageOf(input);
    const { ids, materials } = (await this.orderedAt(course, scope, input, now, false))!;
    if (offset >= ids.length) return { rows: [], total: ids.length };
    const page = ids.slice(offset, offset + limit);
    return { rows: await this.rowsOf(course, materials, page), total: ids.length };
  }

  /**
   * A page of the rows held at `versions` (the course's versions now), after reading those of the
   * students in scope not held yet (with the versions, in one statement), from the second page
   * asked at those versions, for at most HELD_STUDENTS of them. Null when the rows are not held
   * (yet), something else is not kept, the course has SCORM materials (their results are read
   * apart) or too many students; "moved" when a version moved since.
   */
  private async pageOfHeldRows(
    course: CourseRow,
    scope: ProgressScope,
    input: ListInput,
    versions: Map<string, string>,
  ) {
    const key = heldKey(course, versions);
    if (!this.heldRows.has(key) && !this.askedOnce.has(key)) {
      this.askedOnce.set(key, true);
      return null;
    }
    const ordered = await this.orderedAt(course, scope, input, versions, true);
    if (!ordered || ordered.materials.scorm) return null;
    const { students } = ordered;
    if (students.ids.length > HELD_STUDENTS) return null;
    await this.holding.get(key);
    let rows = this.heldRows.get(key);
    const { limit, offset } = pageOf(input);
    const pageIds = ordered.ids.slice(offset, offset + limit);
    // Once the page's rows are held, no other student's is looked up (2,000 lookups a request).
    const missing = !rows
      ? students.ids
      : pageIds.every((id) => rows!.has(id))
        ? []
        : students.ids.filter((id) => !rows!.has(id));
    if (missing.length > 0) {
      if (!this.tries.worth(course.id)) return null;
      const reading = this.versionedRows([course.id, ordered.materials.total, missing]);
      this.holding.set(
        key,
        reading.catch(() => undefined),
      );
      let values: unknown[][];
      try {
        values = await reading;
      } finally {
        this.holding.delete(key);
      }
      if (values.length !== missing.length || values[0]!.at(-1) !== versionsText(versions)) {
        this.tries.miss(course.id);
        return "moved";
      }
      rows = new Map(this.heldRows.get(key));
      for (const value of values) rows.set(Number(value[0]), plainRow(value));
      this.heldRows.set(key, rows);
    }
    const held = rows!;
    return { rows: pageIds.map((id) => held.get(id)!), total: ordered.ids.length };
  }

  private async rowsOf(course: CourseRow, materials: CourseMaterials, ids: readonly number[]) {
    if (materials.scorm)
      return rowsOf(await this.db.execute(this.rows(course, materials, ids))).map(toRow);
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
