import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { buildCourse } from "./support/journey";

const t = useTestApp();
let teacher: string;
let student: string;

interface Question {
  id: string;
  type: string;
  text: string;
  points: number;
  choices: { id: string; text: string }[];
}

interface Opened {
  quiz: { settings: Record<string, unknown>; questions: Question[] };
  attempt: {
    number: number;
    startedAt: string | null;
    deadline: string | null;
    attemptsUsed: number;
    attemptsAllowed: number;
  };
}

interface Result {
  score: number;
  passed: boolean;
  attemptsUsed: number;
  attemptsAllowed: number;
  review: { questionId: string; right: boolean; given: string[]; correct: string[] }[] | null;
  summary: { done: number };
}

const QUESTIONS = [
  {
    type: "single",
    prompt: "Which is a gas?",
    points: 1,
    choices: [
      { id: "ice", text: "Ice", correct: false },
      { id: "steam", text: "Steam", correct: true },
    ],
  },
  {
    type: "multiple",
    prompt: "Which are liquids?",
    points: 2,
    choices: [
      { id: "water", text: "Water", correct: true },
      { id: "oil", text: "Oil", correct: true },
      { id: "rock", text: "Rock", correct: false },
    ],
  },
  { type: "trueFalse", prompt: "Ice floats.", points: 1, answers: ["true"] },
  {
    type: "shortAnswer",
    prompt: "What do plants make food by?",
    points: 1,
    answers: ["Photosynthesis"],
  },
];

/** A published quiz (alone in its course, so it is open) with these settings. */
async function quiz(settings: Record<string, unknown>, questions: object[] = QUESTIONS) {
  const { ids } = await buildCourse(t(), teacher, [
    { name: "Quiz", materials: [{ name: "The quiz", type: "quiz" }] },
  ]);
  const id = ids["The quiz"]!;
  const saved = await t().call(
    "material",
    "quizsettings",
    {
      id,
      attemptsAllowed: 0,
      timeLimitMinutes: 0,
      passingGrade: 75,
      shuffle: false,
      showCorrectAnswers: true,
      ...settings,
      questions: JSON.stringify(questions),
    },
    { token: teacher },
  );
  if (saved.status !== 200) throw new Error(saved.payload);
  return id;
}

const open = (materialId: number, token = student) =>
  t().call<Opened>("journey", "open", { materialId }, { token });
const submit = (materialId: number, answers: Record<string, unknown>, token = student) =>
  t().call<Result>(
    "journey",
    "complete",
    { materialId, answers: JSON.stringify(answers) },
    { token },
  );

/** Answers by question text, for questions in any order. */
function answersFor(questions: Question[], byText: Record<string, unknown>) {
  return Object.fromEntries(questions.map((q) => [q.id, byText[q.text]]));
}

