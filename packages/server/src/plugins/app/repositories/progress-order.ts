import type { ListInput } from "../../../lib/list";
import { FIGURE_KEYS } from "./progress-statements";

/** The course's published materials (a percentage's denominator), and whether any is SCORM. */
export interface CourseMaterials {
  total: number;
  scorm: boolean;
}

/**
 * A course's students in scope, in the list's name order (lower-cased last and first names, then
 * id), with their search text: what every page and search of the course is ordered from.
 */
export interface CourseStudents {
  ids: number[];
  texts: string[];
}

/** A page's students in the asked order, and the course's materials. */
export interface Ordered {
  ids: number[];
  materials: CourseMaterials;
  /** The course's students in scope the ids are ordered from. */
  students: CourseStudents;
}

/** A figure's sort keys by student (a student without a summary row has none). */
export type FigureKeys = Map<number, number | null>;

/** Every student by a figure's keys, `none` the key of a student without one. */
export type FigureSort = (
  students: CourseStudents,
  keys: FigureKeys,
  none: number | null,
  desc: boolean,
) => number[];

/**
 * The ids of `students` that the search matches, in the asked order: by name (ties by id), the
 * default, or by one figure (no figure last both ways, ties by name), its keys from `keysOf` and
 * sorted by `sort`; null when `keysOf` gives none.
 */
export async function orderStudents(
  input: ListInput,
  materials: CourseMaterials,
  students: CourseStudents,
  keysOf: (column: string) => Promise<FigureKeys | null>,
  sort: FigureSort = sortedByFigure,
): Promise<Ordered | null> {
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
  if (column === null || (column === "percent" && materials.total === 0) || matched.length === 0) {
    return { ids: desc ? [...matched].reverse() : matched, materials, students };
  }
  const keys = await keysOf(column);
  if (!keys) return null;
  const all = sort(students, keys, FIGURE_KEYS[column]!.none, desc);
  if (search === "") return { ids: all, materials, students };
  const wanted = new Set(matched);
  return { ids: all.filter((id) => wanted.has(id)), materials, students };
}

/** Every student of `students` by a figure's `keys` (no figure last both ways, ties by name). */
export const sortedByFigure: FigureSort = (students, keys, none, desc) => {
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
  return entries.map((entry) => entry.id);
};
