import { ROLE_IDS } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { can, type Caller } from "../lib/commands";
import { forbidden, notFound } from "../lib/errors";
import type { CourseViewer } from "../plugins/app/repositories/courses-repository";
import { toCourseRecord } from "../plugins/app/repositories/courses-repository";
import { viewerOf } from "../routes/api/course";
import { readableCourse } from "./material-access";
import { assertCourseNotDeleting } from "./recycle-bin";

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
    ? await app.repos.materials.progressOf(viewer.userId, course.id)
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

type UserRow = NonNullable<Awaited<ReturnType<FastifyInstance["repos"]["users"]["findById"]>>>;

const studentViewer = (user: UserRow): CourseViewer => ({
  userId: user.id,
  roleId: user.roleId,
  schoolId: user.schoolId,
  grade: user.grade,
  section: user.section,
});

/**
 * Whose journey a read shows: the caller's own (courses view), one of a parent's children
 * (reports view), or a student in a staff member's scope (its school; a teacher's load). Another
 * user outside that reach is a 404; `staff` is the caller when it must also see the course.
 */
export async function readerOf(
  app: FastifyInstance,
  caller: Caller,
  userId: number | undefined,
): Promise<{ viewer: CourseViewer; staff: CourseViewer | null }> {
  if (userId === undefined || userId === caller.userId) {
    if (!can(caller, "courses", "view")) throw forbidden();
    return { viewer: viewerOf(caller), staff: null };
  }
  const user = await app.repos.users.findById(userId, { schoolId: caller.schoolId });
  if (!user || user.roleId !== ROLE_IDS.student) throw notFound();
  if ((await app.repos.users.childrenOf(caller.userId)).includes(user.id)) {
    if (!can(caller, "reports", "view")) throw forbidden();
    return { viewer: studentViewer(user), staff: null };
  }
  if (caller.roleId === ROLE_IDS.student || caller.roleId === ROLE_IDS.parent) throw forbidden();
  if (!can(caller, "courses", "view")) throw forbidden();
  if (caller.roleId === ROLE_IDS.teacher) {
    const loads = await app.repos.users.loadsOf(caller.userId);
    const taught = loads.some(
      (l) => l.grade === user.grade && l.section.toLowerCase() === user.section.toLowerCase(),
    );
    if (!taught) throw notFound();
  }
  return { viewer: studentViewer(user), staff: viewerOf(caller) };
}

export type Reader = Awaited<ReturnType<typeof readerOf>>;

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
    if (await app.repos.recycleBin.isCourseBeingDeleted(course.id)) continue;
    rows.push(await journeyOf(app, reader.viewer, course.id));
  }
  return rows;
}
