import { CONTRACT, ROLE_IDS, type ScormAttemptDetail } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { defineResource, implement } from "../../dispatch/commands";
import type { Caller } from "../../services/caller";
import { notFound } from "../../lib/errors";
import { listAnswer } from "../../lib/list";
import {
  attemptScore,
  attemptStatus,
  decodeInteractions,
  decodeObjectives,
  type StoredAttempt,
} from "../../lib/scorm-report";
import type { ProgressScope } from "../../services/progress-scope";
import { exportColumns, sendCsv } from "../../lib/command-io";

const ATTEMPT_FIELDS = [
  "lastName",
  "firstName",
  "userName",
  "grade",
  "section",
  "attempt",
  "completionStatus",
  "successStatus",
  "score",
  "timeSpentSeconds",
  "lastAccess",
  "interactions",
] as const;

const STUDENT_FIELDS = ["lastName", "firstName", "userName", "attempt"] as const;

const INTERACTION_FIELDS = [
  ...STUDENT_FIELDS,
  "index",
  "id",
  "type",
  "description",
  "learnerResponse",
  "correctResponses",
  "result",
  "latencySeconds",
  "timestamp",
  "weighting",
  "objectives",
] as const;

const OBJECTIVE_FIELDS = [
  ...STUDENT_FIELDS,
  "index",
  "id",
  "description",
  "successStatus",
  "completionStatus",
  "score",
  "scoreRaw",
  "scoreMin",
  "scoreMax",
] as const;

/**
 * The SCORM material a report is of, and whose attempts the caller reads: a material of a course
 * it sees (a teacher's load, a school admin's school, anything for a global admin), else 404;
 * a teacher reads the students of its own sections only.
 */
async function reportSource(app: FastifyInstance, caller: Caller, materialId: number) {
  const material = await app.repos.materials.findById(materialId);
  if (!material || material.type !== "scorm") throw notFound();
  const course = await app.repos.courses.find(material.courseId, {
    userId: caller.userId,
    roleId: caller.roleId,
    schoolId: caller.schoolId,
    grade: caller.grade,
    section: caller.section,
  });
  if (!course) throw notFound();
  const scope: ProgressScope = {
    schoolId: caller.schoolId,
    teacherId: caller.roleId === ROLE_IDS.teacher ? caller.userId : null,
  };
  return { material, course, scope };
}

/** Students and parents never read a class's records (they have their own summary). */
const staffOnly = (caller: Caller) =>
  caller.roleId !== ROLE_IDS.student && caller.roleId !== ROLE_IDS.parent;

const studentCells = (a: StoredAttempt) => ({
  lastName: a.lastName,
  firstName: a.firstName,
  userName: a.userName,
  attempt: a.attempt,
});

async function* interactionRows(attempts: AsyncIterable<StoredAttempt[]>) {
  for await (const batch of attempts) {
    yield batch.flatMap((a) =>
      decodeInteractions(a.cmi).map((row) => ({
        ...studentCells(a),
        ...row,
        correctResponses: row.correctResponses.join(" | "),
        objectives: row.objectives.join(" | "),
      })),
    );
  }
}

async function* objectiveRows(attempts: AsyncIterable<StoredAttempt[]>) {
  for await (const batch of attempts) {
    yield batch.flatMap((a) =>
      decodeObjectives(a.cmi).map((row) => ({ ...studentCells(a), ...row })),
    );
  }
}

/**
 * A SCORM material's report for those who follow its course (issue 15, "Reporting"): students ×
 * attempts, each attempt's interactions and objectives, and their CSV exports.
 */
const report = CONTRACT.scormreport;

export const scormReportResource = defineResource("scormreport", {
  /** Students × attempts: status, score, time spent, last access (list protocol). */
  list: implement(report.list, {
    allow: staffOnly,
    async handler({ app, caller, input }) {
      const { course, material, scope } = await reportSource(app, caller, input.materialId);
      const { rows, total } = await app.repos.scormReport.list(course, material.id, scope, input);
      return { data: listAnswer(input, rows, total) };
    },
  }),

  /** One attempt whole: its status, score, time, interactions and objectives. */
  get: implement(report.get, {
    allow: staffOnly,
    async handler({ app, caller, input }) {
      const { course, material, scope } = await reportSource(app, caller, input.materialId);
      const found = await app.repos.scormReport.attempt(course, material.id, scope, input);
      if (!found) throw notFound();
      const { cmi, ...rest } = found;
      const data: ScormAttemptDetail = {
        ...rest,
        materialId: material.id,
        ...attemptStatus(cmi),
        score: attemptScore(cmi),
        interactions: decodeInteractions(cmi),
        objectives: decodeObjectives(cmi),
      };
      return { data };
    },
  }),

  /** CSV of the attempts, or of their interactions or objectives (every matching row). */
  export: implement(report.export, {
    allow: staffOnly,
    async handler({ app, caller, input, reply }) {
      const { course, material, scope } = await reportSource(app, caller, input.materialId);
      const repo = app.repos.scormReport;
      if (input.report === "attempts") {
        return sendCsv(
          reply,
          "scorm-attempts.csv",
          exportColumns(input.columns, ATTEMPT_FIELDS),
          repo.exportRows(course, material.id, scope, input),
        );
      }
      const only =
        input.userId === undefined ? undefined : { userId: input.userId, attempt: input.attempt };
      const attempts = repo.attempts(course, material.id, scope, input, only);
      return input.report === "interactions"
        ? sendCsv(
            reply,
            "scorm-interactions.csv",
            exportColumns(input.columns, INTERACTION_FIELDS),
            interactionRows(attempts),
          )
        : sendCsv(
            reply,
            "scorm-objectives.csv",
            exportColumns(input.columns, OBJECTIVE_FIELDS),
            objectiveRows(attempts),
          );
    },
  }),
});
