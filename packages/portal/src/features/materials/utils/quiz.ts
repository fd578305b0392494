import type { MaterialQuiz, QuestionType } from "@lms/core";

/** A choice as the questions editor holds it. */
export interface ChoiceDraft {
  id?: string;
  text: string;
  correct: boolean;
}

/** A question as the questions editor holds it (the input of @lms/core's questionSchema). */
export interface QuestionDraft {
  id?: string;
  type: QuestionType;
  prompt: string;
  points: number | string;
  choices: ChoiceDraft[];
  answers: string[];
}

export interface QuizDraft {
  attemptsAllowed: number | string;
  timeLimitMinutes: number | string;
  passingGrade: number | string;
  shuffle: boolean;
  showCorrectAnswers: boolean;
  questions: QuestionDraft[];
}

const blankChoice = (): ChoiceDraft => ({ text: "", correct: false });

/** A new, empty question of a type: choice questions start with two blank choices. */
export function newQuestion(type: QuestionType = "single"): QuestionDraft {
  return retypeQuestion({ type, prompt: "", points: 1, choices: [], answers: [] }, type);
}

/**
 * A question turned into another type, keeping what still fits: the prompt and points always,
 * the choices between single and multiple choice (a single-choice question keeps one correct
 * choice), the accepted answers of a short-answer question, the answer of a true-or-false one.
 */
export function retypeQuestion(question: QuestionDraft, type: QuestionType): QuestionDraft {
  const base = { id: question.id, prompt: question.prompt, points: question.points, type };
  if (type === "single" || type === "multiple") {
    const choices = question.choices.map((c) => ({ ...c }));
    while (choices.length < 2) choices.push(blankChoice());
    if (type === "single") {
      const first = choices.findIndex((c) => c.correct);
      choices.forEach((c, i) => (c.correct = i === first));
    }
    return { ...base, choices, answers: [] };
  }
  if (type === "trueFalse") {
    const answer = question.type === "trueFalse" ? question.answers[0] : undefined;
    return { ...base, choices: [], answers: [answer === "false" ? "false" : "true"] };
  }
  const answers =
    question.type === "shortAnswer" && question.answers.length ? question.answers : [""];
  return { ...base, choices: [], answers: [...answers] };
}

/**
 * The choices after a choice is marked: a single-choice question has exactly one correct
 * choice, a multiple-choice question toggles the one marked.
 */
export function markChoice(
  choices: readonly ChoiceDraft[],
  index: number,
  type: QuestionType,
  correct: boolean,
): ChoiceDraft[] {
  return choices.map((choice, i) => {
    if (type === "single")
      return { ...choice, correct: i === index ? correct : correct ? false : choice.correct };
    return i === index ? { ...choice, correct } : choice;
  });
}

/** The editor's starting values from a quiz as the server keeps it (or the defaults). */
export function quizDraft(quiz: MaterialQuiz | null | undefined): QuizDraft {
  return {
    attemptsAllowed: quiz?.attemptsAllowed ?? 0,
    timeLimitMinutes: quiz?.timeLimitMinutes ?? 0,
    passingGrade: quiz?.passingGrade ?? 75,
    shuffle: quiz?.shuffle ?? false,
    showCorrectAnswers: quiz?.showCorrectAnswers ?? true,
    questions: (quiz?.questions ?? []).map((q) => ({
      id: q.id,
      type: q.type,
      prompt: q.prompt,
      points: q.points,
      choices: q.choices.map((c) => ({ id: c.id, text: c.text, correct: c.correct ?? false })),
      answers: [...(q.answers ?? [])],
    })),
  };
}
