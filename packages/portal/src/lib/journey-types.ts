import type { CourseRecord, MaterialRecord } from "@lms/core";

/** What the journey service answers (API-DETAILS.md), read by the journey and the material players. */
export type JourneyState = "locked" | "open" | "inProgress" | "complete";

/** A course's totals as mycourses, summary and every journey answer carry them. */
export interface CourseSummary {
  course: CourseRecord;
  total: number;
  done: number;
  percent: number;
  complete: boolean;
  timeSpentSeconds: number;
}

/** A published material of the path with the student's state of it. */
export type JourneyMaterial = MaterialRecord & {
  elementName: string;
  state: JourneyState;
  startedAt: string | null;
  completedAt: string | null;
  timeSpentSeconds?: number;
};

export interface JourneyElement {
  id: number;
  name: string;
  type: string;
  position: number;
  materials: JourneyMaterial[];
}

export type JourneyPath = CourseSummary & { elements: JourneyElement[] };

/** A quiz's or SCORM material's results in the course summary. */
export interface QuizOutcome {
  materialId: number;
  name: string;
  type: "quiz" | "scorm";
  attempts: number;
  bestScore: number | null;
  /** Null for a SCORM material whose package reported neither passed nor failed. */
  passed: boolean | null;
  /** SCORM: the latest attempt's status (completed, incomplete...), null before any. */
  status?: string | null;
}

/** `summary`: the totals, completion per element and the student's quiz and SCORM results. */
export type CourseSummaryDetail = CourseSummary & {
  elements: { id: number; name: string; done: number; total: number }[];
  quizzes: QuizOutcome[];
};

export type QuestionType = "single" | "multiple" | "truefalse" | "short";

export interface QuizQuestion {
  id: string | number;
  type: QuestionType | "trueFalse" | "shortAnswer";
  text?: string;
  prompt?: string;
  points: number;
  choices: { id: string | number; text: string }[];
}

export interface QuizAttempt {
  number: number;
  startedAt: string;
  deadline: string | null;
  attemptsUsed: number;
  attemptsAllowed: number;
}

export interface QuizSettingsView {
  attemptsAllowed?: number;
  timeLimitMinutes?: number;
  passingGrade?: number;
  showCorrectAnswers?: boolean;
}

export interface OpenedMaterial extends MaterialRecord {
  state: JourneyState;
  files?: { path: string; size: number; contentType: string; url: string }[];
  launchUrl?: string;
  quiz?: (QuizSettingsView & { settings?: QuizSettingsView; questions?: QuizQuestion[] }) | null;
  attempt?: QuizAttempt | null;
  /** A quiz answered before opens on its latest attempt's result (issue 13). */
  result?: OpenedQuizResult | null;
}

export interface QuizReviewRow {
  questionId: string | number;
  right: boolean;
  given: unknown;
  correct: unknown;
}

/** The latest attempt's result a quiz opens on, and whether another attempt may start. */
export type OpenedQuizResult = Omit<QuizResult, "summary"> & { canStartNew: boolean };

export interface QuizResult {
  score: number;
  passed: boolean;
  attemptsUsed?: number;
  attemptsAllowed?: number;
  review?: QuizReviewRow[] | null;
  summary: CourseSummary;
}

export interface ScormLaunch {
  version: "1.2" | "2004";
  launchUrl: string;
  cmi: Record<string, string>;
  /** The player session each commit names (with its sequence number). */
  session: number;
  /** The attempt the runtime records (each one kept whole). */
  attempt?: number;
  /** 0: unlimited. */
  attemptsAllowed?: number;
  /** Attempts still to start after this one (null: unlimited). */
  attemptsLeft?: number | null;
  /** A finished attempt shown again: nothing is recorded. */
  review?: boolean;
  /** The learner may start a new attempt instead. */
  canStartNew?: boolean;
  /** The launched SCO's item identifier in a package with several; null for a package's only one. */
  sco: string | null;
  /** The organisation's table of contents, in a package with several SCOs. */
  toc?: ScormTocEntry[];
}

export interface ScormTocEntry {
  id: string;
  title: string;
  depth: number;
  /** An item the learner can launch (a SCO or an asset); else a heading of its children. */
  launchable: boolean;
  state: "notStarted" | "inProgress" | "complete";
  success: "passed" | "failed" | null;
}

export interface Child {
  userId: number;
  firstName: string;
  lastName: string;
  grade: number | null;
  section: string;
  schoolName: string;
}
