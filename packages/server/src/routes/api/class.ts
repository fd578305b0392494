import { CONTRACT, ROLE_IDS, decodeClassId, encodeClassId } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { can, by, scopeOf, type Caller } from "../../services/caller";
import { defineResource, implement } from "../../dispatch/commands";
import { invalidField, notFound } from "../../lib/errors";
import { fieldValue, type RequestForm } from "../../lib/form";
import { listAnswer, nameListSource } from "../../lib/list";
import { assertUsersInReach } from "../../services/user-authority";
import type { ClassScope } from "../../services/class-scope";
import { parseIds } from "../../lib/bulk-targets";
import { viewerOf } from "../../services/viewer";
import { exportColumns, filtersOf, sendCsv } from "../../lib/command-io";

const CLASS_EXPORT_COLUMNS = [
  "id",
  "schoolId",
  "schoolName",
  "grade",
  "section",
  "schoolYear",
  "students",
  "teachers",
  "averageCompletion",
] as const;

const spec = CONTRACT.class;

/**
 * Whose classes a caller sees (issue "Classes"): a teacher those of its assigned load; anyone
 * with users view those of its school (every school for a global user); nobody else (null: the
 * commands' `allow` rule refuses it with a 403 before the input is read). Moving students needs
 * users modify besides (its access).
 */
function classScopeOf(caller: Caller): ClassScope | null {
  if (caller.roleId === ROLE_IDS.teacher && can(caller, "courses", "view")) {
    return { schoolId: caller.schoolId, teacherId: caller.userId };
  }
  if (can(caller, "users", "view")) return { schoolId: caller.schoolId, teacherId: null };
  return null;
}

const mayReadClasses = (caller: Caller) => classScopeOf(caller) !== null;

/** The list request, with the school or course a page adds; a course the caller cannot see is a 404. */
async function listRequest(
  app: FastifyInstance,
  caller: Caller,
  input: (typeof spec.list.input)["_zod"]["output"],
  form: RequestForm,
) {
  if (
    input.courseId !== undefined &&
    !(await app.repos.courses.find(input.courseId, viewerOf(caller)))
  ) {
    throw notFound();
  }
  return {
    input,
    filters: filtersOf(form),
    options: { schoolId: input.schoolId, courseId: input.courseId },
  };
}

async function classInScope(app: FastifyInstance, id: string, scope: ClassScope) {
  const key = decodeClassId(id);
  const record = key ? await app.repos.classes.find(key, scope) : undefined;
  if (!record) throw notFound();
  return record;
}

export const classResource = defineResource("class", {
  list: implement(spec.list, {
    allow: mayReadClasses,
    async handler({ app, caller, input: request, form, reply }) {
      const scope = classScopeOf(caller)!;
      const { input, filters, options } = await listRequest(app, caller, request, form);
      const { rows, total, fromMemory } = await app.repos.classes.list(
        input,
        filters,
        options,
        scope,
      );
      nameListSource(reply, fromMemory && "memory");
      return { data: listAnswer(input, rows, total) };
    },
  }),

  export: implement(spec.export, {
    allow: mayReadClasses,
    async handler({ app, caller, input: request, form, reply }) {
      const scope = classScopeOf(caller)!;
      const { input, filters, options } = await listRequest(app, caller, request, form);
      return sendCsv(
        reply,
        "classes.csv",
        exportColumns(input.columns, CLASS_EXPORT_COLUMNS),
        app.repos.classes.exportRows(input, filters, options, scope),
      );
    },
  }),

  get: implement(spec.get, {
    allow: mayReadClasses,
    async handler({ app, caller, input }) {
      const scope = classScopeOf(caller)!;
      const record = await classInScope(app, input.id, scope);
      const [studentList, teacherList, courseList] = await Promise.all([
        app.repos.classes.students(record),
        app.repos.classes.teachers(record, scope),
        app.repos.classes.courses(record),
      ]);
      return { data: { ...record, studentList, teacherList, courseList } };
    },
  }),

  /**
   * Moves students of a class to another section of the same grade and school year, in one
   * transaction: every id must be a student of the class (else 404, nothing moves) within the
   * caller's reach (services/user-authority, else 403).
   */
  move: implement(spec.move, {
    target: { byHandler: "students" },
    allow: mayReadClasses,
    async handler({ app, caller, input, form }) {
      const scope = classScopeOf(caller)!;
      const rawIds = fieldValue(form.entries, "ids");
      if (rawIds === undefined || rawIds.trim() === "") {
        throw invalidField("ids", "validation.required");
      }
      const ids = parseIds(rawIds);
      const record = await classInScope(app, input.id, scope);
      if (input.section.toLowerCase() === record.section.toLowerCase()) {
        throw invalidField("section", "validation.invalidValue");
      }
      const count = await app.repos.transaction(async (tx) => {
        const found = await app.repos.classes.studentIdsIn(tx, record, ids);
        if (found.length !== ids.length) throw notFound();
        const students = await app.repos.users.findManyInScope(found, scopeOf(caller), tx);
        if (students.length !== ids.length) throw notFound();
        await assertUsersInReach(app, caller, students, tx);
        await app.repos.classes.moveStudents(tx, ids, input.section, by(caller));
        return ids.length;
      });
      return {
        message: "classes.moveDone",
        data: {
          count,
          from: record.id,
          to: encodeClassId({
            schoolId: record.schoolId,
            schoolYearFrom: record.schoolYearFrom,
            grade: record.grade,
            section: input.section,
          }),
        },
      };
    },
  }),
});
