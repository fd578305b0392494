import type { CourseRecord, MaterialRecord } from "@lms/core";
import { useCallback } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useApiClient } from "../../../lib/api-context";
import { ApiError, useCommand, useRecordQuery } from "../../../lib/data";

export const JOURNEY_PATH = "/journey/";
const OPEN_KEY = "journey-open";

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

const withUser = (fields: Record<string, unknown>, userId?: number | null) =>
  userId ? { ...fields, userId } : fields;

/** The student's (or, with userId, a child's or a student's) courses with their progress. */
export function useMyCourses(userId?: number | null, enabled = true) {
  return useRecordQuery<CourseSummary[]>(
    JOURNEY_PATH,
    enabled ? withUser({}, userId) : null,
    "mycourses",
  );
}

/** The course path: elements in order with their materials and states. */
export function useJourneyPath(courseId: number | null, userId?: number | null) {
  return useRecordQuery<JourneyPath>(
    JOURNEY_PATH,
    courseId ? withUser({ courseId }, userId) : null,
    "path",
  );
}

/** The course summary of the student (or, with userId, a child or a student). */
export function useCourseSummary(courseId: number, userId?: number | null) {
  return useRecordQuery<CourseSummaryDetail>(
    JOURNEY_PATH,
    withUser({ courseId }, userId),
    "summary",
  );
}

/** A parent's children (empty for everyone else). */
export function useChildren(enabled: boolean) {
  return useRecordQuery<Child[]>(JOURNEY_PATH, enabled ? {} : null, "children");
}

/**
 * Opens a material (gated: a locked one answers 'Sorry you need to finish previous course
 * element/material.'). Opened once per material; reopening keeps a quiz attempt's order.
 */
export function useOpenMaterial(materialId: number | null) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR(
    // Its own key, apart from the journey reads: a completion that refreshes the path must not
    // open the material again (that would start a quiz's next attempt under its result).
    materialId ? [OPEN_KEY, materialId] : null,
    async ([, id]: [string, number]) => openMaterial(id, false),
    { shouldRetryOnError: false, revalidateOnFocus: false, revalidateOnReconnect: false },
  );

  async function openMaterial(id: number, newAttempt: boolean) {
    const result = await client.request<OpenedMaterial>({
      path: JOURNEY_PATH,
      cmdType: "open",
      fields: { materialId: id, ...(newAttempt ? { newAttempt: "1" } : {}) },
    });
    if (!result.ok) throw new ApiError(result);
    void mutate((key) => Array.isArray(key) && key[0] === JOURNEY_PATH);
    return result.data;
  }

  return {
    data,
    error: error as ApiError | undefined,
    loading: isLoading,
    reload,
    /** A quiz's next attempt, started on the learner's request. */
    startNewAttempt: () =>
      materialId
        ? reload(() => openMaterial(materialId, true), { revalidate: false })
        : Promise.resolve(undefined),
  };
}

const JOURNEY_READS = [JOURNEY_PATH, "/progress/"];

export function useJourneyCommands() {
  const run = useCommand();
  const complete = useCallback(
    (materialId: number, answers?: Record<string, unknown>) =>
      run<QuizResult>(
        {
          path: JOURNEY_PATH,
          cmdType: "complete",
          fields: answers ? { materialId, answers } : { materialId },
        },
        JOURNEY_READS,
      ),
    [run],
  );
  const resume = useCallback(
    (courseId: number) =>
      run<{ material: JourneyMaterial | null; summary: CourseSummary }>(
        { path: JOURNEY_PATH, cmdType: "resume", fields: { courseId } },
        [],
      ),
    [run],
  );
  const scormLoad = useCallback(
    (materialId: number, options: { newAttempt?: boolean; sco?: string } = {}) =>
      run<ScormLaunch>(
        {
          path: JOURNEY_PATH,
          cmdType: "scormload",
          fields: {
            materialId,
            ...(options.newAttempt ? { newAttempt: "1" } : {}),
            ...(options.sco ? { sco: options.sco } : {}),
          },
        },
        // A new attempt changes the course's state (the material no longer reviewed).
        options.newAttempt ? JOURNEY_READS : [],
      ),
    [run],
  );
  const scormCommit = useCallback(
    (
      materialId: number,
      cmi: Record<string, unknown>,
      order: {
        session: number;
        seq: number;
        attempt?: number;
        keepalive?: boolean;
        sco?: string | null;
      },
    ) =>
      run<{ state: JourneyState; summary: CourseSummary }>(
        {
          path: JOURNEY_PATH,
          cmdType: "scormcommit",
          fields: {
            materialId,
            cmi: JSON.stringify(cmi),
            session: order.session,
            seq: order.seq,
            ...(order.attempt !== undefined ? { attempt: order.attempt } : {}),
            ...(order.sco ? { sco: order.sco } : {}),
          },
          // A save as the page goes cannot wait for the status check.
          ...(order.keepalive ? { keepalive: true, checkStatus: false } : {}),
        },
        JOURNEY_READS,
      ),
    [run],
  );
  return { complete, resume, scormLoad, scormCommit };
}
