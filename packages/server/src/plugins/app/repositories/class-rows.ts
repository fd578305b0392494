import { encodeClassId, type ClassRecord } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import { courseFitsClass } from "./courses-repository";

/**
 * Classes are not stored: they are derived from the students' grade and section and the
 * teachers' loads in a school year (issue "Classes"). The query that derives them, and its row.
 */

/**
 * Who asks for classes: a school (null: every school) and, for a teacher, its user id (only the
 * classes its assigned load covers).
 */
export interface ClassScope {
  schoolId: number | null;
  teacherId: number | null;
}

export interface ClassRow {
  school_id: number;
  school_name: string;
  year_from: number;
  year_to: number;
  grade: number;
  section: string;
  students: number;
  teachers: number;
  average_completion: number | null;
  total?: number;
}

/** The school year that starts in June (Philippine school calendar) of a date. */
export function schoolYearOf(date: Date): number {
  return date.getUTCMonth() >= 5 ? date.getUTCFullYear() : date.getUTCFullYear() - 1;
}

const percent = (done: SQL, total: SQL) =>
  sql`case when (${total}) > 0 then round(100.0 * (${done}) / (${total}))::int end`;

/**
 * Classes are derived from the users, never stored: a student of a school with a school year,
 * grade and section is in that class; a teacher's assigned load (which has no year) covers the
 * classes of its grade and section in the school's current year (the latest year among its
 * students, else the calendar's), and a load row with no student yet still makes a class.
 * The students and their completed progress are read from the per-class sums that the database's
 * triggers keep (migration 0016), not from the users and progress rows themselves (issue 14).
 */
export function classesWith(scope: ClassScope, today: Date): SQL {
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
  const fits = (alias: string) =>
    courseFitsClass({
      schoolId: sql.raw(`${alias}.school_id`),
      grade: sql.raw(`${alias}.grade`),
      section: sql.raw(`${alias}.section_key`),
    });
  const classKey = sql.raw(`school_id, year_from, grade, section_key`);
  // Only a school's own and the global courses can fit its classes.
  const ownOrGlobal =
    scope.schoolId === null
      ? sql`true`
      : sql`(c.school_id = ${scope.schoolId} or c.school_id is null)`;
  return sql`with student_counts as (
      select ${classKey}, max(year_to) as year_to, min(section) as section,
             sum(students) as n
        from class_members
       where ${school("school_id")}
       group by ${classKey}),
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
       where c.published and ${ownOrGlobal}
       group by c.school_id, c.grade_level, lower(c.section)),
    -- A school's own courses and the global ones apart: each join then matches on equal
    -- columns instead of testing every class against every course of its grade.
    class_materials as (
      select ${classKey}, sum(n) as n
        from (select k.school_id, k.year_from, k.grade, k.section_key, courses.n
                from keys k join course_materials courses
                  on courses.school_id = k.school_id and ${fits("k")}
              union all
              select k.school_id, k.year_from, k.grade, k.section_key, courses.n
                from keys k join course_materials courses
                  on courses.school_id is null and ${fits("k")}) f
       group by ${classKey}),
    teacher_counts as (
      select school_id, year_from, grade, section_key, count(distinct user_id) as n from load_rows
       group by school_id, year_from, grade, section_key),
    done_counts as (
      select d.school_id, d.year_from, d.grade, d.section_key, sum(d.completed) as n
        from class_done d
        join materials m on m.id = d.material_id and m.published
        join course_elements e on e.id = m.element_id and e.published
        join courses on courses.id = d.course_id
       where courses.published and ${school("d.school_id")} and ${fits("d")}
       group by d.school_id, d.year_from, d.grade, d.section_key),
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

export function toRecord(row: ClassRow): ClassRecord {
  return {
    id: encodeClassId({
      schoolId: row.school_id,
      schoolYearFrom: row.year_from,
      grade: row.grade,
      section: row.section,
    }),
    schoolId: row.school_id,
    schoolName: row.school_name,
    schoolYearFrom: row.year_from,
    schoolYearTo: row.year_to,
    grade: row.grade,
    section: row.section,
    students: row.students,
    teachers: row.teachers,
    averageCompletion: row.average_completion,
  };
}
