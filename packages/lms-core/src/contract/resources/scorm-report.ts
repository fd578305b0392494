import type { ScormAttemptDetail, ScormAttemptRow } from "../../api/journey-types";
import { integerField, oneOf } from "../../validation/rules";
import { defineCommands } from "../define";
import { MAX_ID, answerType, emptyInput, idField, listInput } from "../inputs";

const view = { module: "courses", right: "view" } as const;

export const scormReportInput = listInput("scormReport").extend({ materialId: idField() });

export const scormReportExportInput = scormReportInput.extend({
  /** attempts (the list), or the decoded interactions or objectives of the attempts. */
  report: oneOf(["attempts", "interactions", "objectives"]).default("attempts"),
  /** One student's attempts only, or with `attempt` one of them (the drill-down's export). */
  userId: idField().optional(),
  attempt: integerField(1, MAX_ID).optional(),
});

export const scormAttemptInput = emptyInput.extend({
  materialId: idField(),
  userId: idField(),
  attempt: integerField(1, MAX_ID),
});

const notFound = { 404: ["errors.notFound"] } as const;

/**
 * A SCORM material's report for those who follow its course (issue 15, "Reporting"): students ×
 * attempts, each attempt's interactions and objectives, and their CSV exports. Students and
 * parents are refused (they have their own summary).
 */
export const scormReportCommands = defineCommands("scormreport", {
  list: {
    description: "A SCORM material's report: students by attempts.",
    access: view,
    input: scormReportInput,
    output: answerType<ScormAttemptRow>(),
    answer: "list",
    effect: "read",
    errors: notFound,
  },
  get: {
    description: "One SCORM attempt's interactions and objectives.",
    access: view,
    input: scormAttemptInput,
    output: answerType<ScormAttemptDetail>(),
    effect: "read",
    errors: notFound,
  },
  export: {
    description: "Downloads a SCORM report (attempts, interactions or objectives) as CSV.",
    access: view,
    input: scormReportExportInput,
    answer: "file",
    effect: "read",
    errors: notFound,
  },
});
