import type {
  ListFilter,
  MaterialRecord,
  MaterialType,
  QuizSettings,
  ScormSettings,
} from "@lms/core";
import { and, asc, count, desc, eq, gt, inArray, max, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import {
  attempts,
  courseElements,
  courses,
  materialFiles,
  materials,
  progress,
  questions,
  quizStarts,
  quizzes,
  scormAttempts,
} from "../../../db/schema";
import {
  listConditions,
  listOrder,
  pageOf,
  whereAll,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import { sanitizePageHtml } from "../../../lib/page-html";
import { courseAccess, type CourseViewer } from "./courses-repository";
import { scormCountedScore, scormFailed, scormPassed } from "./scorm-results";
import { created, timestamps, updated } from "./records";

type MaterialRow = typeof materials.$inferSelect;
type FileRow = typeof materialFiles.$inferSelect;

export interface MaterialWrite {
  courseId: number;
  elementId: number;
  name: string;
  type: MaterialType;
  url: string;
  content: string;
  size: number;
  author: string;
  published: boolean;
  /** A SCORM material's attempt settings. */
  scormSettings?: ScormSettings;
}

export interface StoredFile {
  path: string;
  storageKey: string;
  contentType: string;
  size: number;
}

const listSpec: ListSpec<"materials"> = {
  resource: "materials",
  sort: {
    name: materials.name,
    lastModified: materials.lastModified,
    size: materials.size,
    type: materials.type,
    author: materials.author,
    published: materials.published,
    position: materials.position,
    createdAt: materials.createdAt,
  },
  filters: {
    type: { column: materials.type, type: "text" },
    published: { column: materials.published, type: "bool" },
    elementId: { column: materials.elementId, type: "int" },
    courseId: { column: materials.courseId, type: "int" },
  },
  search: sql`lower(${materials.name} || ' ' || ${materials.author})`,
  id: materials.id,
};

/** Whose materials a list shows: one course's, or those of every course a viewer sees. */
export type MaterialSource = { courseId: number } | { viewer: CourseViewer };

/**
 * Which materials of the source are listed: only published materials of published elements of
 * published courses, or those plus every material of the courses an editor may change.
 */
export type MaterialVisibility = "published" | { editor: CourseViewer };

function visibilityWhere(visibility: MaterialVisibility): SQL | undefined {
  const published = and(
    eq(materials.published, true),
    eq(courseElements.published, true),
    eq(courses.published, true),
  );
  if (visibility === "published") return published;
  const editable = courseAccess(visibility.editor, "modify");
  return editable === undefined ? undefined : or(published, editable);
}

function sourceWhere(
  from: MaterialSource,
  input: ListInput,
  filters: ListFilter[],
  visibility: MaterialVisibility,
) {
  return whereAll([
    "courseId" in from ? eq(materials.courseId, from.courseId) : courseAccess(from.viewer, "view"),
    visibilityWhere(visibility),
    ...listConditions(listSpec, input, filters),
  ]);
}

/** The asked order, else journey order (course, element position, material position). */
const sourceOrder = (input: ListInput) =>
  input.sortBy
    ? listOrder(listSpec, input)
    : [asc(courses.id), asc(courseElements.position), asc(materials.position)];

export function toMaterialRecord(row: MaterialRow, withContent = false): MaterialRecord {
  return {
    id: row.id,
    courseId: row.courseId,
    elementId: row.elementId,
    name: row.name,
    type: row.type as MaterialType,
    size: row.size,
    author: row.author,
    position: row.position,
    published: row.published,
    lastModified: row.lastModified.toISOString(),
    ...(row.type === "link" ? { url: row.url } : {}),
    // Sanitised on save; again here, for rows stored before and for every app reading the API.
    ...(withContent && row.type === "page" ? { content: sanitizePageHtml(row.content) } : {}),
    ...timestamps(row),
  };
}

/** Materials ordered by position: unique and gap-free per element. */
export class MaterialsRepository {
  constructor(private readonly db: Db) {}

  async findById(id: number, db: Executor = this.db): Promise<MaterialRow | undefined> {
    const [row] = await db.select().from(materials).where(eq(materials.id, id)).limit(1);
    return row;
  }

  /**
   * A page of materials: of one course (the caller may see it: checked by the command), or of
   * every course a viewer sees (the materials screen); `visibility` says which of them show.
   */
  async list(
    from: MaterialSource,
    input: ListInput,
    filters: ListFilter[],
    visibility: MaterialVisibility,
  ) {
    const where = sourceWhere(from, input, filters, visibility);
    const { limit, offset } = pageOf(input);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ material: materials })
        .from(materials)
        .innerJoin(courseElements, eq(courseElements.id, materials.elementId))
        .innerJoin(courses, eq(courses.id, materials.courseId))
        .where(where)
        .orderBy(...sourceOrder(input))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: count() })
        .from(materials)
        .innerJoin(courseElements, eq(courseElements.id, materials.elementId))
        .innerJoin(courses, eq(courses.id, materials.courseId))
        .where(where),
    ]);
    return { rows: rows.map((r) => toMaterialRecord(r.material)), total: Number(total?.n ?? 0) };
  }

  async *exportRows(
    from: MaterialSource,
    input: ListInput,
    filters: ListFilter[],
    visibility: MaterialVisibility,
  ) {
    const rows = await this.db
      .select({ material: materials })
      .from(materials)
      .innerJoin(courseElements, eq(courseElements.id, materials.elementId))
      .innerJoin(courses, eq(courses.id, materials.courseId))
      .where(sourceWhere(from, input, filters, visibility))
      .orderBy(...sourceOrder(input));
    yield rows.map((r) => toMaterialRecord(r.material));
  }

  /** The course's materials in journey order: element position, then material position. */
  async inCourseOrder(courseId: number, publishedOnly: boolean) {
    return this.db
      .select({ material: materials, element: courseElements })
      .from(materials)
      .innerJoin(courseElements, eq(courseElements.id, materials.elementId))
      .where(
        whereAll([
          eq(materials.courseId, courseId),
          publishedOnly ? eq(materials.published, true) : undefined,
          publishedOnly ? eq(courseElements.published, true) : undefined,
        ]),
      )
      .orderBy(asc(courseElements.position), asc(materials.position));
  }

  async insert(db: Executor, values: MaterialWrite, by: string | null): Promise<number> {
    const [last] = await db
      .select({ last: max(materials.position) })
      .from(materials)
      .where(eq(materials.elementId, values.elementId));
    const [row] = await db
      .insert(materials)
      .values({ ...values, position: (last?.last ?? 0) + 1, ...created(by) })
      .returning({ id: materials.id });
    return row!.id;
  }

  async update(db: Executor, id: number, values: Partial<MaterialWrite>, by: string | null) {
    await db
      .update(materials)
      .set({ ...values, lastModified: new Date(), ...updated(by) })
      .where(eq(materials.id, id));
  }

  /** Moves a material to the bottom of another element, closing the gap it leaves. */
  async moveToElement(db: Executor, material: MaterialRow, elementId: number, by: string | null) {
    const [last] = await db
      .select({ last: max(materials.position) })
      .from(materials)
      .where(eq(materials.elementId, elementId));
    await db
      .update(materials)
      .set({ elementId, position: (last?.last ?? 0) + 1, ...updated(by) })
      .where(eq(materials.id, material.id));
    await this.closeGap(db, material);
  }

  private async closeGap(db: Executor, material: MaterialRow) {
    await db
      .update(materials)
      .set({ position: sql`${materials.position} - 1` })
      .where(
        and(eq(materials.elementId, material.elementId), gt(materials.position, material.position)),
      );
  }

  async delete(db: Executor, material: MaterialRow): Promise<void> {
    await db.delete(materials).where(eq(materials.id, material.id));
    await this.closeGap(db, material);
  }

  async swap(db: Executor, a: MaterialRow, b: MaterialRow, by: string | null): Promise<void> {
    await db
      .update(materials)
      .set({ position: b.position, ...updated(by) })
      .where(eq(materials.id, a.id));
    await db
      .update(materials)
      .set({ position: a.position, ...updated(by) })
      .where(eq(materials.id, b.id));
  }

  async setFiles(db: Executor, materialId: number, files: StoredFile[], by: string | null) {
    await db.delete(materialFiles).where(eq(materialFiles.materialId, materialId));
    for (let i = 0; i < files.length; i += 1000) {
      await db
        .insert(materialFiles)
        .values(files.slice(i, i + 1000).map((f) => ({ ...f, materialId, ...created(by) })));
    }
  }

  async filesOf(materialIds: number[], db: Executor = this.db): Promise<FileRow[]> {
    if (materialIds.length === 0) return [];
    return db.select().from(materialFiles).where(inArray(materialFiles.materialId, materialIds));
  }

  async file(materialId: number, path: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(materialFiles)
      .where(and(eq(materialFiles.materialId, materialId), eq(materialFiles.path, path)))
      .limit(1);
    return row;
  }

  async quiz(materialId: number) {
    const [settings] = await this.db
      .select()
      .from(quizzes)
      .where(eq(quizzes.materialId, materialId));
    const rows = await this.db
      .select()
      .from(questions)
      .where(eq(questions.materialId, materialId))
      .orderBy(questions.position);
    return { settings, questions: rows };
  }

  async setQuiz(db: Executor, materialId: number, quiz: QuizSettings, by: string | null) {
    const settings = {
      attemptsAllowed: quiz.attemptsAllowed,
      timeLimitMinutes: quiz.timeLimitMinutes,
      passingGrade: quiz.passingGrade,
      shuffle: quiz.shuffle,
      showCorrectAnswers: quiz.showCorrectAnswers,
    };
    await db
      .insert(quizzes)
      .values({ materialId, ...settings, ...created(by) })
      .onConflictDoUpdate({ target: quizzes.materialId, set: { ...settings, ...updated(by) } });
    await db.delete(questions).where(eq(questions.materialId, materialId));
    if (quiz.questions.length > 0) {
      await db.insert(questions).values(
        quiz.questions.map((q, index) => ({
          materialId,
          position: index + 1,
          type: q.type,
          prompt: q.prompt,
          points: q.points,
          choices: q.choices.map((c, i) => ({
            id: c.id ?? String(i + 1),
            text: c.text,
            correct: c.correct,
          })),
          answers: q.answers,
          ...created(by),
        })),
      );
    }
  }

  /** A student's latest finished attempt of a quiz, if any. */
  async lastAttempt(materialId: number, userId: number) {
    const [row] = await this.db
      .select({
        number: attempts.number,
        score: attempts.score,
        passed: attempts.passed,
        answers: attempts.answers,
      })
      .from(attempts)
      .where(and(eq(attempts.materialId, materialId), eq(attempts.userId, userId)))
      .orderBy(desc(attempts.number))
      .limit(1);
    return row;
  }

  async attemptsOf(materialId: number, userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(attempts)
      .where(and(eq(attempts.materialId, materialId), eq(attempts.userId, userId)));
    return Number(row?.n ?? 0);
  }

  /** A student's quiz results: attempts, best score and whether one passed, per quiz. */
  async quizResults(userId: number, materialIds: number[]) {
    if (materialIds.length === 0) return [];
    const rows = await this.db
      .select({
        materialId: attempts.materialId,
        attempts: count(),
        bestScore: max(attempts.score),
        passed: sql<boolean>`bool_or(${attempts.passed})`,
      })
      .from(attempts)
      .where(and(eq(attempts.userId, userId), inArray(attempts.materialId, materialIds)))
      .groupBy(attempts.materialId);
    return rows.map((r) => ({ ...r, attempts: Number(r.attempts), passed: Boolean(r.passed) }));
  }

  /**
   * A student's SCORM results per material: attempts, the score that counts (percent, by the
   * material's grading) and pass/fail (null while no attempt reported either).
   */
  async scormResults(userId: number, materialIds: number[]) {
    if (materialIds.length === 0) return [];
    const rows = await this.db
      .select({
        materialId: scormAttempts.materialId,
        attempts: count(),
        bestScore: sql<
          string | null
        >`${scormCountedScore("scorm_attempts", "materials.scorm_settings")}`,
        passed: sql<boolean | null>`bool_or(${scormPassed("scorm_attempts")})`,
        failed: sql<boolean | null>`bool_or(${scormFailed("scorm_attempts")})`,
      })
      .from(scormAttempts)
      .innerJoin(materials, eq(materials.id, scormAttempts.materialId))
      .where(
        and(
          eq(scormAttempts.userId, userId),
          inArray(scormAttempts.materialId, materialIds),
          sql`${scormAttempts.cmi} <> '{}'::jsonb`,
          eq(scormAttempts.sco, ""),
        ),
      )
      .groupBy(scormAttempts.materialId, materials.id);
    return rows.map((r) => ({
      materialId: r.materialId,
      attempts: Number(r.attempts),
      bestScore: r.bestScore === null ? null : Number(r.bestScore),
      passed: r.passed ? true : r.failed ? false : null,
    }));
  }

  async addAttempt(
    db: Executor,
    values: {
      materialId: number;
      userId: number;
      /** The attempt's number: a second insert of the same number fails (unique). */
      number: number;
      score: number;
      passed: boolean;
      answers: unknown;
    },
    by: string | null,
  ) {
    await db.insert(attempts).values({ ...values, ...created(by) });
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

  /**
   * The latest SCORM attempt of a student (or the given one): of the package's only SCO or its
   * rolled-up record (`sco` ""), or of one SCO of a package with several.
   */
  async scormAttempt(userId: number, materialId: number, sco = "", attempt?: number) {
    const [row] = await this.db
      .select()
      .from(scormAttempts)
      .where(
        and(
          eq(scormAttempts.userId, userId),
          eq(scormAttempts.materialId, materialId),
          eq(scormAttempts.sco, sco),
          attempt === undefined ? undefined : eq(scormAttempts.attempt, attempt),
        ),
      )
      .orderBy(desc(scormAttempts.attempt))
      .limit(1);
    return row;
  }

  /** Every SCO's data of a package with several, in an attempt (not the rolled-up record). */
  async scormScoAttempts(
    userId: number,
    materialId: number,
    attempt: number,
    db: Executor = this.db,
  ) {
    return db
      .select()
      .from(scormAttempts)
      .where(
        and(
          eq(scormAttempts.userId, userId),
          eq(scormAttempts.materialId, materialId),
          eq(scormAttempts.attempt, attempt),
          ne(scormAttempts.sco, ""),
        ),
      );
  }

  /** Writes the rolled-up record of a package with several SCOs (its "" row) as computed. */
  async writeScormRollup(
    db: Executor,
    values: {
      userId: number;
      materialId: number;
      attempt: number;
      cmi: Record<string, string>;
      seconds: number;
      /** The committing player session, when it named one. */
      session?: number;
    },
    by: string | null,
  ) {
    const seconds = Math.round(values.seconds);
    const session = values.session === undefined ? {} : { session: values.session };
    await db
      .insert(scormAttempts)
      .values({
        userId: values.userId,
        materialId: values.materialId,
        attempt: values.attempt,
        sco: "",
        cmi: values.cmi,
        totalSeconds: seconds,
        ...session,
        ...created(by),
      })
      .onConflictDoUpdate({
        target: [
          scormAttempts.userId,
          scormAttempts.materialId,
          scormAttempts.attempt,
          scormAttempts.sco,
        ],
        set: { cmi: values.cmi, totalSeconds: seconds, ...session, ...updated(by) },
      });
  }

  /**
   * Stores what a runtime committed: merged into the attempt (1 unless given), its session time
   * added. With an order (player session, sequence number), a commit not newer than the stored
   * one is not written; answers whether it was.
   */
  async commitScorm(
    db: Executor,
    values: {
      userId: number;
      materialId: number;
      attempt?: number;
      cmi: Record<string, string>;
      seconds: number;
      order?: { session: number; seq: number };
      /** The SCO of a package with several (see scormAttempt). */
      sco?: string;
    },
    by: string | null,
  ): Promise<boolean> {
    const { order } = values;
    const written = await db
      .insert(scormAttempts)
      .values({
        userId: values.userId,
        materialId: values.materialId,
        attempt: values.attempt ?? 1,
        sco: values.sco ?? "",
        cmi: values.cmi,
        totalSeconds: Math.round(values.seconds),
        ...(order ? { session: order.session, seq: order.seq } : {}),
        ...created(by),
      })
      .onConflictDoUpdate({
        target: [
          scormAttempts.userId,
          scormAttempts.materialId,
          scormAttempts.attempt,
          scormAttempts.sco,
        ],
        set: {
          cmi: sql`${scormAttempts.cmi} || ${JSON.stringify(values.cmi)}::jsonb`,
          totalSeconds: sql`${scormAttempts.totalSeconds} + ${Math.round(values.seconds)}`,
          ...(order ? { session: order.session, seq: order.seq } : {}),
          ...updated(by),
        },
        ...(order
          ? {
              setWhere: sql`(${scormAttempts.session}, ${scormAttempts.seq}) < (${order.session}::bigint, ${order.seq}::integer)`,
            }
          : {}),
      })
      .returning({ userId: scormAttempts.userId });
    return written.length > 0;
  }

  /** The latest started quiz attempt of a student. */
  async quizStart(userId: number, materialId: number) {
    const [row] = await this.db
      .select()
      .from(quizStarts)
      .where(and(eq(quizStarts.userId, userId), eq(quizStarts.materialId, materialId)))
      .orderBy(desc(quizStarts.number))
      .limit(1);
    return row;
  }

  /** Starts attempt `number` (once: a second start of the same number keeps the first). */
  async startQuiz(
    values: {
      userId: number;
      materialId: number;
      number: number;
      startedAt: Date;
      deadline: Date | null;
    },
    by: string | null,
  ) {
    await this.db
      .insert(quizStarts)
      .values({ ...values, ...created(by) })
      .onConflictDoNothing();
    return (await this.quizStart(values.userId, values.materialId))!;
  }
}
