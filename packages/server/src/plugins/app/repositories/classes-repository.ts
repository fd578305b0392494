import {
  ROLE_IDS,
  type ClassCourse,
  type ClassKey,
  type ClassRecord,
  type ClassStudent,
  type ClassTeacher,
  type ListFilter,
} from "@lms/core";
import { inArray, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { preparedQuery, rowsOf } from "../../../db/client";
import { users } from "../../../db/schema";
import { listConditions, pageOf, type ListInput } from "../../../lib/list";
import { versionsText } from "../../../db/change-versions";
import { courseFitsClass } from "./courses-repository";
import { updated } from "./records";
import {
  classesWith,
  loadRowsWith,
  schoolYearOf,
  syncClassYear,
  toRecord,
  type ClassRow,
  type ClassScope,
} from "./class-rows";
import {
  listSpec,
  narrowed,
  orderOf,
  type ClassListOptions,
  type ClassPage,
} from "./class-list-order";

export type { ClassScope };
export type { ClassListOptions, ClassPage };

/** The most matches of a search that are read and sorted for a page (a few ms at most). */
const SORTED_MATCHES = 2000;

/** How a page of the classes' list is read. */
export interface ClassListQuery {
  where: SQL;
  /** The classes' CTE the list reads (a teacher's or a course's when narrowed). */
  classes: SQL;
  /** The statement that counts the list. */
  counted: SQL;
  /** The tables the count reads: the classes, and a teacher's loads or a course when narrowed. */
  tables: readonly string[];
}

/** A list's total, and its page when the statement that counted it sorted it too. */
export interface ClassListCount {
  total: number;
  firstPage?: ClassRecord[];
}

/**
 * The classes (SQL only): KeptClassList (read-models) keeps their totals per version and holds the
 * stored classes in memory in front of it.
 */
export class ClassesRepository {
  /** The calendar year last synced into class_list: a sync is a write, once a year suffices. */
  private syncedYear: number | null = null;

  private readonly sortedMatches: number;

  /** @param options.sortedMatches the most matches a search sorts for its page (tests make it small) */
  constructor(
    protected readonly db: Db,
    { sortedMatches = SORTED_MATCHES }: { sortedMatches?: number } = {},
  ) {
    this.sortedMatches = sortedMatches;
  }

  /** Whether the stored classes are held in memory (KeptClassList). */
  memoryReady(): Promise<boolean> {
    return Promise.resolve(false);
  }

  close(): void {}

  protected async sync(today: Date, db: Executor = this.db) {
    const year = schoolYearOf(today);
    if (this.syncedYear === year) return;
    await db.execute(syncClassYear(today));
    this.syncedYear = year;
  }

  private where(input: ListInput, filters: ListFilter[], options: ClassListOptions): SQL {
    const conditions = listConditions(listSpec, input, filters);
    if (options.schoolId !== undefined) conditions.push(sql`k.school_id = ${options.schoolId}`);
    if (options.courseId !== undefined) {
      conditions.push(sql`exists (select 1 from courses where courses.id = ${options.courseId}
        and ${courseFitsClass({
          schoolId: sql.raw("k.school_id"),
          grade: sql.raw("k.grade"),
          section: sql.raw("k.section_key"),
        })})`);
    }
    return conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);
  }

  async list(
    input: ListInput,
    filters: ListFilter[],
    options: ClassListOptions,
    scope: ClassScope,
    today = new Date(),
  ): Promise<ClassPage> {
    await this.sync(today);
    const query = this.listQuery(input, filters, options, scope, today);
    return this.pageOf(input, query, await this.count(input, query));
  }

  /** How the page `input` asks is read. */
  protected listQuery(
    input: ListInput,
    filters: ListFilter[],
    options: ClassListOptions,
    scope: ClassScope,
    today: Date,
  ): ClassListQuery {
    const where = this.where(input, filters, options);
    const classes = classesWith(narrowed(scope, options), today);
    const counted = sql`${classes}
        select count(*)::int as n from classes k where ${where}`;
    const tables = ["class_list"];
    if (scope.teacherId !== null) tables.push("user_loads", "users");
    if (options.courseId !== undefined) tables.push("courses");
    return { where, classes, counted, tables };
  }

  /**
   * The list's total. A search is counted from its matches, read once: when they are few, the
   * same statement sorts its page from them.
   */
  protected async count(input: ListInput, query: ClassListQuery): Promise<ClassListCount> {
    if (input.search === "") {
      const [count] = await preparedQuery<{ n: number }>(this.db, query.counted);
      return { total: Number(count?.n ?? 0) };
    }
    const { limit, offset } = pageOf(input);
    const order = orderOf(input);
    const rows = await preparedQuery<ClassRow & { n: number }>(
      this.db,
      sql`${query.classes},
        matches as materialized (select k.* from classes k where ${query.where}),
        counted as (select count(*)::int as n from matches)
        select c.n, k.* from counted c
          left join lateral (select * from matches k where c.n <= ${this.sortedMatches}
                              order by ${order} limit ${limit} offset ${offset}) k on true
         order by ${order}`,
    );
    const total = Number(rows[0]?.n ?? 0);
    if (total > this.sortedMatches) return { total };
    return { total, firstPage: rows.filter((row) => row.school_id !== null).map(toRecord) };
  }

  /** The page of a list counted (its first page, or read). */
  protected async pageOf(
    input: ListInput,
    query: ClassListQuery,
    { total, firstPage }: ClassListCount,
  ): Promise<ClassPage> {
    if (firstPage) return { rows: firstPage, total };
    return { rows: (await this.pageAt(input, query, total, null))?.rows ?? [], total };
  }

  /**
   * The page of `total` matches, with the versions of `tables` now when asked (then null for an
   * empty page: nothing to read them from); null when the page is past the end.
   */
  protected async pageAt(
    input: ListInput,
    { where, classes }: ClassListQuery,
    total: number,
    tables: readonly string[] | null,
  ): Promise<{ rows: ClassRecord[]; versions: string | null } | null> {
    const { limit, offset } = pageOf(input);
    if (offset >= total) return null;
    // A page past the middle is read from the other end of its index, with the smaller offset.
    const size = Math.min(limit, total - offset);
    const fromEnd = offset + size / 2 > total / 2;
    const order = orderOf(input, fromEnd);
    const skip = fromEnd ? total - offset - size : offset;
    // A search's few matches are read (by the trigram index) and sorted: the sort's index would
    // be walked past every class before the first match (grade 1 sorted by grade desc: 14,000 of
    // 15,000 classes, 10 to 20 ms). With more matches the planner chooses, and a walk finds a page
    // within a few rows.
    const sortMatches = input.search !== "" && total <= this.sortedMatches;
    const versions = tables ? sql`, ${versionsText(tables)} as versions` : sql``;
    const rows = await preparedQuery<ClassRow & { versions?: string }>(
      this.db,
      sortMatches
        ? sql`${classes},
              matches as materialized (select k.* from classes k where ${where})
              select k.*${versions} from matches k order by ${order} limit ${size} offset ${skip}`
        : // The page's keys first, from the sort's index alone (it holds the key); then its rows.
          sql`${classes},
              page as materialized (
                select k.school_id, k.year_from, k.grade, k.section_key from classes k
                 where ${where} order by ${order} limit ${size} offset ${skip})
              select k.*${versions} from page p join classes k on k.school_id = p.school_id
                 and k.year_from = p.year_from and k.grade = p.grade
                 and k.section_key = p.section_key
               order by ${order}`,
    );
    if (tables && rows.length === 0) return null;
    const versionsNow = rows[0]?.versions ?? null;
    return { rows: (fromEnd ? rows.reverse() : rows).map(toRecord), versions: versionsNow };
  }

  /** Every matching class, for export. */
  async *exportRows(
    input: ListInput,
    filters: ListFilter[],
    options: ClassListOptions,
    scope: ClassScope,
    today = new Date(),
  ) {
    await this.sync(today);
    const where = this.where(input, filters, options);
    const rows = await rowsOf<ClassRow>(
      this.db.execute(sql`${classesWith(narrowed(scope, options), today)}
        select k.* from classes k where ${where} order by ${orderOf(input)}`),
    );
    yield rows.map((row) => {
      const record = toRecord(row);
      return { ...record, schoolYear: `${record.schoolYearFrom}-${record.schoolYearTo}` };
    });
  }

  /** One class in the scope, or undefined (a class nobody is in, or out of scope). */
  async find(key: ClassKey, scope: ClassScope, today = new Date(), db: Executor = this.db) {
    await this.sync(today, db);
    const [row] = await rowsOf<ClassRow>(
      db.execute(sql`${classesWith(scope, today)}
        select k.* from classes k
         where k.school_id = ${key.schoolId} and k.year_from = ${key.schoolYearFrom}
           and k.grade = ${key.grade} and k.section_key = ${key.section.trim().toLowerCase()}`),
    );
    return row ? toRecord(row) : undefined;
  }

  /** The students of a class with their progress through the class's published courses. */
  async students(record: ClassRecord): Promise<ClassStudent[]> {
    const fits = courseFitsClass(record);
    const rows = await rowsOf<{
      id: number;
      first_name: string;
      last_name: string;
      user_name: string;
      status: number;
      done: number;
      total: number;
    }>(
      this.db.execute(sql`with published_materials as (
          select m.id from materials m
            join course_elements e on e.id = m.element_id
            join courses on courses.id = m.course_id
           where m.published and e.published and courses.published and ${fits})
        select u.id, u.first_name, u.last_name, u.user_name, u.status,
               (select count(*) from progress p join published_materials pm on pm.id = p.material_id
                 where p.user_id = u.id and p.completed_at is not null)::int as done,
               (select count(*) from published_materials)::int as total
          from users u
         where ${this.memberOf(record)}
         order by u.last_name, u.first_name, u.id`),
    );
    return rows.map((r) => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      userName: r.user_name,
      status: (r.status === 1 ? 1 : 0) as 0 | 1,
      done: r.done,
      total: r.total,
      percent: r.total > 0 ? Math.round((100 * r.done) / r.total) : null,
    }));
  }

  /** The assigned-load rows that cover a class (only in the school's current year). */
  async teachers(record: ClassRecord, _scope: ClassScope, today = new Date()) {
    const rows = await rowsOf<{
      id: number;
      first_name: string;
      last_name: string;
      user_name: string;
      subject: string;
    }>(
      this.db.execute(sql`${loadRowsWith(record.schoolId, today)}
        select t.id, t.first_name, t.last_name, t.user_name, lr.subject
          from load_rows lr join users t on t.id = lr.user_id
         where lr.school_id = ${record.schoolId} and lr.year_from = ${record.schoolYearFrom}
           and lr.grade = ${record.grade} and lr.section_key = ${record.section.toLowerCase()}
         order by t.last_name, t.first_name, lr.subject, lr.id`),
    );
    return rows.map((r): ClassTeacher => ({
      id: r.id,
      firstName: r.first_name,
      lastName: r.last_name,
      userName: r.user_name,
      subject: r.subject,
    }));
  }

  /** The published courses a class takes, each with the class's completion of it. */
  async courses(record: ClassRecord): Promise<ClassCourse[]> {
    const fits = courseFitsClass(record);
    const rows = await rowsOf<{
      id: number;
      course_name: string;
      course_code: string;
      subject: string;
      materials: number;
      done: number;
    }>(
      this.db.execute(sql`with published_materials as (
          select m.id, m.course_id from materials m
            join course_elements e on e.id = m.element_id
           where m.published and e.published)
        select courses.id, courses.course_name, courses.course_code, courses.subject,
               (select count(*) from published_materials pm where pm.course_id = courses.id)::int
                 as materials,
               (select count(*) from progress p
                  join published_materials pm on pm.id = p.material_id
                  join users u on u.id = p.user_id
                 where p.course_id = courses.id and p.completed_at is not null
                   and ${this.memberOf(record)})::int as done
          from courses
         where courses.published and ${fits}
         order by courses.course_name, courses.id`),
    );
    return rows.map((r) => {
      const total = r.materials * record.students;
      return {
        id: r.id,
        courseName: r.course_name,
        courseCode: r.course_code,
        subject: r.subject,
        averageCompletion: total > 0 ? Math.round((100 * r.done) / total) : null,
      };
    });
  }

  /** The ids among `ids` of students in the class (a move refuses any other). */
  async studentIdsIn(db: Executor, record: ClassRecord, ids: number[]): Promise<number[]> {
    const rows = await rowsOf<{ id: number }>(
      db.execute(sql`select u.id from users u
        where ${this.memberOf(record)}
          and u.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
        for update`),
    );
    return rows.map((r) => r.id);
  }

  /** Moves students to another section (the class follows from the users). */
  async moveStudents(db: Executor, ids: number[], section: string, by: string | null) {
    await db
      .update(users)
      .set({ section, ...updated(by) })
      .where(inArray(users.id, ids));
  }

  private memberOf(record: ClassRecord): SQL {
    return sql`u.role_id = ${ROLE_IDS.student} and u.school_id = ${record.schoolId}
      and u.school_year_from = ${record.schoolYearFrom} and u.grade = ${record.grade}
      and lower(trim(u.section)) = ${record.section.trim().toLowerCase()}`;
  }
}