async function attemptCount(materialId: number) {
  const result = await t().database.db.execute(
    sql`select count(*)::int as n from attempts where material_id = ${materialId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

beforeAll(async () => {
  teacher = await t().login("teacher");
  student = await t().login("student");
});

describe("quizzes in the journey", () => {
  it("opens a quiz with its settings and questions, never its answers", async () => {
    const id = await quiz({ attemptsAllowed: 2, timeLimitMinutes: 10, passingGrade: 60 });
    const opened = await open(id);
    expect(opened.status).toBe(200);
    const data = opened.body.data!;
    expect(data.quiz.settings).toEqual({
      attemptsAllowed: 2,
      timeLimitMinutes: 10,
      passingGrade: 60,
      shuffle: false,
      showCorrectAnswers: true,
    });
    expect(data.quiz.questions.map((q) => [q.type, q.text, q.points])).toEqual([
      ["single", "Which is a gas?", 1],
      ["multiple", "Which are liquids?", 2],
      ["truefalse", "Ice floats.", 1],
      ["short", "What do plants make food by?", 1],
    ]);
    expect(data.quiz.questions[0]!.choices).toEqual([
      { id: "ice", text: "Ice" },
      { id: "steam", text: "Steam" },
    ]);
    expect(data.quiz.questions[2]!.choices.map((c) => c.id)).toEqual(["true", "false"]);
    expect(opened.payload).not.toContain("correct");
    expect(opened.payload.toLowerCase()).not.toContain("photosynthesis");
    expect(data.attempt).toMatchObject({ number: 1, attemptsUsed: 0, attemptsAllowed: 2 });
    const minutes =
      (Date.parse(data.attempt.deadline!) - Date.parse(data.attempt.startedAt!)) / 60_000;
    expect(minutes).toBe(10);
    // Reopening keeps the attempt's start and deadline.
    const again = await open(id);
    expect(again.body.data!.attempt).toEqual(data.attempt);
  });

  it("scores each question type on the server and reviews the answers when allowed", async () => {
    const id = await quiz({ passingGrade: 60 });
    const { questions } = (await open(id)).body.data!.quiz;
    const half = await submit(
      id,
      answersFor(questions, {
        "Which is a gas?": ["steam"],
        "Which are liquids?": ["water"],
        "Ice floats.": "true",
        "What do plants make food by?": "  photosynthesis ",
      }),
    );
    expect(half.status, half.payload).toBe(200);
    expect(half.body.data).toMatchObject({ score: 60, passed: true, attemptsUsed: 1 });
    expect(half.body.data!.review!.map((r) => r.right)).toEqual([true, false, true, true]);
    expect(half.body.data!.review![1]).toMatchObject({
      given: ["water"],
      correct: ["water", "oil"],
    });
    expect(half.body.data!.summary.done).toBe(1);

    const wrong = await submit(
      id,
      answersFor(questions, {
        "Which is a gas?": ["steam", "ice"],
        "Which are liquids?": ["oil", "water"],
        "Ice floats.": ["false"],
        "What do plants make food by?": "respiration",
      }),
    );
    expect(wrong.body.data).toMatchObject({ score: 40, passed: false, attemptsUsed: 2 });
    expect(wrong.body.data!.review!.map((r) => r.right)).toEqual([false, true, false, false]);
  });

  it("reopens a passed quiz on its result and review, starting a new attempt only when asked", async () => {
    const id = await quiz({ attemptsAllowed: 3, passingGrade: 40, timeLimitMinutes: 10 });
    const { questions } = (await open(id)).body.data!.quiz;
    const passed = await submit(
      id,
      answersFor(questions, { "Which is a gas?": "steam", "Ice floats.": "true" }),
    );
    expect(passed.body.data).toMatchObject({ score: 40, passed: true, attemptsUsed: 1 });
    const reopened = await open(id);
    const data = reopened.body.data as Opened & {
      result: { score: number; passed: boolean; canStartNew: boolean; review: unknown[] | null };
    };
    // No new timed attempt: the result of the first, with its review.
    expect(data.attempt).toMatchObject({ number: 1, startedAt: null, deadline: null });
    expect(data.result).toMatchObject({ score: 40, passed: true, canStartNew: true });
    expect(data.result.review).toHaveLength(4);
    expect((await open(id)).body.data!.attempt).toMatchObject({ number: 1, startedAt: null });
    const fresh = await t().call<Opened>(
      "journey",
      "open",
      { materialId: id, newAttempt: "1" },
      { token: student },
    );
    expect(fresh.body.data!.attempt).toMatchObject({ number: 2, attemptsUsed: 1 });
    expect(fresh.body.data!.attempt.deadline).not.toBeNull();
  });

  it("shows no review when the quiz does not show correct answers", async () => {
    const id = await quiz({ showCorrectAnswers: false });
    await open(id);
    const result = await submit(id, {});
    expect(result.body.data).toMatchObject({ score: 0, passed: false, review: null });
    expect(result.payload.toLowerCase()).not.toContain("photosynthesis");
  });

  it("completes only when passed and refuses answers once the attempts are used", async () => {
    const id = await quiz({ attemptsAllowed: 2, passingGrade: 100 });
    const { questions } = (await open(id)).body.data!.quiz;
    const first = await submit(id, {});
    expect(first.body.data).toMatchObject({ passed: false, attemptsUsed: 1, attemptsAllowed: 2 });
    expect(first.body.data!.summary.done).toBe(0);
    expect((await open(id)).body.data!.attempt).toMatchObject({ number: 2, attemptsUsed: 1 });
    const second = await submit(
      id,
      answersFor(questions, {
        "Which is a gas?": "steam",
        "Which are liquids?": ["water", "oil"],
        "Ice floats.": "TRUE",
        "What do plants make food by?": "Photosynthesis",
      }),
    );
    expect(second.body.data).toMatchObject({ score: 100, passed: true, attemptsUsed: 2 });
    expect(second.body.data!.summary.done).toBe(1);
    const third = await submit(id, {});
    expect(third.status).toBe(409);
    expect(third.body.message).toBe("You have used all your attempts.");
    expect(await attemptCount(id)).toBe(2);
    const reopened = await t().call<Opened & { courseId: number }>(
      "journey",
      "open",
      { materialId: id },
      { token: student },
    );
    expect(reopened.body.data!.attempt).toMatchObject({
      number: 2,
      startedAt: null,
      attemptsUsed: 2,
    });
    const summary = await t().call<{
      elements: { name: string; done: number; total: number }[];
      quizzes: { materialId: number; attempts: number; bestScore: number; passed: boolean }[];
    }>("journey", "summary", { courseId: reopened.body.data!.courseId }, { token: student });
    expect(summary.body.data!.elements).toEqual([
      expect.objectContaining({ name: "Quiz", done: 1, total: 1 }),
    ]);
    expect(summary.body.data!.quizzes).toEqual([
      { materialId: id, name: "The quiz", type: "quiz", attempts: 2, bestScore: 100, passed: true },
    ]);
  });

  it("refuses answers after the time limit and its grace, counting the attempt", async () => {
    const id = await quiz({ attemptsAllowed: 3, timeLimitMinutes: 5, passingGrade: 0 });
    await open(id);
    // Within the 30 s grace the answers still count.
    await t().database.db.execute(
      sql`update quiz_starts set deadline = now() - interval '20 seconds' where material_id = ${id}`,
    );
    expect((await submit(id, {})).status).toBe(200);
    // That attempt passed (passing grade 0): the next one starts on request (issue 13).
    await t().call("journey", "open", { materialId: id, newAttempt: "1" }, { token: student });
    await t().database.db.execute(
      sql`update quiz_starts set deadline = now() - interval '31 seconds'
           where material_id = ${id} and number = 2`,
    );
    const late = await submit(id, {});
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      "Time is up: the answers came after the time limit, and the attempt counts as used.",
    );
    expect(await attemptCount(id)).toBe(2);
    expect((await open(id)).body.data!.attempt).toMatchObject({ number: 3, attemptsUsed: 2 });
  });

  it("shuffles questions per attempt, keeping the order when reopened", async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      type: "shortAnswer",
      prompt: `Question ${i + 1}`,
      answers: [`a${i + 1}`],
    }));
    const id = await quiz({ shuffle: true, attemptsAllowed: 0 }, many);
    const order = async () =>
      (await open(id)).body.data!.quiz.questions.map((q) => q.text).join("|");
    const first = await order();
    expect(first).not.toBe(many.map((q) => q.prompt).join("|"));
    expect(await order()).toBe(first);
    expect(first.split("|").sort()).toEqual(many.map((q) => q.prompt).sort());
    await submit(id, {});
    const second = await order();
    expect(second).not.toBe(first);
    expect(await order()).toBe(second);
  });

  it("lets staff take a quiz without recording an attempt", async () => {
    const id = await quiz({ attemptsAllowed: 1, timeLimitMinutes: 1 });
    const opened = await open(id, teacher);
    expect(opened.body.data!.attempt).toMatchObject({ number: 1, attemptsUsed: 0 });
    expect(opened.payload).not.toContain("correct");
    for (let i = 0; i < 2; i++) {
      const result = await submit(id, {}, teacher);
      expect(result.status).toBe(200);
      expect(result.body.data).toMatchObject({ score: 0, attemptsUsed: 0, attemptsAllowed: 1 });
    }
    expect(await attemptCount(id)).toBe(0);
  });
});
