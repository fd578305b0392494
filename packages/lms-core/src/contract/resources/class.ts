import { z } from "zod";
import type { ClassDetails, ClassRecord } from "../../api/types";
import { classIdField, classMoveSchema } from "../../schemas/class";
import { optionalIntegerField } from "../../validation/rules";
import { defineCommands } from "../define";
import { MAX_ID, answerType, emptyInput, listInput } from "../inputs";

/**
 * Classes (issue "Classes") are read by whoever has a class scope (a teacher with courses view,
 * anyone with users view): the server's `allow` rule, beyond the signed-in access declared here.
 */
const notFound = { 404: ["errors.notFound"] } as const;

export const classListInput = listInput("classes").extend({
  schoolId: optionalIntegerField(1, MAX_ID),
  courseId: optionalIntegerField(1, MAX_ID),
});
export const classGetInput = emptyInput.extend({ id: classIdField() });
/** `ids`: the students to move, a JSON array the server reads from the form itself. */
export const classMoveInput = classMoveSchema.extend({ ids: z.string().optional() });

/** What `move` answers: how many students moved, from which class to which. */
export const classMoveAnswer = z.object({
  count: z.number().int(),
  from: z.string(),
  to: z.string(),
});

export const classCommands = defineCommands("class", {
  list: {
    description: "Lists the classes in the caller's reach.",
    access: "signedIn",
    input: classListInput,
    output: answerType<ClassRecord>(),
    answer: "list",
    effect: "read",
    errors: notFound,
  },
  export: {
    description: "Downloads the class list as CSV.",
    access: "signedIn",
    input: classListInput,
    answer: "file",
    effect: "read",
    errors: notFound,
  },
  get: {
    description: "One class with its students.",
    access: "signedIn",
    input: classGetInput,
    output: answerType<ClassDetails>(),
    effect: "read",
    errors: notFound,
  },
  move: {
    description: "Moves students to another class.",
    access: { module: "users", right: "modify" },
    input: classMoveInput,
    output: classMoveAnswer,
    errors: notFound,
  },
});
