import { CONTRACT, type CourseRecord, type ListParams, type MaterialRecord } from "@lms/core";
import { useList, useRead, useRecordQuery } from "../../../lib/data";

const report = CONTRACT.scormreport;
/** The report's export path, for the export buttons. */
export const SCORM_REPORT_PATH = report.export.path;

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
  const course = useRecordQuery<CourseRecord>("/course/", courseId ? { id: courseId } : null);
  const material = useRecordQuery<MaterialRecord>(
    "/material/",
    materialId ? { id: materialId } : null,
  );
  return { course, material };
}
