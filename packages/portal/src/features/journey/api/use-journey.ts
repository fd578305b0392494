import { COMMANDS } from "@lms/core";
import { useCallback } from "react";
import { useRead, useRun } from "../../../lib/data";

const journey = COMMANDS.journey;

const withUser = <T extends object>(input: T, userId?: number | null) =>
  userId ? { ...input, userId } : input;

/** The student's (or, with userId, a child's or a student's) courses with their progress. */
export function useMyCourses(userId?: number | null, enabled = true) {
  return useRead(journey.mycourses, enabled ? withUser({}, userId) : null);
}

/** The course path: elements in order with their materials and states. */
export function useJourneyPath(courseId: number | null, userId?: number | null) {
  return useRead(journey.path, courseId ? withUser({ courseId }, userId) : null);
}

/** The course summary of the student (or, with userId, a child or a student). */
export function useCourseSummary(courseId: number, userId?: number | null) {
  return useRead(journey.summary, withUser({ courseId }, userId));
}

/** A parent's children (empty for everyone else). */
export function useChildren(enabled: boolean) {
  return useRead(journey.children, enabled ? undefined : null);
}

export function useJourneyCommands() {
  const run = useRun();
  const resume = useCallback(
    (courseId: number) => run(journey.resume, { courseId }, { invalidates: [] }),
    [run],
  );
  return { resume };
}
