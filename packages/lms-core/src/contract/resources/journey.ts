import type {
  Child,
  CourseSummary,
  CourseSummaryDetail,
  JourneyCompletion,
  JourneyPath,
  JourneyTarget,
  OpenedMaterial,
  ScormCommitAnswer,
  ScormLaunch,
} from "../../api/journey-types";
import {
  booleanField,
  jsonField,
  optionalIntegerField,
  optionalText,
  text,
} from "../../validation/rules";
import { defineCommands } from "../define";
import { MAX_ID, answerType, emptyInput, idField } from "../inputs";

const view = { module: "courses", right: "view" } as const;

export const journeyCourseInput = emptyInput.extend({ courseId: idField() });
const materialInput = emptyInput.extend({ materialId: idField() });
/** Whose journey: absent, the caller's own; else a parent's child or a student in staff's scope. */
export const journeyReadInput = emptyInput.extend({ userId: idField().optional() });
export const journeyCourseReadInput = journeyCourseInput.extend({ userId: idField().optional() });
/** `newAttempt`: a quiz answered before starts a new attempt instead of showing its result. */
export const journeyOpenInput = materialInput.extend({ newAttempt: booleanField().optional() });
export const journeyCompleteInput = materialInput.extend({
  /** A quiz's answers: { [questionId]: choice ids or text }. */
  answers: jsonField(
    emptyInput.catchall(optionalText({ max: 2000 }).or(optionalText({ max: 200 }).array().max(50))),
  ).optional(),
});
/**
 * `newAttempt`: the learner starts a new SCORM attempt after a finished one; `sco`: the item
 * identifier of one SCO of a package with several (else its first).
 */
export const scormLoadInput = materialInput.extend({
  newAttempt: booleanField().optional(),
  sco: optionalText({ max: 4000 }),
});
export const scormCommitInput = materialInput.extend({
  sco: optionalText({ max: 4000 }),
  /** The runtime's cmi data model as JSON text. */
  cmi: text({ required: true, max: 1_000_000 }),
  /** The attempt scormload answered (default: the latest). */
  attempt: optionalIntegerField(1, MAX_ID),
  session: optionalIntegerField(1, Number.MAX_SAFE_INTEGER),
  seq: optionalIntegerField(1, MAX_ID),
});

/** A course, a material or a student out of the caller's reach, or a course being deleted. */
const unreachable = {
  404: ["errors.notFound"],
  409: ["errors.courseDeletionInProgress"],
} as const;
/** A material also refuses a learner who has not finished the ones before it. */
const gated = { ...unreachable, 403: ["errors.finishPrevious"] } as const;

/**
 * The learner's path through a course (SPEC.md §4). None is recorded in the audit trail and none
 * changes a session: what a learner opens, completes and reports is its own progress.
 */
export const journeyCommands = defineCommands("journey", {
  mycourses: {
    description: "The courses the caller (or a parent's child) takes, with progress.",
    access: "signedIn",
    input: journeyReadInput,
    output: answerType<CourseSummary[]>(),
    effect: "read",
    errors: { 404: ["errors.notFound"] },
  },
  children: {
    description: "A parent's children.",
    access: "signedIn",
    output: answerType<Child[]>(),
    effect: "read",
  },
  path: {
    description: "A course's elements and materials as the learner sees them, with gating.",
    access: "signedIn",
    input: journeyCourseReadInput,
    output: answerType<JourneyPath>(),
    effect: "read",
    errors: unreachable,
  },
  open: {
    description: "Opens a material for the learner and records the visit.",
    access: view,
    input: journeyOpenInput,
    output: answerType<OpenedMaterial>(),
    keepsSessions: true,
    audited: false,
    errors: { ...gated, 409: [...gated[409], "quiz.noAttemptsLeft"] },
  },
  complete: {
    description: "Marks a material completed (or submits a quiz).",
    access: view,
    input: journeyCompleteInput,
    output: answerType<JourneyCompletion>(),
    keepsSessions: true,
    audited: false,
    errors: { ...gated, 409: [...gated[409], "quiz.noAttemptsLeft", "quiz.timeUp"] },
  },
  scormload: {
    description: "Loads a SCORM material's runtime data for the learner.",
    access: view,
    input: scormLoadInput,
    output: answerType<ScormLaunch>(),
    keepsSessions: true,
    audited: false,
    errors: {
      ...gated,
      409: [...gated[409], "scorm.attemptNotFinished", "scorm.noAttemptsLeft"],
    },
  },
  scormcommit: {
    description: "Saves a SCORM material's runtime data.",
    access: view,
    input: scormCommitInput,
    output: answerType<ScormCommitAnswer>(),
    keepsSessions: true,
    audited: false,
    errors: {
      ...gated,
      409: [...gated[409], "scorm.attemptNotFinished", "scorm.noAttemptsLeft"],
    },
  },
  next: {
    description: "The learner's next material in the course.",
    access: view,
    input: journeyCourseInput,
    output: answerType<JourneyTarget>(),
    effect: "read",
    errors: unreachable,
  },
  resume: {
    description: "Where the learner left the course.",
    access: view,
    input: journeyCourseInput,
    output: answerType<JourneyTarget>(),
    effect: "read",
    errors: unreachable,
  },
  summary: {
    description: "A course's progress summary for the learner.",
    access: "signedIn",
    input: journeyCourseReadInput,
    output: answerType<CourseSummaryDetail>(),
    effect: "read",
    errors: unreachable,
  },
});
