import type { DeletionImpact, SchoolRecord } from "../../api/types";
import { schoolSchema, schoolStatusSchema } from "../../schemas/school";
import { defineCommands } from "../define";
import {
  answerType,
  binIdsAnswer,
  bulkInput,
  countAnswer,
  deleteInput,
  idField,
  idInput,
  listInput,
} from "../inputs";
import { recycleBinSpecs } from "../recycle-bin";
import { versionField } from "../../validation/rules";

const view = { module: "schools", right: "view" } as const;
const modify = { module: "schools", right: "modify" } as const;
const school = answerType<SchoolRecord>();

export const schoolUpdateSchema = schoolSchema.extend({ id: idField(), version: versionField() });
/** setstatus: `id`, `ids` or `allMatching` with the list fields, and the status. */
export const schoolBulkStatusInput = bulkInput("schools").extend({
  status: schoolStatusSchema.shape.status,
});

export const schoolCommands = defineCommands("school", {
  list: {
    description: "Lists schools: search, filters, sort and pages.",
    access: view,
    input: listInput("schools"),
    output: school,
    answer: "list",
    effect: "read",
  },
  export: {
    description: "Downloads the school list as CSV.",
    access: view,
    input: listInput("schools"),
    answer: "file",
    effect: "read",
  },
  get: {
    description: "One school's record.",
    access: view,
    input: idInput,
    output: school,
    effect: "read",
    errors: { 404: ["errors.notFound"] },
  },
  create: {
    description: "Creates a school (with logo).",
    access: { module: "schools", right: "add" },
    globalOnly: true,
    input: schoolSchema,
    output: school,
    errors: { 409: ["errors.schoolCreateConflict"] },
  },
  update: {
    description: "Updates a school's record.",
    access: modify,
    input: schoolUpdateSchema,
    output: school,
    errors: {
      404: ["errors.notFound"],
      409: ["errors.schoolUpdateConflict", "errors.staleRecord"],
    },
  },
  impact: {
    description: "Tells what deleting the named schools would also remove.",
    access: modify,
    globalOnly: true,
    input: idInput,
    output: answerType<DeletionImpact>(),
    effect: "read",
    errors: { 404: ["errors.notFound"] },
  },
  delete: {
    description: "Moves schools to the recycle bin.",
    access: modify,
    globalOnly: true,
    input: deleteInput,
    output: binIdsAnswer,
    errors: { 404: ["errors.notFound"], 409: ["errors.confirmCodeMismatch"] },
  },
  ...recycleBinSpecs("schools", "schools", { globalOnly: true }),
  setstatus: {
    description: "Activates or deactivates schools.",
    access: modify,
    globalOnly: true,
    input: schoolBulkStatusInput,
    output: countAnswer,
    errors: { 404: ["errors.notFound"] },
  },
});
