import { createHash } from "node:crypto";
import type { questions } from "../db/schema";
import type { QuizQuestionType } from "@lms/core";

type QuestionRow = typeof questions.$inferSelect;

/** The journey's names of the question types (the editor's trueFalse and shortAnswer). */
const WIRE_TYPES: Record<string, QuizQuestionType> = {
  single: "single",
  multiple: "multiple",
  trueFalse: "truefalse",
  shortAnswer: "short",
};

/** The choices a student picks from: a true/false question's are `true` and `false`. */
function choicesOf(q: QuestionRow): { id: string; text: string }[] {
  if (q.type === "trueFalse") {
    return [
      { id: "true", text: "true" },
      { id: "false", text: "false" },
    ];
  }
  if (q.type === "shortAnswer") return [];
  return q.choices.map((c, i) => ({ id: c.id ?? String(i + 1), text: c.text }));
}

/** A question as a student sees it before submitting: no correct flags, no accepted answers. */
export function questionView(q: QuestionRow) {
  return {
    id: String(q.id),
    type: WIRE_TYPES[q.type] ?? q.type,
    text: q.prompt,
    points: q.points,
    choices: choicesOf(q),
  };
}

/** A stable shuffle: the same seed gives the same order (one attempt keeps its order). */
export function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const keyed = items.map((item, index) => ({
    item,
    key: createHash("sha256").update(`${seed}:${index}`).digest("hex"),
  }));
  return keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((k) => k.item);
}

function correctOf(q: QuestionRow): string[] {
  if (q.type === "single" || q.type === "multiple") {
    return q.choices
      .map((c, i) => ({ id: c.id ?? String(i + 1), correct: c.correct }))
      .filter((c) => c.correct)
      .map((c) => c.id);
  }
  return q.answers;
}

const normalise = (value: unknown) => String(value).trim().toLowerCase();

export interface QuizGrade {
  /** Percentage of the points earned, 0–100. */
  score: number;
  review: { questionId: string; right: boolean; given: string[]; correct: string[] }[];
}

/**
 * Grades answers `{ [questionId]: choice ids | text }`: a choice question is right when exactly
 * its correct choices are given, a true/false or short-answer one when the answer matches an
 * accepted one (case and outer spaces aside).
 */
export function gradeQuiz(rows: QuestionRow[], answers: Record<string, unknown>): QuizGrade {
  const totalPoints = rows.reduce((sum, q) => sum + q.points, 0);
  let earned = 0;
  const review = rows.map((q) => {
    const raw = answers[String(q.id)];
    const given = (Array.isArray(raw) ? raw : raw === undefined || raw === "" ? [] : [raw]).map(
      (v) => String(v).trim(),
    );
    const correct = correctOf(q);
    const wanted = correct.map(normalise).sort();
    let right: boolean;
    if (q.type === "single" || q.type === "multiple") {
      const chosen = [...new Set(given.map(normalise))].sort();
      right = wanted.length > 0 && JSON.stringify(chosen) === JSON.stringify(wanted);
    } else {
      right = given.length === 1 && wanted.includes(normalise(given[0]));
    }
    if (right) earned += q.points;
    return { questionId: String(q.id), right, given, correct };
  });
  return {
    score: totalPoints === 0 ? 100 : Math.round((earned / totalPoints) * 100),
    review,
  };
}
