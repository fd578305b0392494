import { ROLE_IDS, booleanField, jsonField, optionalIntegerField } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { can, command, defineResource, type Caller } from "../../lib/commands";
import { ApiError, forbidden, invalidField, notFound } from "../../lib/errors";
import { emptyObject, idField, MAX_ID, optionalText, textField } from "../../lib/inputs";
import type { CourseViewer } from "../../plugins/app/repositories/courses-repository";
import { toCourseRecord } from "../../plugins/app/repositories/courses-repository";
import { toMaterialRecord } from "../../plugins/app/repositories/materials-repository";
import { viewerOf } from "./course";
import { openQuiz, submitQuiz } from "./journey-quiz";
import { parseCmi, scormCommit, scormLoad, scormPackage } from "./journey-scorm";
import { materialDetail } from "./material";
import { by } from "./shared";
import { assertMaterialReadable, readableCourse } from "../../services/material-access";
import { assertCourseNotDeleting } from "../../services/recycle-bin";

type JourneyState = "locked" | "open" | "inProgress" | "complete";

const courseInput = emptyObject.extend({ courseId: idField() });
const materialInput = emptyObject.extend({ materialId: idField() });
/** `newAttempt`: a quiz answered before starts a new attempt instead of showing its result. */
const openInput = materialInput.extend({ newAttempt: booleanField().optional() });
const completeInput = emptyObject.extend({
  materialId: idField(),
  /** A quiz's answers: { [questionId]: choice ids or text }. */
  answers: jsonField(
    emptyObject.catchall(
      optionalText({ max: 2000 }).or(optionalText({ max: 200 }).array().max(50)),
    ),
  ).optional(),
});

/** Only students' journeys are recorded; staff in student mode see without recording. */
const isLearner = (viewer: CourseViewer) => viewer.roleId === ROLE_IDS.student;

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

type Journey = Awaited<ReturnType<typeof journeyOf>>;

function stepView(step: Journey["steps"][number]) {
  return {
    ...toMaterialRecord(step.material),
    elementName: step.element.name,
    state: step.state,
    startedAt: step.progress?.startedAt?.toISOString() ?? null,
    completedAt: step.progress?.completedAt?.toISOString() ?? null,
  };
}

