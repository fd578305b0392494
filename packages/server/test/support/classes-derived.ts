import { ROLE_IDS } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import { expect } from "vitest";
import { rowsOf, type Db } from "../../src/db/client";
import {
  classesWith,
  schoolYearOf,
  type ClassScope,
} from "../../src/plugins/app/repositories/class-rows";
import { courseFitsClass } from "../../src/plugins/app/repositories/courses-repository";

/**
 * The class list's query before issue 14 stored per-class sums: every count read from the users
 * and progress rows themselves. The summaries kept by migration 0016's triggers must give the
 * same classes, counts and completion as this.
 */
const percent = (done: SQL, total: SQL) =>
  sql`case when (${total}) > 0 then round(100.0 * (${done}) / (${total}))::int end`;

export function derivedClassesWith(scope: ClassScope, today: Date): SQL {
  const school = (column: string) =>
    scope.schoolId === null ? sql`true` : sql`${sql.raw(column)} = ${scope.schoolId}`;
  const mine =
    scope.teacherId === null
      ? sql`true`
      : sql`exists (select 1 from load_rows lr where lr.user_id = ${scope.teacherId}
          and lr.school_id = k.school_id and lr.year_from = k.year_from
          and lr.grade = k.grade and lr.section_key = k.section_key)`;
  const inClass = (alias: string) =>
    sql.raw(`${alias}.school_id = k.school_id and ${alias}.year_from = k.year_from
      and ${alias}.grade = k.grade and ${alias}.section_key = k.section_key`);
  const isStudent = sql`u.role_id = ${ROLE_IDS.student} and u.school_id is not null
         and u.school_year_from is not null and u.grade is not null and trim(u.section) <> ''
         and ${school("u.school_id")}`;
  const classOfUser = sql.raw(
    `u.school_id, u.school_year_from, u.grade::int, lower(trim(u.section))`,
  );
  const classColumns = sql.raw(`u.school_id, u.school_year_from as year_from, u.grade::int as grade,
         lower(trim(u.section)) as section_key`);
  // Completed materials per class, counted in one pass over the completed progress rows (a count
  // per class row would read every student's progress once per class).
  const doneByClass = sql`select ${classColumns}, count(*) as n
      from progress p
      join materials m on m.id = p.material_id and m.published
      join course_elements e on e.id = m.element_id and e.published
      join users u on u.id = p.user_id
      join courses on courses.id = p.course_id
     where p.completed_at is not null and ${isStudent} and courses.published and ${courseFitsClass({
       schoolId: sql.raw("u.school_id"),
       grade: sql.raw("u.grade::int"),
       section: sql.raw("trim(u.section)"),
     })}
     group by ${classOfUser}`;
  // The users are read once, grouped by class; the other counts join that small result.
  return sql`with student_counts as (
      select ${classColumns}, max(coalesce(u.school_year_to, u.school_year_from + 1)) as year_to,
             min(trim(u.section)) as section, count(*) as n
        from users u
       where ${isStudent}
       group by ${classOfUser}),
    current_years as (
      select s.id as school_id, coalesce(max(sc.year_from), ${schoolYearOf(today)}) as year_from
        from schools s left join student_counts sc on sc.school_id = s.id
       where ${school("s.id")}
       group by s.id),
    load_rows as (
      select l.id, l.user_id, t.school_id, cy.year_from, l.grade::int as grade,
             lower(trim(l.section)) as section_key, trim(l.section) as section, l.subject
        from user_loads l
        join users t on t.id = l.user_id
        join current_years cy on cy.school_id = t.school_id
       where trim(l.section) <> ''),
    keys as (
      select school_id, year_from, max(year_to) as year_to, grade, section_key, min(section) as section
        from (select school_id, year_from, year_to, grade, section_key, section from student_counts
              union all
              select school_id, year_from, year_from + 1, grade, section_key, section from load_rows) a
       group by school_id, year_from, grade, section_key),
    published_materials as (
      select m.id, m.course_id from materials m
        join course_elements e on e.id = m.element_id
       where m.published and e.published),
    course_materials as (
      select c.school_id, c.grade_level, lower(c.section) as section, count(*) as n
        from courses c join published_materials pm on pm.course_id = c.id
       where c.published
       group by c.school_id, c.grade_level, lower(c.section)),
    class_materials as (
      select k.school_id, k.year_from, k.grade, k.section_key, sum(courses.n) as n
        from keys k join course_materials courses on ${courseFitsClass({
          schoolId: sql.raw("k.school_id"),
          grade: sql.raw("k.grade"),
          section: sql.raw("k.section_key"),
        })}
       group by k.school_id, k.year_from, k.grade, k.section_key),
    teacher_counts as (
      select school_id, year_from, grade, section_key, count(distinct user_id) as n from load_rows
       group by school_id, year_from, grade, section_key),
    done_counts as (${doneByClass}),
    counted as (
      select k.*, s.school_name,
             coalesce(sc.n, 0)::int as students,
             coalesce(tc.n, 0)::int as teachers,
             coalesce(cm.n, 0) as materials,
             coalesce(dc.n, 0) as done
        from keys k join schools s on s.id = k.school_id
        left join student_counts sc on ${inClass("sc")}
        left join teacher_counts tc on ${inClass("tc")}
        left join class_materials cm on ${inClass("cm")}
        left join done_counts dc on ${inClass("dc")}
       where ${mine}),
    classes as (
      select k.*,
             ${percent(sql.raw("k.done"), sql.raw("k.students * k.materials"))} as average_completion,
             lower('grade ' || k.grade || ' ' || k.section || ' ' || k.year_from || '-' || k.year_to)
               as search_text
        from counted k)`;
}

