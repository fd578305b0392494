import { z } from "zod";
import { commandSpec, defineCommands } from "../define";
import { emptyInput, idField } from "../inputs";

/** A SCORM material (`id`) and one of its students (`userId`). */
export const scormStudentInput = emptyInput.extend({ id: idField(), userId: idField() });

const modify = { module: "courses", right: "modify" } as const;
/** A material, course or student out of the caller's reach or scope. */
const errors = { 404: ["errors.notFound"] } as const;

/**
 * A teacher's actions on a student's SCORM attempts, from the Progress tab (issue 15): commands of
 * the `material` resource, spread into its declaration (`...scormAttemptSpecs()`). Both are
 * recorded in the audit trail under the material.
 */
export function scormAttemptSpecs() {
  return {
    scormreset: commandSpec({
      description:
        "Removes every SCORM attempt of one student on a SCORM material (`id`, `userId`), so the student starts afresh.",
      access: modify,
      input: scormStudentInput,
      output: z.object({ deleted: z.number().int() }),
      errors,
    }),
    scormcomplete: commandSpec({
      description:
        "Marks a SCORM material complete for one student (`id`, `userId`), for a package that reports nothing.",
      access: modify,
      input: scormStudentInput,
      errors,
    }),
  };
}

/**
 * The two commands as declared until the `material` resource's own declaration spreads them in:
 * then the server and the portal take them from CONTRACT.material instead.
 */
export const scormAttemptCommands = defineCommands("material", scormAttemptSpecs());
