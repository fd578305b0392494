import { z } from "zod";
import { PERMISSION_MODULES, RIGHTS } from "../../constants";
import type { DeletionImpact, RoleRecord } from "../../api/types";
import { roleSchema } from "../../schemas/role";
import { schoolStatusSchema } from "../../schemas/school";
import { defineCommands } from "../define";
import { answerType, binIdsAnswer, deleteInput, idField, idInput, listInput } from "../inputs";
import { recycleBinSpecs } from "../recycle-bin";
import { versionField } from "../../validation/rules";

const view = { module: "roles", right: "view" } as const;
const modify = { module: "roles", right: "modify" } as const;
const role = answerType<RoleRecord>();

export const roleUpdateSchema = roleSchema.extend({ id: idField(), version: versionField() });

/** The permission matrix's rows and columns, with their catalogue keys. */
export const roleModulesAnswer = z.object({
  modules: z.array(z.object({ module: z.enum(PERMISSION_MODULES), labelKey: z.string() })),
  rights: z.array(z.object({ right: z.enum(RIGHTS), labelKey: z.string() })),
});
export type RoleModulesAnswer = z.output<typeof roleModulesAnswer>;

/** A role the caller may not delete: built in, or still given to users. */
const undeletable = ["errors.builtInRole", "errors.roleInUse"] as const;

export const roleCommands = defineCommands("role", {
  list: {
    description: "Lists roles: search, sort and pages.",
    access: view,
    input: listInput("roles"),
    output: role,
    answer: "list",
    effect: "read",
  },
  export: {
    description: "Downloads the role list as CSV.",
    access: view,
    input: listInput("roles"),
    answer: "file",
    effect: "read",
  },
  get: {
    description: "One role with its permission matrix.",
    access: view,
    input: idInput,
    output: role,
    effect: "read",
    errors: { 404: ["errors.notFound"] },
  },
  modules: {
    description: "The modules and rights of the permission matrix.",
    access: view,
    output: roleModulesAnswer,
    effect: "read",
  },
  create: {
    description: "Creates a role with its permissions.",
    access: { module: "roles", right: "add" },
    input: roleSchema,
    output: role,
    errors: { 409: ["errors.roleCreateConflict"] },
  },
  update: {
    description: "Updates a role and its permissions.",
    access: modify,
    input: roleUpdateSchema,
    output: role,
    errors: { 404: ["errors.notFound"], 409: ["errors.roleUpdateConflict", "errors.staleRecord"] },
  },
  impact: {
    description: "Tells what deleting the named roles would affect.",
    access: modify,
    input: idInput,
    output: answerType<DeletionImpact>(),
    effect: "read",
    errors: { 404: ["errors.notFound"], 409: undeletable },
  },
  delete: {
    description: "Moves roles to the recycle bin.",
    access: modify,
    input: deleteInput,
    output: binIdsAnswer,
    errors: { 404: ["errors.notFound"], 409: undeletable },
  },
  ...recycleBinSpecs("roles", "roles"),
  setstatus: {
    description: "Activates or deactivates roles.",
    access: modify,
    input: schoolStatusSchema,
    errors: { 404: ["errors.notFound"] },
  },
});
