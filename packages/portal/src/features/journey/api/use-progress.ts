import type { ListParams } from "@lms/core";
import { useCallback } from "react";
import { MATERIAL_PATH } from "../../../hooks/use-material-commands";
import { useCommand, useListQuery } from "../../../lib/data";

export const PROGRESS_PATH = "/progress/";

/** One student's progress in a course (`/api/progress/ list`). */
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

export interface ScormResult {
  materialId: number;
  name: string;
  status: string | null;
  /** The score that counts, by the material's grading. */
  score: number | null;
  /** Attempts with data the package reported. */
  attempts?: number;
  complete?: boolean;
  /** Opened, while the package never reported any data. */
  noData?: boolean;
}

/** The list parameters of a course's progress: the course is the required courseId filter. */
export function progressParams(params: ListParams, courseId: number): ListParams {
  return {
    ...params,
    filters: [...(params.filters ?? []), { key: "courseId", values: [String(courseId)] }],
  };
}

export function useCourseProgress(params: ListParams) {
  return useListQuery<ProgressRow>(PROGRESS_PATH, params);
}

/** A teacher's actions on a student's SCORM attempts (`material` scormreset, scormcomplete). */
export function useScormAttemptCommands() {
  const run = useCommand();
  const act = useCallback(
    (cmdType: "scormreset" | "scormcomplete", materialId: number, userId: number) =>
      run({ path: MATERIAL_PATH, cmdType, fields: { id: materialId, userId } }, [PROGRESS_PATH]),
    [run],
  );
  return {
    reset: (materialId: number, userId: number) => act("scormreset", materialId, userId),
    markComplete: (materialId: number, userId: number) => act("scormcomplete", materialId, userId),
  };
}
