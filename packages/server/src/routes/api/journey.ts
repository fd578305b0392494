import {
  CONTRACT,
  type CourseSummaryDetail,
  type JourneyElement,
  type JourneyMaterial,
} from "@lms/core";
import type { FastifyInstance } from "fastify";
import { defineResource, implement } from "../../dispatch/commands";
import { invalidField } from "../../lib/errors";
import type { CourseViewer } from "../../services/course-records";
import { toMaterialRecord } from "../../services/material-records";
import { openQuiz, submitQuiz } from "../../services/journey-quiz";
import { parseCmi, scormCommit, scormLoad, scormPackage } from "../../services/journey-scorm";
import { materialDetail } from "../../services/materials";
import { by } from "../../services/caller";
import { readableStep, readerCourses, readJourney } from "../../services/journey";
import { isLearner, journeyOf, summaryOf, type Journey } from "../../services/journey-state";
import { readableCourse } from "../../services/material-access";
import { viewerOf } from "../../services/viewer";

function stepView(step: Journey["steps"][number]): JourneyMaterial {
  return {
    ...toMaterialRecord(step.material),
    elementName: step.element.name,
    state: step.state,
    startedAt: step.progress?.startedAt?.toISOString() ?? null,
    completedAt: step.progress?.completedAt?.toISOString() ?? null,
  };
}

/**
 * The course summary with completion per element and the quiz and SCORM results (best score,
 * attempts, passed) of the student whose journey it is.
 */
async function detailedSummary(
  app: FastifyInstance,
  journey: Journey,
  viewer: CourseViewer,
): Promise<CourseSummaryDetail> {
  const scored = journey.steps.filter(
    (s) => s.material.type === "quiz" || s.material.type === "scorm",
  );
  const idsOf = (type: string) =>
    scored.filter((s) => s.material.type === type).map((s) => s.material.id);
  const results = isLearner(viewer)
    ? [
        ...(await app.repos.quizzes.quizResults(viewer.userId, idsOf("quiz"))),
        ...(await app.repos.scormAttempts.scormResults(viewer.userId, idsOf("scorm"))),
      ]
    : [];
  const statuses = isLearner(viewer)
    ? await app.repos.scormReport.latestStatuses(viewer.userId, idsOf("scorm"))
    : new Map<number, string>();
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
        type: step.material.type === "quiz" ? "quiz" : "scorm",
        attempts: result?.attempts ?? 0,
        bestScore: result?.bestScore ?? null,
        /** Null for a SCORM material whose package reported neither passed nor failed. */
        passed: result ? result.passed : step.material.type === "quiz" ? false : null,
        /** SCORM: the latest attempt's status (completed, incomplete, passed...), else null. */
        ...(step.material.type === "scorm"
          ? { status: statuses.get(step.material.id) ?? null }
          : {}),
      };
    }),
  };
}

const journey = CONTRACT.journey;

export const journeyResource = defineResource("journey", {
  mycourses: implement(journey.mycourses, {
    reader: { user: "userId" },
    async handler({ app, reader }) {
      const rows = (await readerCourses(app, reader!)).map(summaryOf);
      return { data: rows };
    },
  }),

  /** A parent's children (empty for everyone else). */
  children: implement(journey.children, {
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

  path: implement(journey.path, {
    reader: { user: "userId" },
    async handler({ app, caller, input, reader }) {
      const journey = await readJourney(app, caller, reader!, input.courseId);
      const elements: JourneyElement[] = [];
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

  open: implement(journey.open, {
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const learner = isLearner(viewer);
      if (learner) await app.repos.progress.recordOpen(caller.userId, step.material, by(caller));
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

  complete: implement(journey.complete, {
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
          app.repos.progress.recordComplete(tx, caller.userId, step.material, by(caller)),
        );
      }
      const journey = await journeyOf(app, viewer, step.material.courseId);
      return { data: { ...result, summary: summaryOf(journey) } };
    },
  }),

  /** What a SCORM runtime starts with (gated like `open`; a student's opening is recorded). */
  scormload: implement(journey.scormload, {
    async handler({ app, caller, input }) {
      const viewer = viewerOf(caller);
      const step = await readableStep(app, caller, input.materialId);
      const learner = isLearner(viewer);
      const data = await scormLoad(app, caller, step.material, learner, {
        newAttempt: input.newAttempt ?? false,
        sco: input.sco || undefined,
      });
      if (learner) await app.repos.progress.recordOpen(caller.userId, step.material, by(caller));
      return { data };
    },
  }),

  /** Stores what a SCORM runtime reports (students only) and completes the material when done. */
  scormcommit: implement(journey.scormcommit, {
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
      if (isLearner(viewer))
        await scormCommit(app, caller, step.material, cmi, order, {
          attempt: input.attempt,
          sco: input.sco || undefined,
        });
      else await scormPackage(app, caller, step.material);
      const journey = await journeyOf(app, viewer, step.material.courseId);
      const state = journey.steps.find((s) => s.material.id === step.material.id)?.state;
      return { data: { state, summary: summaryOf(journey) } };
    },
  }),

  next: implement(journey.next, {
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

  resume: implement(journey.resume, {
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
  summary: implement(journey.summary, {
    reader: { user: "userId" },
    async handler({ app, caller, input, reader }) {
      const journey = await readJourney(app, caller, reader!, input.courseId);
      return { data: await detailedSummary(app, journey, reader!.viewer) };
    },
  }),
});
