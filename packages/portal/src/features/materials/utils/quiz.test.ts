import { describe, expect, it } from "vitest";
import { markChoice, newQuestion, quizDraft, retypeQuestion, type QuestionDraft } from "./quiz";

const single: QuestionDraft = {
  id: "q1",
  type: "multiple",
  prompt: "Which are prime?",
  points: 2,
  choices: [
    { text: "2", correct: true },
    { text: "3", correct: true },
    { text: "4", correct: false },
  ],
  answers: [],
};

describe("questions editor", () => {
  it("starts a choice question with two blank choices", () => {
    expect(newQuestion().choices).toEqual([
      { text: "", correct: false },
      { text: "", correct: false },
    ]);
    expect(newQuestion("trueFalse").answers).toEqual(["true"]);
    expect(newQuestion("shortAnswer").answers).toEqual([""]);
  });

  it("keeps prompt, points and choices between choice types; single keeps one correct", () => {
    const retyped = retypeQuestion(single, "single");
    expect(retyped).toMatchObject({ id: "q1", prompt: "Which are prime?", points: 2 });
    expect(retyped.choices.map((c) => c.correct)).toEqual([true, false, false]);
    expect(retypeQuestion(retyped, "multiple").choices).toHaveLength(3);
  });

  it("drops choices for true-or-false and short answer, keeping their own answers", () => {
    const tf = retypeQuestion(single, "trueFalse");
    expect(tf).toMatchObject({ choices: [], answers: ["true"] });
    expect(retypeQuestion({ ...tf, answers: ["false"] }, "trueFalse").answers).toEqual(["false"]);
    const short = retypeQuestion(single, "shortAnswer");
    expect(short.answers).toEqual([""]);
    expect(
      retypeQuestion({ ...short, answers: ["Manila", "manila"] }, "shortAnswer").answers,
    ).toEqual(["Manila", "manila"]);
    expect(retypeQuestion(short, "single").answers).toEqual([]);
  });

  it("marks one correct choice for single choice and toggles for multiple choice", () => {
    const choices = single.choices;
    expect(markChoice(choices, 2, "single", true).map((c) => c.correct)).toEqual([
      false,
      false,
      true,
    ]);
    expect(markChoice(choices, 2, "multiple", true).map((c) => c.correct)).toEqual([
      true,
      true,
      true,
    ]);
    expect(markChoice(choices, 0, "multiple", false).map((c) => c.correct)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("fills the defaults of a quiz without settings yet", () => {
    expect(quizDraft(undefined)).toEqual({
      attemptsAllowed: 0,
      timeLimitMinutes: 0,
      passingGrade: 75,
      shuffle: false,
      showCorrectAnswers: true,
      questions: [],
    });
  });
});
