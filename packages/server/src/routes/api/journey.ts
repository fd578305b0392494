import { ROLE_IDS, jsonField } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { can, command, defineResource, type Caller } from "../../lib/commands";
import { ApiError, forbidden, notFound } from "../../lib/errors";
import { emptyObject, idField, optionalText } from "../../lib/inputs";
import type { CourseViewer } from "../../plugins/app/repositories/courses-repository";
import { toCourseRecord } from "../../plugins/app/repositories/courses-repository";
import { toMaterialRecord } from "../../plugins/app/repositories/materials-repository";
import { viewerOf } from "./course";
import { materialDetail } from "./material";
import { by } from "./shared";

type JourneyState = "locked" | "open" | "inProgress" | "complete";

const courseInput = emptyObject.extend({ courseId: idField() });
const materialInput = emptyObject.extend({ materialId: idField() });
const completeInput = emptyObject.extend({
  materialId: idField(),
  /** A quiz's answers: { [questionId]: choice ids or text }. */
  answers: jsonField(
    emptyObject.catchall(
      optionalText({ max: 2000 }).or(optionalText({ max: 200 }).array().max(50)),
    ),
  ).optional(),
});
const summaryInput = emptyObject.extend({
  courseId: idField(),
  userId: idField().optional(),
});

/** Only students' journeys are recorded; staff in student mode see without recording. */
const isLearner = (viewer: CourseViewer) => viewer.roleId === ROLE_IDS.student;

/**
 * The course's published materials in order with each one's state: a material opens only when
 * every earlier published one in the course is complete (SPEC.md §4).
 */
async function journeyOf(app: FastifyInstance, viewer: CourseViewer, courseId: number) {
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

function stepView(step: Awaited<ReturnType<typeof journeyOf>>["steps"][number]) {
  return {
    ...toMaterialRecord(step.material),
    elementName: step.element.name,
    state: step.state,
    startedAt: step.progress?.startedAt?.toISOString() ?? null,
    completedAt: step.progress?.completedAt?.toISOString() ?? null,
  };
}

function summaryOf(journey: Awaited<ReturnType<typeof journeyOf>>) {
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

/** The step of a material, refused when it is locked (API.md: 'open' refuses a locked one). */
async function openableStep(app: FastifyInstance, caller: Caller, materialId: number) {
  const material = await app.repos.materials.findById(materialId);
  if (!material) throw notFound();
  const journey = await journeyOf(app, viewerOf(caller), material.courseId);
  const step = journey.steps.find((s) => s.material.id === material.id);
  if (!step) throw notFound();
  if (step.state === "locked") throw new ApiError(403, "errors.finishPrevious");
  return step;
}

/** Grades a quiz attempt: the percentage of points earned. */
function gradeQuiz(
  questions: Awaited<ReturnType<FastifyInstance["repos"]["materials"]["quiz"]>>["questions"],
  answers: Record<string, unknown>,
): number {
  const totalPoints = questions.reduce((sum, q) => sum + q.points, 0);
  if (totalPoints === 0) return 100;
  let earned = 0;
  for (const q of questions) {
    const given = answers[String(q.id)];
    const list = (Array.isArray(given) ? given : given === undefined ? [] : [given]).map((v) =>
      String(v).trim().toLowerCase(),
    );
    let right = false;
    if (q.type === "single" || q.type === "multiple") {
      const correct = q.choices
        .filter((c) => c.correct)
        .map((c) => String(c.id).toLowerCase())
        .sort();
      right =
        correct.length > 0 && JSON.stringify([...new Set(list)].sort()) === JSON.stringify(correct);
    } else {
      right = list.length === 1 && q.answers.some((a) => a.trim().toLowerCase() === list[0]);
    }
    if (right) earned += q.points;
  }
  return Math.round((earned / totalPoints) * 100);
}

export const journeyResource = defineResource("journey", {
  mycourses: command({
    access: { module: "courses", right: "view" },
    async handler({ app, caller }) {
      const viewer = viewerOf(caller);
      const courses = await app.repos.courses.visible(viewer);
      const rows = [];
      for (const course of courses) {
        const journey = await journeyOf(app, viewer, course.id);
        rows.push(summaryOf(journey));
      }
      return { data: rows };
    },
  }),

  path: command({
    access: { module: "courses", right: "view" },
    input: courseInput,
    async handler({ app, caller, input }) {
      const journey = await journeyOf(app, viewerOf(caller), input.courseId);
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
    input: materialInput,
    async handler({ app, caller, input }) {
      const step = await openableStep(app, caller, input.materialId);
      if (isLearner(viewerOf(caller))) {
        await app.repos.materials.recordOpen(caller.userId, step.material, by(caller));
      }
      const detail = await materialDetail(app, step.material, { answers: false });
      return {
        data: {
          ...detail,
          state: step.state === "open" && isLearner(viewerOf(caller)) ? "inProgress" : step.state,
        },
      };
    },
  }),

  complete: command({
    access: { module: "courses", right: "view" },
    input: completeInput,
    async handler({ app, caller, input }) {
      const step = await openableStep(app, caller, input.materialId);
      const learner = isLearner(viewerOf(caller));
      let result: { score: number; passed: boolean } | null = null;
      if (step.material.type === "quiz") {
        const quiz = await app.repos.materials.quiz(step.material.id);
        const allowed = quiz.settings?.attemptsAllowed ?? 0;
        if (learner && allowed > 0 && step.state !== "complete") {
          const used = await app.repos.materials.attemptsOf(step.material.id, caller.userId);
          if (used >= allowed) throw new ApiError(409, "quiz.noAttemptsLeft");
        }
        const score = gradeQuiz(quiz.questions, (input.answers ?? {}) as Record<string, unknown>);
        result = { score, passed: score >= (quiz.settings?.passingGrade ?? 75) };
        if (learner) {
          await app.repos.transaction(async (tx) => {
            await app.repos.materials.addAttempt(
              tx,
              {
                materialId: step.material.id,
                userId: caller.userId,
                ...result!,
                answers: input.answers ?? {},
              },
              by(caller),
            );
            if (result!.passed)
              await app.repos.materials.recordComplete(
                tx,
                caller.userId,
                step.material,
                by(caller),
              );
          });
        }
      } else if (learner) {
        await app.repos.transaction((tx) =>
          app.repos.materials.recordComplete(tx, caller.userId, step.material, by(caller)),
        );
      }
      const journey = await journeyOf(app, viewerOf(caller), step.material.courseId);
      return { data: { ...(result ?? {}), summary: summaryOf(journey) } };
    },
  }),

  next: command({
    access: { module: "courses", right: "view" },
    input: courseInput,
    async handler({ app, caller, input }) {
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
   * scope for staff with users view.
   */
  summary: command({
    access: "signedIn",
    input: summaryInput,
    async handler({ app, caller, input }) {
      let viewer = viewerOf(caller);
      if (input.userId !== undefined && input.userId !== caller.userId) {
        const child = await app.repos.users.findById(input.userId, { schoolId: caller.schoolId });
        if (!child) throw notFound();
        const parentOf = (await app.repos.users.childrenOf(caller.userId)).includes(child.id);
        const allowed = parentOf ? can(caller, "reports", "view") : can(caller, "users", "view");
        if (!allowed) throw forbidden();
        viewer = {
          userId: child.id,
          roleId: child.roleId,
          schoolId: child.schoolId,
          grade: child.grade,
          section: child.section,
        };
      } else if (!can(caller, "courses", "view")) {
        throw forbidden();
      }
      return { data: summaryOf(await journeyOf(app, viewer, input.courseId)) };
    },
  }),
});
