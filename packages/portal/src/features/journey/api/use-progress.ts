import type { ListParams } from "@lms/core";
import { useListQuery } from "../../../lib/data";

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
  /** Each SCORM material of the course: its latest attempt's status and best score. */
  scorm: ScormResult[];
}

export interface ScormResult {
  materialId: number;
  name: string;
  status: string | null;
  score: number | null;
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
