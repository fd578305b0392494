import { auditListSchema, type AuditRecord } from "../../schemas/audit";
import { optionalText } from "../../validation/rules";
import { defineCommands } from "../define";
import { answerType } from "../inputs";

/** The audit export: the list's fields and `columns`, the export's chosen columns. */
export const auditExportInput = auditListSchema.extend({ columns: optionalText({ max: 2000 }) });

/**
 * The audit trail (issue 13): any signed-in user may ask, the server answers global admins with
 * every record, a school admin with its school's, and anyone else with a 403.
 */
export const auditCommands = defineCommands("audit", {
  list: {
    description: "Lists the audit trail: who changed what, when and from where.",
    access: "signedIn",
    input: auditListSchema,
    output: answerType<AuditRecord>(),
    answer: "list",
    effect: "read",
  },
  export: {
    description: "Downloads the audit trail as CSV.",
    access: "signedIn",
    input: auditExportInput,
    answer: "file",
    effect: "read",
  },
});
