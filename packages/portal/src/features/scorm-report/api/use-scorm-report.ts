import { COMMANDS, type ListParams } from "@lms/core";
import { useList, useRead } from "../../../lib/data";

const report = COMMANDS.scormreport;

/** The report's list parameters: the material is a required field. */
export function reportParams(params: ListParams, materialId: number): ListParams {
  return { ...params, extra: { ...params.extra, materialId } };
}

export function useScormAttempts(params: ListParams, enabled = true) {
  return useList(report.list, params, enabled);
}

export function useScormAttempt(
  materialId: number | null,
  userId: number | null,
  attempt: number | null,
) {
  return useRead(
    report.get,
    materialId && userId && attempt ? { materialId, userId, attempt } : null,
  );
}

/** The course and material a report is of, for its heading. */
export function useReportSubject(courseId: number | null, materialId: number | null) {
  const course = useRead(COMMANDS.course.get, courseId ? { id: courseId } : null);
  const material = useRead(COMMANDS.material.get, materialId ? { id: materialId } : null);
  return { course, material };
}
