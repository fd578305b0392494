import { ROLE_IDS } from "@lms/core";
import type { FastifyInstance } from "fastify";
import type { Caller } from "../lib/commands";
import { ApiError, notFound } from "../lib/errors";
import type { CourseViewer } from "../plugins/app/repositories/courses-repository";
import { toCourseRecord } from "../plugins/app/repositories/courses-repository";
import { assertMaterialReadable, readableCourse } from "./material-access";
import { assertCourseNotDeleting } from "./recycle-bin";
import { viewerOf, type Reader } from "./viewer";

/**
 * A student's course journey (SPEC.md §4), shared by the main service's journey commands and the
 * class service's Moodle functions: the order and state of materials, and whose journey a caller
 * may read.
 */

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

/**
 * The journey of a course for a reader; staff reading a student's must see the course too, and
 * one's own journey of an unpublished course is only for those who may change it.
 */
export async function readJourney(
  app: FastifyInstance,
  caller: Caller,
  reader: Reader,
  courseId: number,
) {
  if (reader.staff && !(await app.repos.courses.find(courseId, reader.staff))) throw notFound();
  if (reader.viewer.userId === caller.userId) await readableCourse(app, caller, courseId);
  return journeyOf(app, reader.viewer, courseId);
}

/**
 * The courses of a reader's journey (the main service's mycourses, Moodle's
 * core_enrol_get_users_courses): what the viewer sees, and staff too; a course being deleted is
 * left out (its own commands answer 409).
 */
export async function readerCourses(app: FastifyInstance, reader: Reader) {
  const rows = [];
  for (const course of await app.repos.courses.visible(reader.viewer)) {
    if (reader.staff && !(await app.repos.courses.find(course.id, reader.staff))) continue;
    if (await app.repos.courseDeletions.isCourseBeingDeleted(course.id)) continue;
    rows.push(await journeyOf(app, reader.viewer, course.id));
  }
  return rows;
}

/** The step of a material for a viewer, refused when it is locked (API.md: 'open' refuses it). */
export async function openableStep(app: FastifyInstance, viewer: CourseViewer, materialId: number) {
  const material = await app.repos.materials.findById(materialId);
  if (!material) throw notFound();
  const journey = await journeyOf(app, viewer, material.courseId);
  const step = journey.steps.find((s) => s.material.id === material.id);
  if (!step) throw notFound();
  if (step.state === "locked") throw new ApiError(403, "errors.finishPrevious");
  return step;
}

/**
 * The caller's step of a material, refused like its content (services/material-access.ts): a
 * material of an unpublished course, element or material is a 404 for whoever may not change
 * the course, and a learner's locked one a 403.
 */
export async function readableStep(app: FastifyInstance, caller: Caller, materialId: number) {
  const step = await openableStep(app, viewerOf(caller), materialId);
  await assertMaterialReadable(app, caller, step.material);
  return step;
}
