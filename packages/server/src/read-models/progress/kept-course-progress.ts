import type { ProgressRow } from "@lms/core";
import { preparedStatement, type Db } from "../../db/client";
import type { ListInput } from "../../lib/list";
import type { Ordered } from "../../plugins/app/repositories/progress-order";
import { ProgressRepository } from "../../plugins/app/repositories/progress-repository";
import {
  plainRow,
  VERSIONED,
  VERSIONED_ROWS_SQL,
  VERSIONS_SQL,
  type CourseRow,
} from "../../plugins/app/repositories/progress-statements";
import type { ProgressScope } from "../../services/progress-scope";
import { readOncePerTurnFor } from "../versioned-cache/turn-reads";
import { CourseProgressMemory } from "./course-progress-memory";

/**
 * The progress repository with its read model in front (LMS_READ_MODELS on, wired by
 * createRepositories): a course's students, materials and figures' keys, and for a course without
 * SCORM materials its students' rows, kept per version of their tables (CourseProgressMemory).
 * The route starts reading the versions while it finds the course (versionsAhead).
 */
export class KeptCourseProgress extends ProgressRepository {
  private readonly memory;
  private readonly versionedRows;
  private readonly versions;

  constructor(db: Db) {
    super(db);
    this.versionedRows = preparedStatement(
      db,
      "lms_progress_versioned_rows",
      VERSIONED_ROWS_SQL,
      "int, int, int[]",
    );
    const versions = preparedStatement(db, "lms_progress_versions", VERSIONS_SQL, "int");
    // The requests of one turn for the same course share one read.
    this.versions = readOncePerTurnFor((courseId: number) => versions([courseId]));
    this.memory = new CourseProgressMemory<CourseRow>({
      materials: (course) => this.materialsOf(course),
      students: (course, scope) => this.studentsOf(course, scope),
      figureKeys: (course, column, total) => this.figureKeys(course, column, total),
      rowsAtVersions: async (course, total, ids) => {
        const values = await this.versionedRows([course.id, total, ids]);
        return { rows: values.map(plainRow), versions: values[0]?.at(-1) as string | undefined };
      },
    });
  }

  /**
   * The versions of VERSIONED and of the course's summaries by name, or null when a table has no
   * counter.
   */
  private async versionsNow(course: Pick<CourseRow, "id">): Promise<Map<string, string> | null> {
    const rows = (await this.versions(course.id)) as [string, string][];
    if (rows.length < VERSIONED.length + 1) return null;
    return new Map(rows);
  }

  /**
   * The course's versions now (the first statement of a page): a caller may start reading them
   * while it finds the course, and give them to `list`.
   */
  override versionsAhead(courseId: number): Promise<Map<string, string> | null> {
    return this.versionsNow({ id: courseId });
  }

  protected override async ordered(
    course: CourseRow,
    scope: ProgressScope,
    input: ListInput,
  ): Promise<Ordered> {
    const versions = await this.versionsNow(course);
    return (await this.memory.orderedAt(course, scope, input, versions, false))!;
  }

  /**
   * One page: ordered and counted from the kept students, its rows from those held for the
   * course's versions now (`versions`, read ahead or here), else only the page's rows computed.
   */
  override async list(
    course: CourseRow,
    scope: ProgressScope,
    input: ListInput,
    versions: Promise<Map<string, string> | null> = this.versionsNow(course),
  ): Promise<{ rows: ProgressRow[]; total: number }> {
    let now = await versions;
    const held = now && (await this.memory.pageOfHeldRows(course, scope, input, now));
    if (held === "moved") now = await this.versionsNow(course);
    else if (held) return held;
    const { ids, materials } = (await this.memory.orderedAt(course, scope, input, now, false))!;
    return this.pageOf(course, materials, ids, input);
  }
}
