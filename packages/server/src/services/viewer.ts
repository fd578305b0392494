import { ROLE_IDS } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { can, type Caller } from "./caller";
import { forbidden, notFound } from "../lib/errors";
import type { CourseViewer } from "./course-records";
import { assertCourseNotDeleting } from "./recycle-bin";

/** Who sees courses: the caller's role, school, grade and section (the repositories' scope). */
export const viewerOf = (caller: Caller): CourseViewer => ({
  userId: caller.userId,
  roleId: caller.roleId,
  schoolId: caller.schoolId,
  grade: caller.grade,
  section: caller.section,
});

/**
 * A course the caller may change: another school's course (or one it cannot see) is a 404,
 * one it sees but may not change (a global course, for a school admin) a 403.
 */
export async function modifiableCourse(app: FastifyInstance, caller: Caller, id: number) {
  await assertCourseNotDeleting(app, id);
  const viewer = viewerOf(caller);
  const course = await app.repos.courses.find(id, viewer, "view");
  if (!course) throw notFound();
  if (!(await app.repos.courses.find(id, viewer, "modify"))) throw forbidden();
  return course;
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
