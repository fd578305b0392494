import type { QuizQuestion, Translator } from "@lms/core";

/** A question's answer: the chosen choice ids, or the typed text of a short answer. */
export type QuizAnswer = string[] | string;

export type QuestionKind = "single" | "multiple" | "truefalse" | "short";

/** The wire names the player understands, whichever spelling the server sends. */
export function questionKind(question: QuizQuestion): QuestionKind {
  if (question.type === "trueFalse" || question.type === "truefalse") return "truefalse";
  if (question.type === "shortAnswer" || question.type === "short") return "short";
  return question.type === "multiple" ? "multiple" : "single";
}

/** The choices to pick from; a true/false question's are True and False in the user's language. */
export function questionOptions(question: QuizQuestion, t: Translator["t"]) {
  if (questionKind(question) === "truefalse")
    return [
      { id: "true", text: t("quiz.true") },
      { id: "false", text: t("quiz.false") },
    ];
  return question.choices.map((choice) => ({ id: String(choice.id), text: choice.text }));
}

/** The answers as `complete` takes them: `{ [questionId]: choiceId[] | text }`. */
export function answersPayload(
  questions: QuizQuestion[],
  answers: Record<string, QuizAnswer>,
): Record<string, QuizAnswer> {
  const payload: Record<string, QuizAnswer> = {};
  for (const question of questions) {
    const id = String(question.id);
    const value = answers[id];
    if (value === undefined) continue;
    payload[id] = questionKind(question) === "short" ? String(value).trim() : [value].flat();
  }
  return payload;
}

/** How many questions have an answer (a blank text counts as none). */
export function answeredCount(answers: Record<string, QuizAnswer>): number {
  return Object.values(answers).filter((v) => (Array.isArray(v) ? v.length > 0 : v.trim() !== ""))
    .length;
}

/** Seconds left as m:ss. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