const STUDENT = sql`u.role_id = 5 and u.school_id is not null and u.school_year_from is not null
  and u.grade is not null and trim(u.section) <> ''`;

/** The stored sums against the same sums counted from the users and progress rows. */
export async function expectClassSummariesCurrent(db: Db) {
  const rows = (query: SQL) => rowsOf(db.execute(query));
  const members = sql`select school_id, year_from, grade, section_key, section, year_to,
      students::int as students from class_members`;
  const countedMembers = sql`select u.school_id, u.school_year_from as year_from,
      u.grade::int as grade, lower(trim(u.section)) as section_key, trim(u.section) as section,
      coalesce(u.school_year_to, u.school_year_from + 1) as year_to, count(*)::int as students
      from users u where ${STUDENT} group by 1, 2, 3, 4, 5, 6`;
  const order = sql`order by 1, 2, 3, 4, 5, 6`;
  expect(await rows(sql`${members} ${order}`)).toEqual(await rows(sql`${countedMembers} ${order}`));
  const done = sql`select school_id, year_from, grade, section_key, course_id, material_id,
      completed::int as completed from class_done`;
  const countedDone = sql`select u.school_id, u.school_year_from as year_from,
      u.grade::int as grade, lower(trim(u.section)) as section_key, p.course_id, p.material_id,
      count(*)::int as completed
      from progress p join users u on u.id = p.user_id
     where p.completed_at is not null and ${STUDENT} group by 1, 2, 3, 4, 5, 6`;
  expect(await rows(sql`${done} ${order}`)).toEqual(await rows(sql`${countedDone} ${order}`));
  expect(await rows(sql`select * from class_done_pending`)).toEqual([]);
  // A deleted student's class is noted only until its progress rows' trigger has read it (0018).
  expect(await rows(sql`select * from class_gone_students`)).toEqual([]);
}

const classOrder = sql`order by k.school_id, k.year_from, k.grade, k.section_key`;

/** The classes of a scope, by the stored sums and by the derived query, side by side. */
export async function expectSameClasses(db: Db, scope: ClassScope, today: Date) {
  const rows = (query: SQL) => rowsOf(db.execute(query));
  const stored = await rows(
    sql`${classesWith(scope, today)} select k.* from classes k ${classOrder}`,
  );
  const derived = await rows(
    sql`${derivedClassesWith(scope, today)} select k.* from classes k ${classOrder}`,
  );
  expect(stored).toEqual(derived);
  return derived as { students: number; average_completion: number | null }[];
}
