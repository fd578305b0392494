import { recycleBinCommands } from "./recycle-bin-commands";
import { CONTRACT, ROLE_IDS, type CourseValues } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { defineResource, implement } from "../../dispatch/commands";
import { by, type Caller } from "../../services/caller";
import {
  ApiError,
  conflict,
  forbidden,
  invalidField,
  isUniqueViolation,
  notFound,
} from "../../lib/errors";
import type { UploadedFile } from "../../lib/form";
import { listAnswer, nameListSource } from "../../lib/list";
import { newStorageKey } from "../../lib/storage";
import { IMAGE_PART_BYTES, checkImage } from "../../lib/uploads";
import { toCourseRecord, type CourseWrite } from "../../services/course-records";
import {
  assertCourseNotDeleting,
  confirmDeletion,
  courseBinRecord,
  deletesAsJob,
  deletionImpact,
  moveToBin,
} from "../../services/recycle-bin";
import { exportColumns, filtersOf, sendCsv } from "../../lib/command-io";
import { modifiableCourse, viewerOf } from "../../services/viewer";
import { versionedWrite } from "../../services/record-versions";

const COURSE_FIELDS = [
  "id",
  "courseName",
  "courseCode",
  "gradeLevel",
  "subject",
  "section",
  "description",
  "published",
  "schoolId",
  "createdAt",
  "createdBy",
  "updatedAt",
  "updatedBy",
] as const;

/**
 * The school a course is written for: a caller with a school writes only for its school; a
 * teacher only for a grade, subject and section of its load.
 */
async function checkCourseWrite(
  app: FastifyInstance,
  caller: Caller,
  values: CourseValues,
): Promise<CourseWrite> {
  let schoolId = values.schoolId ?? null;
  if (caller.schoolId !== null) {
    if (schoolId !== null && schoolId !== caller.schoolId) throw forbidden();
    schoolId = caller.schoolId;
  }
  if (schoolId !== null && !(await app.repos.schools.findById(schoolId))) {
    throw invalidField("schoolId", "validation.invalidValue");
  }
  if (caller.roleId === ROLE_IDS.teacher) {
    const loads = await app.repos.users.loadsOf(caller.userId);
    const matches = loads.some(
      (l) =>
        l.grade === values.gradeLevel &&
        l.subject.toLowerCase() === values.subject.toLowerCase() &&
        (values.section === "" || l.section.toLowerCase() === values.section.toLowerCase()),
    );
    if (!matches) throw forbidden();
  }
  return {
    courseName: values.courseName,
    courseCode: values.courseCode,
    gradeLevel: values.gradeLevel,
    subject: values.subject,
    section: values.section,
    description: values.description,
    published: values.published,
    schoolId,
  };
}

async function storeImage(app: FastifyInstance, file: UploadedFile | undefined) {
  if (!file || file.size === 0) return undefined;
  const checked = await checkImage(file, "image");
  const key = newStorageKey("courses", checked.extension);
  await app.storage.put(key, checked.data);
  return key;
}

const spec = CONTRACT.course;

async function storedCourse(app: FastifyInstance, id: number) {
  const row = await app.repos.courses.find(id, null);
  return row && toCourseRecord(row);
}
const FILTER_EXTRAS = ["schoolId", "gradeLevel"] as const;

