import { z } from "zod";
import type { DeletionImpact, MaterialRecord } from "../../api/types";
import type { MaterialDetail } from "../../api/course-types";
import { materialSchema, quizSettingsSchema, swapSchema } from "../../schemas/course";
import { optionalIntegerField, versionField } from "../../validation/rules";
import { defineCommands } from "../define";
import {
  MAX_ID,
  answerType,
  binIdsAnswer,
  deleteInput,
  emptyInput,
  idField,
  idInput,
  listInput,
} from "../inputs";
import { recycleBinSpecs } from "../recycle-bin";

const view = { module: "materials", right: "view" } as const;
const modify = { module: "materials", right: "modify" } as const;
const detail = answerType<MaterialDetail>();
const deleting = "errors.courseDeletionInProgress";
const notFound = { 404: ["errors.notFound"], 409: [deleting] } as const;

/** `courseId`: one course's materials; without it every material the caller may see. */
export const materialListInput = listInput("materials").extend({
  courseId: optionalIntegerField(1, MAX_ID),
});
export const materialUpdateSchema = materialSchema.safeExtend({
  id: idField(),
  version: versionField(),
});
export const quizSettingsInput = quizSettingsSchema.extend({
  id: idField(),
  version: versionField(),
});
/** A SCORM material (`id`) and one of its students (`userId`). */
export const scormStudentInput = emptyInput.extend({ id: idField(), userId: idField() });

export const materialCommands = defineCommands("material", {
  list: {
    description: "Lists an element's materials in order.",
    access: view,
    input: materialListInput,
    output: answerType<MaterialRecord>(),
    answer: "list",
    effect: "read",
    errors: notFound,
  },
  export: {
    description: "Downloads a material list as CSV.",
    access: view,
    input: materialListInput,
    answer: "file",
    effect: "read",
    errors: notFound,
  },
  get: {
    description: "One material's record.",
    access: view,
    input: idInput,
    output: detail,
    effect: "read",
    errors: { 403: ["errors.finishPrevious"], ...notFound },
  },
  create: {
    description: "Adds a material (file, link, page, quiz or SCORM package).",
    access: { module: "materials", right: "add" },
    input: materialSchema,
    output: detail,
    errors: notFound,
  },
  update: {
    description: "Updates a material, its file included.",
    access: modify,
    input: materialUpdateSchema,
    output: detail,
    errors: { ...notFound, 409: ["errors.staleRecord"] },
  },
  impact: {
    description: "Tells what deleting the named materials would also remove.",
    access: modify,
    input: idInput,
    output: answerType<DeletionImpact>(),
    effect: "read",
    errors: notFound,
  },
  delete: {
    description: "Moves materials to the recycle bin.",
    access: modify,
    input: deleteInput,
    output: binIdsAnswer,
    errors: notFound,
  },
  ...recycleBinSpecs("materials", "materials"),
  scormreset: {
    description:
      "Removes every SCORM attempt of one student on a SCORM material (`id`, `userId`), so the student starts afresh.",
    access: { module: "courses", right: "modify" },
    input: scormStudentInput,
    output: z.object({ deleted: z.number().int() }),
    errors: notFound,
  },
  scormcomplete: {
    description:
      "Marks a SCORM material complete for one student (`id`, `userId`), for a package that reports nothing.",
    access: { module: "courses", right: "modify" },
    input: scormStudentInput,
    errors: notFound,
  },
  publish: {
    description: "Publishes materials.",
    access: modify,
    input: idInput,
    errors: notFound,
  },
  unpublish: {
    description: "Withdraws materials.",
    access: modify,
    input: idInput,
    errors: notFound,
  },
  quizsettings: {
    description: "Sets a quiz material's questions and rules.",
    access: modify,
    input: quizSettingsInput,
    output: detail,
    errors: { ...notFound, 409: ["errors.staleRecord"] },
  },
  swap: {
    description:
      "Swaps the order of two materials. Each side names the position its caller saw: a position another has taken since answers 409.",
    access: modify,
    input: swapSchema,
    errors: { ...notFound, 409: ["errors.staleRecord"] },
  },
  download: {
    description: "Downloads a material's file.",
    access: view,
    input: idInput,
    answer: "file",
    effect: "read",
    errors: { 403: ["errors.finishPrevious"], ...notFound },
  },
});
