import type { FastifyInstance } from "fastify";
import type { Caller } from "./caller";
import { ApiError, notFound } from "../lib/errors";
import type { CourseViewer } from "./course-records";
import { assertMaterialReadable, readableCourse } from "./material-access";
import { viewerOf, type Reader } from "./viewer";
import { journeyOf } from "./journey-state";

/**
 * A student's course journey (SPEC.md §4), shared by the main service's journey commands and the
 * class service's Moodle functions: the order and state of materials, and whose journey a caller
 * may read.
 */

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
