import { z } from "zod";
import type { DeletionImpact, UserRecord } from "../../api/types";
import type { BulkUploadAnswer, BulkUploadFields } from "../../api/user-types";
import { createUserInputSchema, updateUserInputSchema } from "../../schemas/user";
import { optionalIntegerField } from "../../validation/rules";
import { defineCommands } from "../define";
import {
  MAX_ID,
  answerType,
  bulkInput,
  countAnswer,
  emptyInput,
  idInput,
  listInput,
} from "../inputs";
import { recycleBinSpecs } from "../recycle-bin";
import { userSessionSpecs } from "./user-session";

const view = { module: "users", right: "view" } as const;
const add = { module: "users", right: "add" } as const;
const modify = { module: "users", right: "modify" } as const;
const user = answerType<UserRecord>();
const reachErrors = { 404: ["errors.notFound"] } as const;

/** A bulk action on users: `id`, `ids` or `allMatching` with the list's search and filters. */
export const bulkUserInput = bulkInput("users");

/** template: the examples carry `schoolId`'s code (a school's Users tab) when reached. */
export const userTemplateInput = emptyInput.extend({ schoolId: optionalIntegerField(1, MAX_ID) });

/**
 * bulkupload's fields (mode, dryRun, progress, schoolId) and its `file`: the server reads and
 * checks them itself, with each row's checks, so the input is left whole.
 */
export const bulkUploadInput = z
  .custom<BulkUploadFields>(() => true)
  .transform((): Record<string, never> => ({}));

export const userCommands = defineCommands("user", {
  ...userSessionSpecs,
  list: {
    description: "Lists users in the caller's reach: search, filters, sort and pages.",
    access: view,
    input: listInput("users"),
    output: user,
    answer: "list",
    effect: "read",
  },
  export: {
    description: "Downloads the user list as CSV, with the list's filters.",
    access: view,
    input: listInput("users"),
    answer: "file",
    effect: "read",
  },
  get: {
    description: "One user's record.",
    access: view,
    input: idInput,
    output: user,
    effect: "read",
    errors: reachErrors,
  },
  create: {
    description: "Creates a user (with photo) and sends the activation mail.",
    access: add,
    input: createUserInputSchema,
    output: user,
    errors: { 409: ["errors.userCreateConflict"] },
  },
  update: {
    description: "Updates a user's record.",
    access: modify,
    input: updateUserInputSchema,
    output: user,
    errors: { ...reachErrors, 409: ["errors.userUpdateConflict", "errors.staleRecord"] },
  },
  impact: {
    description: "Tells what deleting the named users would also remove.",
    access: modify,
    input: idInput,
    output: answerType<DeletionImpact>(),
    effect: "read",
    errors: reachErrors,
  },
  delete: {
    description: "Moves users to the recycle bin.",
    access: modify,
    input: bulkUserInput,
    output: z.object({ count: z.number().int(), binIds: z.array(z.number().int()) }),
    errors: reachErrors,
  },
  ...recycleBinSpecs("users", "users"),
  activate: {
    description: "Activates users.",
    access: modify,
    input: bulkUserInput,
    output: countAnswer,
    errors: reachErrors,
  },
  deactivate: {
    description: "Deactivates users; their sessions end.",
    access: modify,
    input: bulkUserInput,
    output: countAnswer,
    errors: reachErrors,
  },
  resendactivation: {
    description: "Sends the activation mail again.",
    access: modify,
    input: bulkUserInput,
    output: countAnswer,
    errors: reachErrors,
  },
  bulkupload: {
    description: "Creates or updates users from an uploaded CSV file; answers each row's result.",
    access: add,
    input: bulkUploadInput,
    output: answerType<BulkUploadAnswer>(),
    answer: "progress",
    errors: { 422: ["csv.invalid"] },
  },
  template: {
    description: "Downloads the CSV template of the bulk upload.",
    access: add,
    input: userTemplateInput,
    answer: "file",
    effect: "read",
  },
});
