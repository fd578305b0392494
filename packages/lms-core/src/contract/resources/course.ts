import type { CourseRecord, DeletionImpact } from "../../api/types";
import { courseSchema } from "../../schemas/course";
import { defineCommands } from "../define";
import { answerType, binIdsAnswer, deleteInput, idField, idInput, listInput } from "../inputs";
import { recycleBinSpecs } from "../recycle-bin";
import { versionField } from "../../validation/rules";

const view = { module: "courses", right: "view" } as const;
const modify = { module: "courses", right: "modify" } as const;
const course = answerType<CourseRecord>();
/** SPEC.md §8: a course a job is deleting answers 409 to every command on it. */
const deleting = "errors.courseDeletionInProgress";

export const courseUpdateSchema = courseSchema.extend({ id: idField(), version: versionField() });

export const courseCommands = defineCommands("course", {
  list: {
    description: "Lists courses: search, filters, sort and pages.",
    access: view,
    input: listInput("courses"),
    output: course,
    answer: "list",
    effect: "read",
  },
  export: {
    description: "Downloads the course list as CSV.",
    access: view,
    input: listInput("courses"),
    answer: "file",
    effect: "read",
  },
  get: {
    description: "One course's record.",
    access: view,
    input: idInput,
    output: course,
    effect: "read",
    errors: { 404: ["errors.notFound"], 409: [deleting] },
  },
  create: {
    description: "Creates a course (with image).",
    access: { module: "courses", right: "add" },
    input: courseSchema,
    output: course,
    errors: { 409: ["errors.courseCreateConflict"] },
  },
  update: {
    description: "Updates a course's record.",
    access: modify,
    input: courseUpdateSchema,
    output: course,
    errors: {
      404: ["errors.notFound"],
      409: ["errors.courseUpdateConflict", deleting, "errors.staleRecord"],
    },
  },
  impact: {
    description: "Tells what deleting the named courses would also remove.",
    access: modify,
    input: idInput,
    output: answerType<DeletionImpact>(),
    effect: "read",
    errors: { 404: ["errors.notFound"], 409: [deleting] },
  },
  delete: {
    description: "Moves courses to the recycle bin.",
    access: modify,
    input: deleteInput,
    output: binIdsAnswer,
    errors: { 404: ["errors.notFound"], 409: ["errors.confirmCodeMismatch", deleting] },
  },
  ...recycleBinSpecs("courses", "courses"),
  publish: {
    description: "Publishes courses to their students.",
    access: modify,
    input: idInput,
    errors: { 404: ["errors.notFound"], 409: [deleting] },
  },
  unpublish: {
    description: "Withdraws courses from their students.",
    access: modify,
    input: idInput,
    errors: { 404: ["errors.notFound"], 409: [deleting] },
  },
});
