import type { QuestionType } from "../constants";
import type { ElementRecord, MaterialRecord } from "./types";

/**
 * The answers of the course, element and material commands beyond their records: a course's
 * element list with each element's materials, and a material's detail (its files, SCORM launch
 * page, quiz).
 */

/** A row of `element list`: the element with its materials in position order. */
export type ElementWithMaterials = ElementRecord & { materials: MaterialRecord[] };

/** A stored file of a material, served by the content origin with a capability (API-DETAILS.md). */
export interface MaterialFile {
  path: string;
  size: number;
  contentType: string;
  url: string;
}

export interface MaterialQuizChoice {
  id?: string;
  text: string;
  /** Only to those who may change the quiz. */
  correct?: boolean;
}

export interface MaterialQuizQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  points: number;
  choices: MaterialQuizChoice[];
  /** Accepted answers, only to those who may change the quiz. */
  answers?: string[];
}

/** A quiz material's settings and questions, as `get` answers them. */
export interface MaterialQuiz {
  attemptsAllowed: number;
  timeLimitMinutes: number;
  passingGrade: number;
  shuffle: boolean;
  showCorrectAnswers: boolean;
  questions: MaterialQuizQuestion[];
}

/**
 * A material as `get`, `create`, `update` and `quizsettings` answer it: its record with its stored
 * files; a SCORM package with its launch page and version, a quiz with its settings and questions.
 */
export type MaterialDetail = MaterialRecord & {
  files: MaterialFile[];
  launchUrl?: string;
  scormVersion?: string | null;
  quiz?: MaterialQuiz;
};
