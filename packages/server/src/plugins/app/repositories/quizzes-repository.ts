import type { QuizSettings } from "@lms/core";
import { and, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { attempts, questions, quizStarts, quizzes } from "../../../db/schema";
import { created, updated } from "./records";

/** A quiz material's settings and questions, and students' starts and attempts of it. */
export class QuizzesRepository {
  constructor(private readonly db: Db) {}

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
