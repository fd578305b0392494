import type { ProgressRow } from "../../api/journey-types";
import { optionalIntegerField } from "../../validation/rules";
import { defineCommands } from "../define";
import { MAX_ID, answerType, listInput } from "../inputs";

const view = { module: "courses", right: "view" } as const;

/** The course may come as a field or as filter[courseId]; the server requires one of them. */
export const progressInput = listInput("progress").extend({
  courseId: optionalIntegerField(1, MAX_ID),
});

/** Course progress per student for teachers and administrators (list and CSV export). */
export const progressCommands = defineCommands("progress", {
  list: {
    description: "A course's progress per student.",
    access: view,
    input: progressInput,
    output: answerType<ProgressRow>(),
    answer: "list",
    effect: "read",
    errors: { 404: ["errors.notFound"] },
  },
  export: {
    description: "Downloads a course's progress as CSV.",
    access: view,
    input: progressInput,
    answer: "file",
    effect: "read",
    errors: { 404: ["errors.notFound"] },
  },
});