export const courseResource = defineResource("course", {
  list: implement(spec.list, {
    async handler({ app, caller, input, form, reply }) {
      const { rows, total, fromMemory } = await app.repos.courses.list(
        input,
        filtersOf(form, FILTER_EXTRAS),
        viewerOf(caller),
      );
      nameListSource(reply, fromMemory && "memory");
      return { data: listAnswer(input, rows, total) };
    },
  }),

  export: implement(spec.export, {
    handler: async ({ app, caller, input, form, reply }) =>
      sendCsv(
        reply,
        "courses.csv",
        exportColumns(input.columns, COURSE_FIELDS),
        app.repos.courses.exportRows(input, filtersOf(form, FILTER_EXTRAS), viewerOf(caller)),
      ),
  }),

  get: implement(spec.get, {
    async handler({ app, caller, input }) {
      await assertCourseNotDeleting(app, input.id);
      const course = await app.repos.courses.find(input.id, viewerOf(caller));
      if (!course) throw notFound();
      return { data: toCourseRecord(course) };
    },
  }),

  create: implement(spec.create, {
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const values = await checkCourseWrite(app, caller, input);
      const image = await storeImage(app, file("image"));
      try {
        const id = await app.repos.transaction(async (tx) => {
          if (await app.repos.courses.codeTaken(tx, values.courseCode, values.schoolId)) {
            throw conflict("errors.courseCreateConflict", "courseCode");
          }
          const newId = await app.repos.courses.create(tx, values, by(caller));
          if (image) await app.repos.courses.setImage(tx, newId, image, by(caller));
          return newId;
        });
        return {
          message: "courses.created",
          data: toCourseRecord((await app.repos.courses.find(id, null))!),
        };
      } catch (error) {
        if (image) await app.storage.remove([image]);
        if (isUniqueViolation(error)) throw conflict("errors.courseCreateConflict", "courseCode");
        throw error;
      }
    },
  }),

  update: implement(spec.update, {
    stored: storedCourse,
    maxFileBytes: IMAGE_PART_BYTES,
    async handler({ app, caller, input, file }) {
      const existing = await modifiableCourse(app, caller, input.id);
      const values = await checkCourseWrite(app, caller, input);
      const image = await storeImage(app, file("image"));
      try {
        const target = {
          record: "courses",
          id: input.id,
          version: input.version,
          current: () => storedCourse(app, input.id),
        } as const;
        await versionedWrite(app, target, async (tx) => {
          if (await app.repos.courses.codeTaken(tx, values.courseCode, values.schoolId, input.id)) {
            throw conflict("errors.courseUpdateConflict", "courseCode");
          }
          await app.repos.courses.update(tx, input.id, values, by(caller));
          if (image) await app.repos.courses.setImage(tx, input.id, image, by(caller));
        });
      } catch (error) {
        if (image) await app.storage.remove([image]);
        if (isUniqueViolation(error)) throw conflict("errors.courseUpdateConflict", "courseCode");
        throw error;
      }
      if (image && existing.image) await app.storage.remove([existing.image]);
      return {
        message: "courses.updated",
        data: toCourseRecord((await app.repos.courses.find(input.id, null))!),
      };
    },
  }),

  impact: implement(spec.impact, {
    async handler({ app, caller, input }) {
      const course = await modifiableCourse(app, caller, input.id);
      return { data: await deletionImpact(app, courseBinRecord(course)) };
    },
  }),

  /**
   * To the recycle bin with its elements, materials, progress and attempts (issue 13); a large
   * course by a job (202), during which commands on it answer 409.
   */
  delete: implement(spec.delete, {
    async handler({ app, caller, input }) {
      const course = await modifiableCourse(app, caller, input.id);
      const record = courseBinRecord(course);
      const impact = await confirmDeletion(app, record, input.confirmCode);
      if (deletesAsJob(app, impact)) {
        if (!(await app.repos.courseDeletions.markCourseDeletion(course.id, by(caller)))) {
          throw new ApiError(409, "errors.courseDeletionInProgress");
        }
        app.recycleBin.deleteCourse(course.id);
        return { status: 202, message: "courses.deletionStarted" };
      }
      const binId = await app.repos.transaction(async (tx) => {
        if (!(await app.repos.courses.find(course.id, null, "view", tx))) throw notFound();
        return moveToBin(app, tx, record, by(caller), () =>
          app.repos.courses.delete(tx, course.id),
        );
      });
      return { message: "courses.deleted", data: { binIds: [binId] } };
    },
  }),

  ...recycleBinCommands("course", spec),

  publish: implement(spec.publish, {
    async handler({ app, caller, input }) {
      await modifiableCourse(app, caller, input.id);
      await app.repos.transaction((tx) =>
        app.repos.courses.update(tx, input.id, { published: true }, by(caller)),
      );
      return { message: "courses.published" };
    },
  }),

  unpublish: implement(spec.unpublish, {
    async handler({ app, caller, input }) {
      await modifiableCourse(app, caller, input.id);
      await app.repos.transaction((tx) =>
        app.repos.courses.update(tx, input.id, { published: false }, by(caller)),
      );
      return { message: "courses.unpublished" };
    },
  }),
});
