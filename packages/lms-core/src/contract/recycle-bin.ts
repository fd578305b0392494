import type { PermissionModule } from "../constants";
import type { TrashEntry } from "../api/types";
import { commandSpec } from "./define";
import { answerType, idInput, restoredAnswer, trashInput } from "./inputs";

/**
 * A resource's recycle bin (issue 13): `trash` (the list protocol), `restore` and `purge` of a bin
 * entry, each for those with the module's modify right. `noun`: the records, for the reference.
 */
export function recycleBinSpecs(
  module: PermissionModule,
  noun: string,
  options: { globalOnly?: boolean } = {},
) {
  const access = { module, right: "modify" } as const;
  const globalOnly = options.globalOnly ?? false;
  return {
    trash: commandSpec({
      description: `Lists ${noun} in the recycle bin.`,
      access,
      globalOnly,
      input: trashInput,
      output: answerType<TrashEntry>(),
      answer: "list",
      effect: "read",
    }),
    restore: commandSpec({
      description: `Restores ${noun} from the recycle bin.`,
      access,
      globalOnly,
      input: idInput,
      output: restoredAnswer,
      errors: {
        404: ["errors.notFound"],
        409: ["errors.restoreConflict", "errors.restoreParentMissing"],
      },
    }),
    purge: commandSpec({
      description: `Deletes ${noun} from the recycle bin for good.`,
      access,
      globalOnly,
      input: idInput,
      errors: { 404: ["errors.notFound"] },
    }),
  };
}
