import { ROLE_IDS } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { notFound } from "../lib/errors";
import { toCourseRecord, type CourseViewer } from "./course-records";
import { assertCourseNotDeleting } from "./recycle-bin";

/** A student's course journey (SPEC.md §4): the order and state of a course's materials. */

export type JourneyState = "locked" | "open" | "inProgress" | "complete";

/** Only students' journeys are recorded; staff in student mode see without recording. */
export const isLearner = (viewer: CourseViewer) => viewer.roleId === ROLE_IDS.student;

/**
 * The course's published materials in order with each one's state: a material opens only when
 * every earlier published one in the course is complete (SPEC.md §4).
 */
export async function journeyOf(app: FastifyInstance, viewer: CourseViewer, courseId: number) {
  await assertCourseNotDeleting(app, courseId);
  const course = await app.repos.courses.find(courseId, viewer);
  if (!course) throw notFound();
  const items = await app.repos.materials.inCourseOrder(course.id, true);
  const progress = isLearner(viewer)
    ? await app.repos.progress.progressOf(viewer.userId, course.id)
    : [];
  const byMaterial = new Map(progress.map((p) => [p.materialId, p]));
  let allBeforeComplete = true;
  const steps = items.map(({ material, element }) => {
    const row = byMaterial.get(material.id);
    const complete = Boolean(row?.completedAt);
    const state: JourneyState = !isLearner(viewer)
      ? "open"
      : complete
        ? "complete"
        : !allBeforeComplete
          ? "locked"
          : row
            ? "inProgress"
            : "open";
    if (!complete) allBeforeComplete = false;
    return { material, element, state, progress: row };
  });
  return { course, steps };
}

export type Journey = Awaited<ReturnType<typeof journeyOf>>;

export function summaryOf(journey: Journey) {
  const total = journey.steps.length;
  const done = journey.steps.filter((s) => s.state === "complete").length;
  const seconds = journey.steps.reduce((sum, s) => {
    if (!s.progress) return sum;
    const end = s.progress.completedAt ?? s.progress.lastOpenedAt;
    return sum + Math.max(0, (end.getTime() - s.progress.startedAt.getTime()) / 1000);
  }, 0);
  return {
    course: toCourseRecord(journey.course),
    total,
    done,
    percent: total === 0 ? 0 : Math.round((done / total) * 100),
    complete: total > 0 && done === total,
    timeSpentSeconds: Math.round(seconds),
  };
}
