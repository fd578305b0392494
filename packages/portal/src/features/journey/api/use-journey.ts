import { useCallback } from "react";
import { JOURNEY_PATH } from "../../../lib/api-paths";
import { useCommand, useRecordQuery } from "../../../lib/data";
import type {
  CourseSummary,
  JourneyMaterial,
  JourneyPath,
  CourseSummaryDetail,
  Child,
} from "../../../lib/journey-types";

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

export function useJourneyCommands() {
  const run = useCommand();
  const resume = useCallback(
    (courseId: number) =>
      run<{ material: JourneyMaterial | null; summary: CourseSummary }>(
        { path: JOURNEY_PATH, cmdType: "resume", fields: { courseId } },
        [],
      ),
    [run],
  );
  return { resume };
}
