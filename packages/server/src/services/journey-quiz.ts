import type { FastifyInstance } from "fastify";
import { by, type Caller } from "./caller";
import { ApiError, isUniqueViolation } from "../lib/errors";
import { gradeQuiz, questionView, seededShuffle } from "../lib/quiz";

type MaterialRow = NonNullable<
  Awaited<ReturnType<FastifyInstance["repos"]["materials"]["findById"]>>
>;

/** Answers count until the deadline plus this grace (network, a slow click). */
export const QUIZ_GRACE_SECONDS = 30;

async function quizOf(app: FastifyInstance, materialId: number) {
  const quiz = await app.repos.quizzes.quiz(materialId);
  const settings = {
    attemptsAllowed: quiz.settings?.attemptsAllowed ?? 0,
    timeLimitMinutes: quiz.settings?.timeLimitMinutes ?? 0,
    passingGrade: quiz.settings?.passingGrade ?? 75,
    shuffle: quiz.settings?.shuffle ?? false,
    showCorrectAnswers: quiz.settings?.showCorrectAnswers ?? true,
  };
  return { settings, questions: quiz.questions };
}

const deadlineFrom = (start: Date, minutes: number) =>
  minutes > 0 ? new Date(start.getTime() + minutes * 60_000) : null;

/**
 * A quiz as a student takes it: settings and questions without answers, in the attempt's own
 * order when shuffle is on. A student's opening starts the next attempt (once; reopening keeps
 * its start, deadline and order); staff see an attempt that is never recorded.
 */
export async function openQuiz(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  learner: boolean,
  newAttempt = false,
) {
  const { settings, questions } = await quizOf(app, material.id);
  let attempt: {
    number: number;
    startedAt: string | null;
    deadline: string | null;
    attemptsUsed: number;
    attemptsAllowed: number;
  };
  /** The latest finished attempt, when the quiz opens on it instead of on a new attempt. */
  let result: (QuizOutcome & { canStartNew: boolean }) | null = null;
  if (learner) {
    const used = await app.repos.quizzes.attemptsOf(material.id, caller.userId);
    let start = await app.repos.quizzes.quizStart(caller.userId, material.id);
    const hasAttemptLeft = settings.attemptsAllowed === 0 || used < settings.attemptsAllowed;
    const last = used > 0 ? await app.repos.quizzes.lastAttempt(material.id, caller.userId) : null;
    // Issue 13: a passed quiz opens on its result, and a new attempt (and its clock) starts only
    // when the student asks for one; after a failed attempt the next one starts as before.
    const retake = !last?.passed || newAttempt;
    if ((!start || start.number <= used) && hasAttemptLeft && retake) {
      const now = new Date();
      start = await app.repos.quizzes.startQuiz(
        {
          userId: caller.userId,
          materialId: material.id,
          number: used + 1,
          startedAt: now,
          deadline: deadlineFrom(now, settings.timeLimitMinutes),
        },
        by(caller),
      );
    }
    const current = start && start.number > used ? start : null;
    if (!current && last) {
      result = {
        score: last.score,
        passed: last.passed,
        attemptsUsed: used,
        attemptsAllowed: settings.attemptsAllowed,
        review: settings.showCorrectAnswers
          ? gradeQuiz(questions, (last.answers ?? {}) as Record<string, unknown>).review
          : null,
        canStartNew: hasAttemptLeft,
      };
    }
    attempt = {
      number: current?.number ?? used,
      startedAt: current?.startedAt.toISOString() ?? null,
      deadline: current?.deadline?.toISOString() ?? null,
      attemptsUsed: used,
      attemptsAllowed: settings.attemptsAllowed,
    };
  } else {
    const now = new Date();
    attempt = {
      number: 1,
      startedAt: now.toISOString(),
      deadline: deadlineFrom(now, settings.timeLimitMinutes)?.toISOString() ?? null,
      attemptsUsed: 0,
      attemptsAllowed: settings.attemptsAllowed,
    };
  }
  const ordered = settings.shuffle
    ? seededShuffle(questions, `${caller.userId}:${material.id}:${attempt.number}`)
    : questions;
  return { quiz: { settings, questions: ordered.map(questionView) }, attempt, result };
}

/** What a graded attempt answers. */
interface QuizOutcome {
  score: number;
  passed: boolean;
  attemptsUsed: number;
  attemptsAllowed: number;
  review: ReturnType<typeof gradeQuiz>["review"] | null;
}

/**
 * Grades a submission. A student's is recorded as an attempt (completing the quiz when passed);
 * no attempt left is a 409, and answers after the deadline's grace are a 409 that still uses the
 * attempt. Staff are graded and nothing is recorded.
 */
export async function submitQuiz(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  learner: boolean,
  answers: Record<string, unknown>,
) {
  const { settings, questions } = await quizOf(app, material.id);
  const graded = gradeQuiz(questions, answers);
  const passed = graded.score >= settings.passingGrade;
  let used = 0;
  if (learner) {
    // The attempt's number is unique per student and quiz: of parallel submissions one gets it,
    // the others look again (and find no attempt left, or take the next number).
    for (let tries = 0; ; tries++) {
      used = await app.repos.quizzes.attemptsOf(material.id, caller.userId);
      if (settings.attemptsAllowed > 0 && used >= settings.attemptsAllowed) {
        throw new ApiError(409, "quiz.noAttemptsLeft");
      }
      const start = await app.repos.quizzes.quizStart(caller.userId, material.id);
      const current = start && start.number > used ? start : null;
      // A timed quiz's clock starts when it is opened. Answers to an attempt never opened run on
      // the clock of the last one opened, and are late when none ever was.
      const deadline =
        current?.deadline ??
        (!current && settings.timeLimitMinutes > 0
          ? start
            ? deadlineFrom(start.startedAt, settings.timeLimitMinutes)
            : new Date(0)
          : null);
      const late = deadline !== null && Date.now() > deadline.getTime() + QUIZ_GRACE_SECONDS * 1000;
      try {
        await app.repos.transaction(async (tx) => {
          await app.repos.quizzes.addAttempt(
            tx,
            {
              materialId: material.id,
              userId: caller.userId,
              number: used + 1,
              score: late ? 0 : graded.score,
              passed: late ? false : passed,
              answers,
            },
            by(caller),
          );
          if (passed && !late) {
            await app.repos.progress.recordComplete(tx, caller.userId, material, by(caller));
          }
        });
      } catch (error) {
        if (isUniqueViolation(error) && tries < 10) continue;
        throw error;
      }
      used += 1;
      if (late) {
        throw new ApiError(409, "quiz.timeUp", {
          data: { attemptsUsed: used, attemptsAllowed: settings.attemptsAllowed },
        });
      }
      break;
    }
  }
  return {
    score: graded.score,
    passed,
    attemptsUsed: used,
    attemptsAllowed: settings.attemptsAllowed,
    review: settings.showCorrectAnswers ? graded.review : null,
  };
}
