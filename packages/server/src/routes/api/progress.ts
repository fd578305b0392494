import { CONTRACT, ROLE_IDS, type ProgressRow, type ScormResult } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { defineResource, implement } from "../../dispatch/commands";
import type { Caller } from "../../services/caller";
import { fieldError, forbidden, invalid, invalidField, notFound } from "../../lib/errors";
import type { RequestForm } from "../../lib/form";
import { MAX_ID } from "../../lib/inputs";
import { listAnswer } from "../../lib/list";
import type { ProgressScope } from "../../services/progress-scope";
import { viewerOf } from "../../services/viewer";
import { exportColumns, filtersOf, sendCsv } from "../../lib/command-io";

const PROGRESS_FIELDS = [
  "userId",
  "firstName",
  "lastName",
  "userName",
  "grade",
  "section",
  "done",
  "total",
  "percent",
  "quizAverage",
  "timeSpentSeconds",
  "lastActivity",
  "scorm",
] as const;

/** A row's SCORM results as one CSV cell: "name: status, score%" per material, "; " between. */
function scormCell(results: ScormResult[]): string {
  return results
    .map((r) => {
      const parts = [r.status ?? "not attempted", ...(r.score === null ? [] : [`${r.score}%`])];
      return `${r.name}: ${parts.join(", ")}`;
    })
    .join("; ");
}

async function* forCsv(rows: AsyncIterable<ProgressRow[]>) {
  for await (const batch of rows)
    yield batch.map((row) => ({ ...row, scorm: scormCell(row.scorm) }));
}

/**
 * The id of the course whose progress the caller reads: the courseId field or filter[courseId]
 * (the only filter). Students and parents are refused.
 */
function progressCourseId(caller: Caller, courseId: number | undefined, form: RequestForm): number {
  if (caller.roleId === ROLE_IDS.student || caller.roleId === ROLE_IDS.parent) throw forbidden();
  let id = courseId;
  for (const filter of filtersOf(form)) {
    if (
      filter.key !== "courseId" ||
      filter.values.length !== 1 ||
      !/^\d{1,10}$/.test(filter.values[0]!)
    ) {
      throw invalid([fieldError(`filter[${filter.key.slice(0, 50)}]`, "validation.invalidValue")]);
    }
    id ??= Number(filter.values[0]);
  }
  if (id === undefined) throw invalidField("courseId", "validation.required");
  return id;
}

/**
 * The course `id` if the caller sees it (a teacher's load, a school admin's school and the
 * courses for every school, anything for a global admin), else 404; and the caller's scope.
 */
async function progressSource(
  app: FastifyInstance,
  caller: Caller,
  id: number,
): Promise<{
  course: NonNullable<Awaited<ReturnType<typeof app.repos.courses.find>>>;
  scope: ProgressScope;
}> {
  const course = id <= MAX_ID ? await app.repos.courses.find(id, viewerOf(caller)) : undefined;
  if (!course) throw notFound();
  return {
    course,
    scope: {
      schoolId: caller.schoolId,
      teacherId: caller.roleId === ROLE_IDS.teacher ? caller.userId : null,
    },
  };
}

/** Course progress per student for teachers and administrators (list and CSV export). */
export const progressResource = defineResource("progress", {
  list: implement(CONTRACT.progress.list, {
    async handler({ app, caller, input, form }) {
      const id = progressCourseId(caller, input.courseId, form);
      // Read while the course is found: a page held in memory needs nothing else.
      const versions = id <= MAX_ID ? app.repos.progress.versionsAhead(id) : undefined;
      versions?.catch(() => undefined);
      const { course, scope } = await progressSource(app, caller, id);
      const { rows, total } = await app.repos.progress.list(course, scope, input, versions);
      return { data: listAnswer(input, rows, total) };
    },
  }),

  export: implement(CONTRACT.progress.export, {
    async handler({ app, caller, input, form, reply }) {
      const id = progressCourseId(caller, input.courseId, form);
      const { course, scope } = await progressSource(app, caller, id);
      return sendCsv(
        reply,
        "progress.csv",
        exportColumns(input.columns, PROGRESS_FIELDS),
        forCsv(app.repos.progress.exportRows(course, scope, input)),
      );
    },
  }),
});
