import type { ClassRecord } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import type { JsonText } from "../../../lib/json-text";
import type { ListInput, ListSpec } from "../../../lib/list";
import type { ClassScope } from "../../../services/class-scope";

/** Extra list fields: a school (school details tab) or a course (the classes that take it). */
export interface ClassListOptions {
  schoolId?: number | undefined;
  courseId?: number | undefined;
}

const k = (column: string) => sql.raw(`k.${column}`);

/** A page of the class list; `fromMemory` when the stored classes held in memory gave it. */
export interface ClassPage {
  /** The records, or the JSON of them a list held in memory wrote. */
  rows: ClassRecord[] | JsonText;
  total: number;
  fromMemory?: true;
}

export const listSpec: ListSpec<"classes"> = {
  resource: "classes",
  sort: {
    grade: k("grade"),
    section: k("section_key"),
    schoolYear: k("year_from"),
    students: k("students"),
    teachers: k("teachers"),
    averageCompletion: k("average_completion"),
  },
  filters: {
    grade: { column: k("grade"), type: "int" },
    section: { column: k("section"), type: "text" },
    schoolYear: { column: k("year_from"), type: "int" },
  },
  search: k("search_text"),
  id: k("school_id"),
};

export const ORDER_COLUMNS: Record<string, string> = {
  grade: "k.grade",
  section: "k.section_key",
  schoolYear: "k.year_from",
  students: "k.students",
  teachers: "k.teachers",
  averageCompletion: "k.average_completion",
};

/**
 * The list's order, or (reversed) the same order read from its other end: every order ends in the
 * class's key, so the reversed one lists exactly the same rows backwards.
 */
export function orderOf(input: ListInput, reversed = false): SQL {
  const direction = input.sortOrder === "asc" ? "asc" : "desc";
  const column = input.sortBy ? ORDER_COLUMNS[input.sortBy] : undefined;
  if (!reversed) {
    const tieBreak = "k.school_id, k.year_from desc, k.grade, k.section_key";
    return sql.raw(
      column ? `${column} ${direction} nulls last, ${tieBreak}` : `k.school_name, ${tieBreak}`,
    );
  }
  // Each key the other way, its nulls at the other end too (asc puts them last, desc first).
  const tieBreak = "k.school_id desc, k.year_from, k.grade desc, k.section_key desc";
  const other = direction === "asc" ? "desc" : "asc";
  return sql.raw(
    column ? `${column} ${other} nulls first, ${tieBreak}` : `k.school_name desc, ${tieBreak}`,
  );
}

/** The name of the list's order in memory (ListMemory): the order orderOf gives. */
export function orderName(input: ListInput): string {
  const direction = input.sortOrder === "asc" ? "asc" : "desc";
  return input.sortBy && Object.hasOwn(ORDER_COLUMNS, input.sortBy)
    ? `${input.sortBy}:${direction}`
    : "";
}

/** Every order of the list by its name, as orderOf gives it. */
export function everyOrder(): Map<string, SQL> {
  const orders = new Map<string, SQL>();
  const inputs = [
    { sortBy: undefined, sortOrder: "asc" as const },
    ...Object.keys(ORDER_COLUMNS).flatMap((sortBy) =>
      (["asc", "desc"] as const).map((sortOrder) => ({ sortBy, sortOrder })),
    ),
  ];
  for (const order of inputs) {
    const input = { page: 1, rowsPerPage: 1, search: "", ...order };
    orders.set(orderName(input), orderOf(input));
  }
  return orders;
}

/**
 * Every part of a class is counted within its school, so a list of one school (the school details
 * tab) derives that school's classes only.
 */
export function narrowed(scope: ClassScope, options: ClassListOptions): ClassScope {
  return scope.schoolId === null && options.schoolId !== undefined
    ? { ...scope, schoolId: options.schoolId }
    : scope;
}
