import { encodeClassId, type ClassRecord } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import type { ClassScope } from "../../../services/class-scope";

export type { ClassScope };

/**
 * Classes are derived from the students' grade and section and the teachers' loads in a school
 * year (issue "Classes"); their list rows are stored (issue 14). The query that reads them, and
 * its row.
 */

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

/**
 * Classes are derived from the users, never entered: a student of a school with a school year,
 * grade and section is in that class; a teacher's assigned load (which has no year) covers the
 * classes of its grade and section in the school's current year (the latest year among its
 * students, else the calendar's), and a load row with no student yet still makes a class.
 * Each class's list row (students, teachers, the completion of the materials that fit it) is kept
 * in class_list by the database's triggers (migrations 0016 and 0021, issue 14), so a page reads
 * that table through the index of its sort. The calendar's year is the one class_list_sync was
 * last given (ClassesRepository syncs it before reading).
 */
export function classesWith(scope: ClassScope, _today?: Date): SQL {
  const school = scope.schoolId === null ? sql`true` : sql`l.school_id = ${scope.schoolId}`;
  const mine =
    scope.teacherId === null
      ? sql`true`
      : sql`l.current and exists (select 1 from user_loads lo join users t on t.id = lo.user_id
          where lo.user_id = ${scope.teacherId} and t.school_id = l.school_id
            and lo.grade = l.grade and trim(lo.section) <> ''
            and lower(trim(lo.section)) = l.section_key)`;
  // Not materialized: the page and its count each read the table through its own index.
  return sql`with classes as not materialized (
      select l.school_id, l.year_from, l.year_to, l.grade, l.section_key, l.section,
             l.school_name, l.students, l.teachers, l.materials, l.done,
             l.average_completion, l.search_text
        from class_list l
       where ${school} and ${mine})`;
}

/** The calendar's school year the stored classes use: moved on when the year turns. */
export function syncClassYear(today: Date): SQL {
  return sql`select class_list_sync(${schoolYearOf(today)}::int)`;
}

/** A school's assigned-load rows in its current year (the loads that make and teach its classes). */
export function loadRowsWith(schoolId: number, today: Date): SQL {
  return sql`with current_years as (
      select s.id as school_id, coalesce(max(m.year_from), ${schoolYearOf(today)}) as year_from
        from schools s left join class_members m on m.school_id = s.id
       where s.id = ${schoolId}
       group by s.id),
    load_rows as (
      select l.id, l.user_id, t.school_id, cy.year_from, l.grade::int as grade,
             lower(trim(l.section)) as section_key, trim(l.section) as section, l.subject
        from user_loads l
        join users t on t.id = l.user_id
        join current_years cy on cy.school_id = t.school_id
       where trim(l.section) <> '')`;
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
