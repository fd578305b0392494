import { ROLE_IDS, es } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { can, type Caller } from "./caller";
import { ApiError, notFound } from "../lib/errors";
import type { CourseViewer } from "./course-records";
import type { MaterialVisibility } from "../plugins/app/repositories/materials-repository";
import { viewerOf } from "./viewer";
import { journeyOf } from "./journey-state";
import { assertCourseNotDeleting } from "./recycle-bin";

type MaterialRow = NonNullable<
  Awaited<ReturnType<FastifyInstance["repos"]["materials"]["findById"]>>
>;
type CourseRow = NonNullable<Awaited<ReturnType<FastifyInstance["repos"]["courses"]["find"]>>>;

/**
 * Who reads learning content (ARCHITECTURE.md "Data", the seeded permissions): a role with
 * courses or materials view reads the courses in its scope (its school, a teacher's load, a
 * student's class); a parent (reports view) reads through its children's journeys. A disabled
 * role has no rights (toCaller), so it reads nothing.
 */
const readsCourses = (caller: Caller) =>
  can(caller, "courses", "view") || can(caller, "materials", "view");

/** Changing a course's content needs courses or materials modify (and the course in reach). */
const editsContent = (caller: Caller) =>
  can(caller, "courses", "modify") || can(caller, "materials", "modify");

/**
 * Whether the caller may change the course, and so sees its unpublished parts (and a quiz's
 * answers).
 */
export async function editsCourse(app: FastifyInstance, caller: Caller, courseId: number) {
  if (!editsContent(caller)) return false;
  return Boolean(await app.repos.courses.find(courseId, viewerOf(caller), "modify"));
}

/** The viewers of a parent's children (reports view; a child of another school is not reached). */
export async function childViewers(app: FastifyInstance, caller: Caller): Promise<CourseViewer[]> {
  if (!can(caller, "reports", "view")) return [];
  const viewers: CourseViewer[] = [];
  for (const id of await app.repos.users.childrenOf(caller.userId)) {
    const child = await app.repos.users.findById(id, { schoolId: caller.schoolId });
    if (!child || child.roleId !== ROLE_IDS.student) continue;
    viewers.push({
      userId: child.id,
      roleId: child.roleId,
      schoolId: child.schoolId,
      grade: child.grade,
      section: child.section,
    });
  }
  return viewers;
}

/** A learner's step of a material in its journey: undefined when the journey does not hold it. */
async function stepOf(app: FastifyInstance, viewer: CourseViewer, material: MaterialRow) {
  try {
    const journey = await journeyOf(app, viewer, material.courseId);
    return journey.steps.find((st) => st.material.id === material.id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * A course whose record (and image) the caller may see: in its scope and, unless it may change
 * it, published; a parent sees its children's courses. Otherwise a 404.
 */
export async function readableCourse(
  app: FastifyInstance,
  caller: Caller,
  courseId: number,
): Promise<CourseRow> {
  await assertCourseNotDeleting(app, courseId);
  if (readsCourses(caller)) {
    const course = await app.repos.courses.find(courseId, viewerOf(caller));
    if (course && (course.published || (await editsCourse(app, caller, course.id)))) {
      return course;
    }
  }
  for (const viewer of await childViewers(app, caller)) {
    // A student's viewer sees published courses of its class only (courseAccess).
    const course = await app.repos.courses.find(courseId, viewer);
    if (course) return course;
  }
  throw notFound();
}

/**
 * Whether the caller may read a material's content (its files, its SCORM package, its detail):
 * throws a 404 when the material is not the caller's to see, a 403 'Sorry you need to finish
 * previous course element/material.' when a learner has not reached it. Whoever may change the
 * course reads everything in it; anyone else only published materials of published elements of
 * published courses; a student only what its journey has opened; a parent what one of its
 * children's journeys has opened. Every route that hands out content asks this one place.
 */
export async function assertMaterialReadable(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
): Promise<void> {
  await assertCourseNotDeleting(app, material.courseId);
  if (readsCourses(caller)) {
    const viewer = viewerOf(caller);
    const course = await app.repos.courses.find(material.courseId, viewer);
    if (course) {
      if (await editsCourse(app, caller, course.id)) return;
      if (caller.roleId === ROLE_IDS.student) {
        // The journey holds only published materials of published elements of its courses.
        const step = await stepOf(app, viewer, material);
        if (!step) throw notFound();
        if (step.state === "locked") throw new ApiError(403, "errors.finishPrevious");
        return;
      }
      const element = await app.repos.elements.findById(material.elementId);
      if (course.published && element?.published && material.published) return;
      throw notFound();
    }
  }
  // A parent sees what one of its children sees, as far as that child's journey has gone.
  let locked = false;
  for (const viewer of await childViewers(app, caller)) {
    const step = await stepOf(app, viewer, material);
    if (step && step.state !== "locked") return;
    if (step) locked = true;
  }
  if (locked) throw new ApiError(403, "errors.finishPrevious");
  throw notFound();
}

/**
 * Which materials a list or export shows the caller: everything in the courses it may change,
 * elsewhere only published materials of published elements of published courses.
 */
export function listedMaterials(caller: Caller): MaterialVisibility {
  return editsContent(caller) ? { editor: viewerOf(caller) } : "published";
}

/** The message of a refusal, for answers in the class service's own (Moodle) shape. */
export const refusalMessage = (error: ApiError) =>
  error.status === 403 ? es["errors.finishPrevious"] : es["errors.notFound"];
