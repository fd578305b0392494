import type { ProgressRow } from "@lms/core";
import { pageOf, type ListInput } from "../../lib/list";
import type { ProgressScope } from "../../services/progress-scope";
import {
  orderStudents,
  sortedByFigure,
  type CourseMaterials,
  type CourseStudents,
  type FigureKeys,
  type FigureSort,
  type Ordered,
} from "../../plugins/app/repositories/progress-order";
import { VersionedCache } from "../versioned-cache/versioned-cache";
import { OneTripTries } from "../versioned-cache/versioned-pages";

/** A course as the memory keys it. */
interface Course {
  id: number;
}

/** The database's reads the memory keeps, each at the versions it is given. */
export interface CourseProgressReads<C extends Course> {
  materials(course: C): Promise<CourseMaterials>;
  /** The condition's text (with its values), and the students it reads. */
  students(course: C, scope: ProgressScope): { text: string; read: () => Promise<CourseStudents> };
  figureKeys(course: C, column: string, total: number): Promise<FigureKeys>;
  /** The rows of the students `ids` with the versions they were read at. */
  rowsAtVersions(
    course: C,
    total: number,
    ids: number[],
  ): Promise<{ rows: ProgressRow[]; versions: string | undefined }>;
}

/**
 * The most students of a course in scope whose rows are held (a course for every school seen by a
 * division's admin is its database's: holding it would read them all on a request).
 */
const HELD_STUDENTS = 20_000;

/** Versions by name as the rows read with their versions write them (name=version, by name). */
const versionsText = (versions: Map<string, string>) =>
  [...versions]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, version]) => `${name}=${version}`)
    .join(",");

/** The key of what is held for a course at its versions. */
const heldKey = (course: Course, versions: Map<string, string>) =>
  `${course.id} ${versionsText(versions)}`;

/**
 * The course progress list's memory (issue 14): a course's students (in name order, with their
 * search text), its published materials and its figures' sort keys kept per version of the rows
 * they are read from (change_counters and the course's summaries' version, 0025, both moved at
 * commit), so a page or a new search is ordered, searched and counted here. For a course without
 * SCORM materials, the rows of its students are held too from the second page asked at the same
 * versions (pageOfHeldRows): a page or a search then reads only the versions.
 */
export class CourseProgressMemory<C extends Course> {
  private readonly students;
  private readonly materials;
  private readonly keys;
  /** Figure orders, held as long as the students and keys they were sorted from are kept. */
  private readonly sorted = new WeakMap<
    CourseStudents,
    WeakMap<FigureKeys, Map<boolean, number[]>>
  >();
  /**
   * The progress rows of a course without SCORM materials by student, at one set of its versions
   * (`heldKey`): its pages and searches are then answered after reading the versions alone.
   */
  private readonly heldRows;
  /** The versions a page was read at once: the second page at them holds the course's rows. */
  private readonly askedOnce;
  /** The reads of rows to hold under way, by key: a page waits for the one it needs. */
  private readonly holding = new Map<string, Promise<unknown>>();
  /** The courses whose versions moved while their rows were read: not held again for a while. */
  private readonly tries = new OneTripTries();

  constructor(private readonly reads: CourseProgressReads<C>) {
    // About 100 bytes a student: at most some 20 MB.
    const students = { maxSize: 200_000, sizeCalculation: (s: CourseStudents) => s.ids.length + 1 };
    this.students = new VersionedCache<CourseStudents>(students);
    this.materials = new VersionedCache<CourseMaterials>({ max: 1000 });
    const keys = { maxSize: 200_000, sizeCalculation: (k: FigureKeys) => k.size + 1 };
    this.keys = new VersionedCache<FigureKeys>(keys);
    // About 300 bytes a row: at most some 30 MB.
    const rows = { maxSize: 100_000, sizeCalculation: (r: Map<number, ProgressRow>) => r.size + 1 };
    this.heldRows = new VersionedCache<Map<number, ProgressRow>>(rows);
    this.askedOnce = new VersionedCache<true>({ max: 1000 });
  }

  /**
   * The ids of the students in scope that the search matches, in the asked order: by name (ties
   * by id), the default, or by one figure (no figure last both ways, ties by name), at `versions`
   * (null: nothing kept); with `keptOnly`, from what is kept for them alone, else null (nothing
   * is read).
   */
  async orderedAt(
    course: C,
    scope: ProgressScope,
    input: ListInput,
    versions: Map<string, string> | null,
    keptOnly: boolean,
  ): Promise<Ordered | null> {
    const materialsKey =
      versions &&
      JSON.stringify([course.id, versions.get("materials"), versions.get("course_elements")]);
    const materials = await this.materials.keptOr(
      materialsKey,
      () => this.reads.materials(course),
      keptOnly,
    );
    const students = materials && (await this.studentsOf(course, scope, versions, keptOnly));
    if (!materials || !students) return null;
    const keysOf = (column: string) => {
      const key =
        versions &&
        JSON.stringify([course.id, column, materials.total, versions.get("progress_summaries")]);
      const read = () => this.reads.figureKeys(course, column, materials.total);
      return this.keys.keptOr(key, read, keptOnly);
    };
    return orderStudents(input, materials, students, keysOf, this.sortedByFigure);
  }

  private studentsOf(
    course: C,
    scope: ProgressScope,
    versions: Map<string, string> | null,
    keptOnly: boolean,
  ): Promise<CourseStudents | null> {
    const { text, read } = this.reads.students(course, scope);
    const key =
      versions && JSON.stringify([versions.get("users"), versions.get("user_loads"), text]);
    return this.students.keptOr(key, read, keptOnly);
  }

  /** sortedByFigure, once per kept students and keys. */
  private readonly sortedByFigure: FigureSort = (students, keys, none, desc) => {
    let byKeys = this.sorted.get(students);
    if (!byKeys) this.sorted.set(students, (byKeys = new WeakMap()));
    let orders = byKeys.get(keys);
    if (!orders) byKeys.set(keys, (orders = new Map()));
    let ids = orders.get(desc);
    if (!ids) orders.set(desc, (ids = sortedByFigure(students, keys, none, desc)));
    return ids;
  };

  /**
   * A page of the rows held at `versions` (the course's versions now), after reading those of the
   * students in scope not held yet (with the versions, in one statement), from the second page
   * asked at those versions, for at most HELD_STUDENTS of them. Null when the rows are not held
   * (yet), something else is not kept, the course has SCORM materials (their results are read
   * apart) or too many students; "moved" when a version moved since.
   */
  async pageOfHeldRows(
    course: C,
    scope: ProgressScope,
    input: ListInput,
    versions: Map<string, string>,
  ): Promise<{ rows: ProgressRow[]; total: number } | "moved" | null> {
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
      const reading = this.reads.rowsAtVersions(course, ordered.materials.total, missing);
      this.holding.set(
        key,
        reading.catch(() => undefined),
      );
      let read: Awaited<typeof reading>;
      try {
        read = await reading;
      } finally {
        this.holding.delete(key);
      }
      if (read.rows.length !== missing.length || read.versions !== versionsText(versions)) {
        this.tries.miss(course.id);
        return "moved";
      }
      rows = new Map(this.heldRows.get(key));
      for (const row of read.rows) rows.set(Number(row.userId), row);
      this.heldRows.set(key, rows);
    }
    const held = rows!;
    return { rows: pageIds.map((id) => held.get(id)!), total: ordered.ids.length };
  }
}
