import { z } from "zod";
import { ELEMENT_TYPES, MATERIAL_TYPES, PLACEMENTS, QUESTION_TYPES } from "../constants";
import { encodeMessage } from "../validation/message";
import {
  booleanField,
  integerField,
  jsonField,
  oneOf,
  optionalIntegerField,
  optionalText,
  requiredText,
  text,
  urlText,
  versionField,
} from "../validation/rules";

const id = () =>
  z.coerce
    .number({ error: encodeMessage("validation.required") })
    .int()
    .positive();

export const courseSchema = z.object({
  courseName: requiredText({ min: 2, max: 100 }),
  courseCode: requiredText({
    min: 2,
    minMessage: "minChars",
    max: 20,
    pattern: { regex: /^[A-Za-z0-9._-]+$/, key: "validation.nameFormat" },
  }),
  gradeLevel: integerField(1, 12),
  subject: requiredText({ max: 100 }),
  section: optionalText({ max: 50 }),
  description: optionalText({ max: 2000 }),
  published: booleanField().default(false),
  /** Empty: the course is for every school. */
  schoolId: optionalIntegerField(1, 2_147_483_647),
});

export const elementCreateSchema = z
  .object({
    courseId: id(),
    name: requiredText({ max: 100 }),
    type: oneOf(ELEMENT_TYPES),
    placement: oneOf(PLACEMENTS).default("bottom"),
    relativeTo: z.preprocess((v) => (v === "" || v === null ? undefined : v), id().optional()),
    published: booleanField().default(false),
  })
  .superRefine((value, ctx) => {
    if ((value.placement === "before" || value.placement === "after") && !value.relativeTo) {
      ctx.addIssue({
        code: "custom",
        path: ["relativeTo"],
        message: encodeMessage("validation.relativeToRequired"),
      });
    }
  });

export const elementUpdateSchema = z.object({
  id: id(),
  name: requiredText({ max: 100 }),
  type: oneOf(ELEMENT_TYPES),
  version: versionField(),
});

const positionRef = z.object({ id: id(), position: z.coerce.number().int().min(1) });

/** API.md: swap takes swap_from and swap_to as { id, position }. */
export const swapSchema = z.object({
  swap_from: jsonField(positionRef),
  swap_to: jsonField(positionRef),
});

/** What counts of a SCORM material's attempts: the highest, their average, the first, the last. */
export const SCORM_GRADING = ["highest", "average", "first", "last"] as const;
/** After a finished attempt: a new one starts by itself, or the learner chooses to start one. */
export const SCORM_NEW_ATTEMPT = ["choose", "auto"] as const;
/** What completes a SCORM material besides the package's "completed": nothing, passed, a score. */
export const SCORM_COMPLETION = ["completed", "passed", "score"] as const;

const scormFields = {
  /** 0: unlimited. */
  attemptsAllowed: () => integerField(0, 100),
  grading: () => oneOf(SCORM_GRADING),
  newAttempt: () => oneOf(SCORM_NEW_ATTEMPT),
  completion: () => oneOf(SCORM_COMPLETION),
  /** The score (percent) an attempt needs when `completion` is "score". */
  minScore: () => integerField(0, 100),
};

/** A SCORM material's attempt settings, with Moodle's defaults (unlimited, highest, …). */
export const scormSettingsSchema = z.object({
  attemptsAllowed: scormFields.attemptsAllowed().default(0),
  grading: scormFields.grading().default("highest"),
  newAttempt: scormFields.newAttempt().default("choose"),
  completion: scormFields.completion().default("completed"),
  minScore: scormFields.minScore().default(75),
});

export const materialSchema = z
  .object({
    courseId: id(),
    elementId: id(),
    name: requiredText({ max: 150 }),
    type: oneOf(MATERIAL_TYPES),
    url: urlText(false),
    content: optionalText({ max: 100_000 }),
    published: booleanField().default(false),
    // A SCORM material's settings: a create without them takes the defaults, an update keeps them.
    attemptsAllowed: scormFields.attemptsAllowed().optional(),
    grading: scormFields.grading().optional(),
    newAttempt: scormFields.newAttempt().optional(),
    completion: scormFields.completion().optional(),
    minScore: scormFields.minScore().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type === "link" && !value.url) {
      ctx.addIssue({
        code: "custom",
        path: ["url"],
        message: encodeMessage("validation.required"),
      });
    }
    if (value.type === "page" && !value.content) {
      ctx.addIssue({
        code: "custom",
        path: ["content"],
        message: encodeMessage("validation.required"),
      });
    }
  });

export const choiceSchema = z.object({
  id: z.string().max(40).optional(),
  text: text({ required: true, max: 500 }),
  correct: z.boolean().default(false),
});

export const questionSchema = z
  .object({
    id: z.string().max(40).optional(),
    type: oneOf(QUESTION_TYPES),
    prompt: requiredText({ max: 2000 }),
    points: integerField(1, 100).default(1),
    choices: z.array(choiceSchema).max(20).default([]),
    /** Accepted answers of a short-answer question, or "true"/"false". */
    answers: z
      .array(text({ required: true, max: 200 }))
      .max(20)
      .default([]),
  })
  .superRefine((q, ctx) => {
    const add = (path: string, key: Parameters<typeof encodeMessage>[0]) =>
      ctx.addIssue({ code: "custom", path: [path], message: encodeMessage(key) });
    if (q.type === "single" || q.type === "multiple") {
      if (q.choices.length < 2) add("choices", "validation.choicesRequired");
      const correct = q.choices.filter((c) => c.correct).length;
      if (correct === 0 || (q.type === "single" && correct > 1))
        add("choices", "validation.atLeastOneCorrect");
    }
    if (q.type === "trueFalse" && !(q.answers.length === 1 && /^(true|false)$/.test(q.answers[0]!)))
      add("answers", "validation.required");
    if (q.type === "shortAnswer" && q.answers.length === 0) add("answers", "validation.required");
  });

/** Quiz settings (SPEC.md §2 quiz-settings route); 0 attempts or minutes means unlimited. */
export const quizSettingsSchema = z.object({
  attemptsAllowed: integerField(0, 100).default(0),
  timeLimitMinutes: integerField(0, 600).default(0),
  passingGrade: integerField(0, 100).default(75),
  shuffle: booleanField().default(false),
  showCorrectAnswers: booleanField().default(true),
  questions: jsonField(z.array(questionSchema).max(200)).default([]),
});

export type CourseInput = z.input<typeof courseSchema>;
export type CourseValues = z.output<typeof courseSchema>;
export type ElementCreateInput = z.input<typeof elementCreateSchema>;
export type MaterialInput = z.input<typeof materialSchema>;
export type QuizSettingsInput = z.input<typeof quizSettingsSchema>;
export type QuizSettings = z.output<typeof quizSettingsSchema>;
export type ScormSettings = z.output<typeof scormSettingsSchema>;
export type Question = z.output<typeof questionSchema>;
