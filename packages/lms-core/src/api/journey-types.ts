import type { CourseRecord, MaterialRecord } from "./types";

/**
 * What the journey, progress and SCORM report commands answer (API-DETAILS.md): the learner's
 * path and its materials, a course's progress per student, a SCORM material's attempts.
 */

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

/** `next` and `resume`: the material to go to (null: none left) and the course's totals. */
export interface JourneyTarget {
  material: JourneyMaterial | null;
  summary: CourseSummary;
}

/** A question's type as a quiz being taken names it; a material's detail sends the stored name. */
export type QuizQuestionType = "single" | "multiple" | "truefalse" | "short";

export interface QuizQuestion {
  id: string | number;
  type: QuizQuestionType | "trueFalse" | "shortAnswer";
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

/** `open`: the material with what its type carries, and a quiz's attempt or latest result. */
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

/** A graded quiz attempt. */
export interface QuizGrade {
  score: number;
  passed: boolean;
  attemptsUsed: number;
  attemptsAllowed: number;
  review: QuizReviewRow[] | null;
}

/** `complete` of a quiz: its grade and the course's totals. */
export type QuizResult = QuizGrade & { summary: CourseSummary };

/** `complete`: the course's totals, with a quiz's grade when the material is a quiz. */
export type JourneyCompletion = QuizResult | { summary: CourseSummary };

/** The latest attempt's result a quiz opens on, and whether another attempt may start. */
export type OpenedQuizResult = Omit<QuizResult, "summary"> & { canStartNew: boolean };

export interface ScormLaunch {
  version: "1.2" | "2004";
  launchUrl: string;
  cmi: Record<string, string>;
  /** The player session each commit names (with its sequence number). */
  session: number;
  /** The attempt the runtime records (each one kept whole). */
  attempt: number;
  /** 0: unlimited. */
  attemptsAllowed: number;
  /** Attempts still to start after this one (null: unlimited). */
  attemptsLeft: number | null;
  /** A finished attempt shown again: nothing is recorded. */
  review: boolean;
  /** The learner may start a new attempt instead. */
  canStartNew: boolean;
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

/** `scormcommit`: the material's state after the report, and the course's totals. */
export interface ScormCommitAnswer {
  state: JourneyState | undefined;
  summary: CourseSummary;
}

/** A parent's child (`children`). */
export interface Child {
  userId: number;
  firstName: string;
  lastName: string;
  grade: number | null;
  section: string;
  schoolName: string;
}

/** One student's progress through a course (the progress list's row). */
export interface ProgressRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  userName: string;
  grade: number | null;
  section: string;
  done: number;
  total: number;
  percent: number;
  quizAverage: number | null;
  timeSpentSeconds: number;
  lastActivity: string | null;
  /** Each SCORM material of the course: its latest attempt's status, counted score, attempts. */
  scorm: ScormResult[];
}

/**
 * A SCORM material's result for one student: its latest attempt's status, the score that counts
 * (by the material's grading), its attempts with data, whether the material is complete, and
 * whether the student opened it while the package never reported any data.
 */
export interface ScormResult {
  materialId: number;
  name: string;
  /** 2004: cmi.success_status when passed or failed, else cmi.completion_status; 1.2: cmi.core.lesson_status. */
  status: string | null;
  score: number | null;
  attempts: number;
  complete: boolean;
  noData: boolean;
}

/** The student of a SCORM report row. */
export interface ScormReportStudent {
  userId: number;
  firstName: string;
  lastName: string;
  userName: string;
  grade: number | null;
  section: string;
}

/** One row of a SCORM material's report: a student's attempt, or a student without any. */
export interface ScormAttemptRow extends ScormReportStudent {
  /** `userId-attempt` (attempt 0: none yet). */
  id: string;
  /** Null: the student has not opened the package. */
  attempt: number | null;
  completionStatus: string;
  successStatus: string;
  score: number | null;
  timeSpentSeconds: number;
  lastAccess: string | null;
  interactions: number;
}

/** An attempt's completion and success as SCORM 2004 names them, whichever version reported. */
export interface ScormAttemptStatus {
  /** completed, incomplete, not attempted, unknown. */
  completionStatus: string;
  /** passed, failed, unknown. */
  successStatus: string;
}

export interface ScormInteraction {
  /** The interaction's index n in cmi.interactions.n. */
  index: number;
  id: string;
  type: string;
  /** 2004 only (1.2 has no description). */
  description: string;
  /** 2004 learner_response, 1.2 student_response. */
  learnerResponse: string;
  /** Every correct_responses.m.pattern, in order. */
  correctResponses: string[];
  /** correct, incorrect (1.2 "wrong"), unanticipated, neutral, or a number. */
  result: string;
  /** The latency in seconds, null when none was reported or it is not a valid time interval. */
  latencySeconds: number | null;
  /** 2004 timestamp, 1.2 time (of day). */
  timestamp: string;
  weighting: string;
  /** The objectives the interaction counts for. */
  objectives: string[];
}

export interface ScormObjective {
  index: number;
  id: string;
  description: string;
  /** 2004 success_status; 1.2 status when passed or failed, else unknown. */
  successStatus: string;
  /** 2004 completion_status; 1.2 status read as completion. */
  completionStatus: string;
  /** scaled × 100 (2004), else raw: a percentage when the package reports one. */
  score: number | null;
  scoreRaw: string;
  scoreMin: string;
  scoreMax: string;
}

/** One attempt whole (`scormreport get`). */
export interface ScormAttemptDetail extends ScormReportStudent, ScormAttemptStatus {
  materialId: number;
  attempt: number;
  totalSeconds: number;
  lastAccess: string;
  score: number | null;
  interactions: ScormInteraction[];
  objectives: ScormObjective[];
}
