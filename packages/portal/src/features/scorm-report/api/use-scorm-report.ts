import type { CourseRecord, ListParams, MaterialRecord } from "@lms/core";
import { useListQuery, useRecordQuery } from "../../../lib/data";

export const SCORM_REPORT_PATH = "/scormreport/";

/** A student's attempt at a SCORM material, or the student once without any (`attempt` null). */
export interface ScormAttemptRow {
  id: string;
  userId: number;
  firstName: string;
  lastName: string;
  userName: string;
  grade: number | null;
  section: string;
  attempt: number | null;
  completionStatus: string;
  successStatus: string;
  score: number | null;
  timeSpentSeconds: number;
  lastAccess: string | null;
  interactions: number;
}

export interface ScormInteraction {
  index: number;
  id: string;
  type: string;
  description: string;
  learnerResponse: string;
  correctResponses: string[];
  result: string;
  latencySeconds: number | null;
  timestamp: string;
  weighting: string;
  objectives: string[];
}

export interface ScormObjective {
  index: number;
  id: string;
  description: string;
  successStatus: string;
  completionStatus: string;
  score: number | null;
  scoreRaw: string;
  scoreMin: string;
  scoreMax: string;
}

/** One attempt whole (`get`). */
export interface ScormAttemptDetail {
  userId: number;
  firstName: string;
  lastName: string;
  userName: string;
  attempt: number;
  totalSeconds: number;
  lastAccess: string;
  completionStatus: string;
  successStatus: string;
  score: number | null;
  interactions: ScormInteraction[];
  objectives: ScormObjective[];
}

/** The report's list parameters: the material is a required field. */
export function reportParams(params: ListParams, materialId: number): ListParams {
  return { ...params, extra: { ...params.extra, materialId } };
}

export function useScormAttempts(params: ListParams, enabled = true) {
  return useListQuery<ScormAttemptRow>(SCORM_REPORT_PATH, params, enabled);
}

export function useScormAttempt(
  materialId: number | null,
  userId: number | null,
  attempt: number | null,
) {
  return useRecordQuery<ScormAttemptDetail>(
    SCORM_REPORT_PATH,
    materialId && userId && attempt ? { materialId, userId, attempt } : null,
  );
}

/** The course and material a report is of, for its heading. */
export function useReportSubject(courseId: number | null, materialId: number | null) {
  const course = useRecordQuery<CourseRecord>("/course/", courseId ? { id: courseId } : null);
  const material = useRecordQuery<MaterialRecord>(
    "/material/",
    materialId ? { id: materialId } : null,
  );
  return { course, material };
}
