import type { DeletionImpact, ElementRecord } from "../../api/types";
import type { ElementWithMaterials } from "../../api/course-types";
import { elementCreateSchema, elementUpdateSchema, swapSchema } from "../../schemas/course";
import { defineCommands } from "../define";
import { answerType, binIdsAnswer, deleteInput, idField, idInput, listInput } from "../inputs";
import { recycleBinSpecs } from "../recycle-bin";

const view = { module: "courses", right: "view" } as const;
const modify = { module: "courses", right: "modify" } as const;
const element = answerType<ElementRecord>();
const deleting = "errors.courseDeletionInProgress";
const notFound = { 404: ["errors.notFound"], 409: [deleting] } as const;

/** One course's elements (`courseId` required). */
export const elementListInput = listInput("elements").extend({ courseId: idField() });

export const elementCommands = defineCommands("element", {
  list: {
    description: "Lists a course's elements (units) in order.",
    access: view,
    input: elementListInput,
    output: answerType<ElementWithMaterials>(),
    answer: "list",
    effect: "read",
    errors: notFound,
  },
  export: {
    description: "Downloads a course's element list as CSV.",
    access: view,
    input: elementListInput,
    answer: "file",
    effect: "read",
    errors: notFound,
  },
  create: {
    description: "Adds an element to a course.",
    access: { module: "courses", right: "add" },
    input: elementCreateSchema,
    output: element,
    errors: { 404: ["errors.notFound"], 409: ["errors.elementCreateConflict", deleting] },
  },
  update: {
    description: "Updates an element.",
    access: modify,
    input: elementUpdateSchema,
    output: element,
    errors: {
      404: ["errors.notFound"],
      409: ["errors.elementUpdateConflict", deleting, "errors.staleRecord"],
    },
  },
  impact: {
    description: "Tells what deleting the named elements would also remove.",
    access: modify,
    input: idInput,
    output: answerType<DeletionImpact>(),
    effect: "read",
    errors: notFound,
  },
  delete: {
    description: "Moves elements to the recycle bin.",
    access: modify,
    input: deleteInput,
    output: binIdsAnswer,
    errors: notFound,
  },
  ...recycleBinSpecs("courses", "elements"),
  publish: { description: "Publishes elements.", access: modify, input: idInput, errors: notFound },
  unpublish: {
    description: "Withdraws elements.",
    access: modify,
    input: idInput,
    errors: notFound,
  },
  swap: {
    description:
      "Swaps the order of two elements. Each side names the position its caller saw: a position another has taken since answers 409.",
    access: modify,
    input: swapSchema,
    errors: { ...notFound, 409: ["errors.staleRecord"] },
  },
});