function summaryOf(journey: Journey) {
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
 * The course summary with completion per element and the quiz and SCORM results (best score,
 * attempts, passed) of the student whose journey it is.
 */
async function detailedSummary(app: FastifyInstance, journey: Journey, viewer: CourseViewer) {
  const scored = journey.steps.filter(
    (s) => s.material.type === "quiz" || s.material.type === "scorm",
  );
  const idsOf = (type: string) =>
    scored.filter((s) => s.material.type === type).map((s) => s.material.id);
  const results = isLearner(viewer)
    ? [
        ...(await app.repos.materials.quizResults(viewer.userId, idsOf("quiz"))),
        ...(await app.repos.materials.scormResults(viewer.userId, idsOf("scorm"))),
      ]
    : [];
  const elements: { id: number; name: string; done: number; total: number }[] = [];
  for (const step of journey.steps) {
    let element = elements.find((e) => e.id === step.element.id);
    if (!element) {
      element = { id: step.element.id, name: step.element.name, done: 0, total: 0 };
      elements.push(element);
    }
    element.total += 1;
    if (step.state === "complete") element.done += 1;
  }
  return {
    ...summaryOf(journey),
    elements,
    quizzes: scored.map((step) => {
      const result = results.find((r) => r.materialId === step.material.id);
      return {
        materialId: step.material.id,
        name: step.material.name,
        type: step.material.type,
        attempts: result?.attempts ?? 0,
        bestScore: result?.bestScore ?? null,
        /** Null for a SCORM material whose package reported neither passed nor failed. */
        passed: result ? result.passed : step.material.type === "quiz" ? false : null,
      };
    }),
  };
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
async function readableStep(app: FastifyInstance, caller: Caller, materialId: number) {
  const step = await openableStep(app, viewerOf(caller), materialId);
  await assertMaterialReadable(app, caller, step.material);
  return step;
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
async function readerOf(
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

type Reader = Awaited<ReturnType<typeof readerOf>>;

/**
 * The journey of a course for a reader; staff reading a student's must see the course too, and
 * one's own journey of an unpublished course is only for those who may change it.
 */
async function readJourney(app: FastifyInstance, caller: Caller, reader: Reader, courseId: number) {
  if (reader.staff && !(await app.repos.courses.find(courseId, reader.staff))) throw notFound();
  if (reader.viewer.userId === caller.userId) await readableCourse(app, caller, courseId);
  return journeyOf(app, reader.viewer, courseId);
}

const readInput = emptyObject.extend({ userId: idField().optional() });
const courseReadInput = courseInput.extend({ userId: idField().optional() });
/** `sco`: the item identifier of one SCO of a package with several (else its first). */
const scormLoadInput = materialInput.extend({ sco: optionalText({ max: 4000 }) });
const scormCommitInput = scormLoadInput.extend({
  cmi: textField({ required: true, max: 1_000_000 }),
  session: optionalIntegerField(1, Number.MAX_SAFE_INTEGER),
  seq: optionalIntegerField(1, MAX_ID),
});

export const journeyResource = defineResource("journey", {
  mycourses: command({
    access: "signedIn",
    input: readInput,
    async handler({ app, caller, input }) {
      const reader = await readerOf(app, caller, input.userId);
      const courses = await app.repos.courses.visible(reader.viewer);
      const rows = [];
      for (const course of courses) {
        if (reader.staff && !(await app.repos.courses.find(course.id, reader.staff))) continue;
        // A course that a job is deleting is left out of the list (its own commands answer 409).
        if (await app.repos.recycleBin.isCourseBeingDeleted(course.id)) continue;
        rows.push(summaryOf(await journeyOf(app, reader.viewer, course.id)));
      }
      return { data: rows };
    },
  }),

  /** A parent's children (empty for everyone else). */
  children: command({
    access: "signedIn",
    async handler({ app, caller }) {
      const rows = [];
      for (const id of await app.repos.users.childrenOf(caller.userId)) {
        const child = await app.repos.users.findById(id);
        if (!child) continue;
        const school = child.schoolId ? await app.repos.schools.findById(child.schoolId) : null;
        rows.push({
          userId: child.id,
          firstName: child.firstName,
          lastName: child.lastName,
          grade: child.grade,
          section: child.section,
          schoolName: school?.schoolName ?? "",
        });
      }
      return { data: rows };
    },
  }),

  path: command({
    access: "signedIn",
    input: courseReadInput,
    async handler({ app, caller, input }) {
      const reader = await readerOf(app, caller, input.userId);
      const journey = await readJourney(app, caller, reader, input.courseId);
      const elements: {
        id: number;
        name: string;
        type: string;
        position: number;
        materials: unknown[];
      }[] = [];
      for (const step of journey.steps) {
        let element = elements.find((e) => e.id === step.element.id);
        if (!element) {
          element = {
            id: step.element.id,
            name: step.element.name,
            type: step.element.type,
            position: step.element.position,
            materials: [],
          };
          elements.push(element);
        }
        element.materials.push(stepView(step));
      }
      return { data: { ...summaryOf(journey), elements } };
    },
  }),

  open: command({
    access: { module: "courses", right: "view" },
    input: openInput,
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const learner = isLearner(viewer);
      if (learner) await app.repos.materials.recordOpen(caller.userId, step.material, by(caller));
      const detail = await materialDetail(app, caller, step.material, { answers: false });
      return {
        data: {
          ...detail,
          ...(step.material.type === "quiz"
            ? await openQuiz(app, caller, step.material, learner, input.newAttempt ?? false)
            : {}),
          state: step.state === "open" && learner ? "inProgress" : step.state,
        },
      };
    },
  }),

  complete: command({
    access: { module: "courses", right: "view" },
    input: completeInput,
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const learner = isLearner(viewer);
      let result = {};
      if (step.material.type === "quiz") {
        const answers = (input.answers ?? {}) as Record<string, unknown>;
        result = await submitQuiz(app, caller, step.material, learner, answers);
      } else if (step.material.type === "scorm") {
        // A SCORM package completes through its runtime's report (scormcommit), not by a click.
        throw invalidField("materialId", "validation.invalidValue");
      } else if (learner) {
        await app.repos.transaction((tx) =>
          app.repos.materials.recordComplete(tx, caller.userId, step.material, by(caller)),
        );
      }
      const journey = await journeyOf(app, viewer, step.material.courseId);
      return { data: { ...result, summary: summaryOf(journey) } };
    },
  }),

  /** What a SCORM runtime starts with (gated like `open`; a student's opening is recorded). */
  scormload: command({
    access: { module: "courses", right: "view" },
    input: scormLoadInput,
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const learner = isLearner(viewer);
      const data = await scormLoad(app, caller, step.material, learner, input.sco || undefined);
      if (learner) await app.repos.materials.recordOpen(caller.userId, step.material, by(caller));
      return { data };
    },
  }),

  /** Stores what a SCORM runtime reports (students only) and completes the material when done. */
  scormcommit: command({
    access: { module: "courses", right: "view" },
    input: scormCommitInput,
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const cmi = parseCmi(input.cmi);
      if ((input.session === undefined) !== (input.seq === undefined))
        throw invalidField(input.session === undefined ? "session" : "seq", "validation.required");
      const order =
        input.session !== undefined && input.seq !== undefined
          ? { session: input.session, seq: input.seq }
          : undefined;
      const sco = input.sco || undefined;
      if (isLearner(viewer)) await scormCommit(app, caller, step.material, cmi, order, sco);
      else await scormPackage(app, caller, step.material);
      const journey = await journeyOf(app, viewer, step.material.courseId);
      const state = journey.steps.find((s) => s.material.id === step.material.id)?.state;
      return { data: { state, summary: summaryOf(journey) } };
    },
  }),

  next: command({
    access: { module: "courses", right: "view" },
    input: courseInput,
    async handler({ app, caller, input }) {
      await readableCourse(app, caller, input.courseId);
      const journey = await journeyOf(app, viewerOf(caller), input.courseId);
      const next = journey.steps.find((s) => s.state === "open" || s.state === "inProgress");
      return {
        ...(next ? {} : { message: "journey.courseComplete" as const }),
        data: { material: next ? stepView(next) : null, summary: summaryOf(journey) },
      };
    },
  }),

  resume: command({
    access: { module: "courses", right: "view" },
    input: courseInput,
    async handler({ app, caller, input }) {
      await readableCourse(app, caller, input.courseId);
      const journey = await journeyOf(app, viewerOf(caller), input.courseId);
      const started = journey.steps
        .filter((s) => s.state === "inProgress")
        .sort((a, b) => b.progress!.lastOpenedAt.getTime() - a.progress!.lastOpenedAt.getTime());
      const target = started[0] ?? journey.steps.find((s) => s.state === "open");
      return { data: { material: target ? stepView(target) : null, summary: summaryOf(journey) } };
    },
  }),

  /**
   * A course summary: one's own, a parent's child's (reports view), or a student in the caller's
   * scope for staff.
   */
  summary: command({
    access: "signedIn",
    input: courseReadInput,
    async handler({ app, caller, input }) {
      const reader = await readerOf(app, caller, input.userId);
      const journey = await readJourney(app, caller, reader, input.courseId);
      return { data: await detailedSummary(app, journey, reader.viewer) };
    },
  }),
});
