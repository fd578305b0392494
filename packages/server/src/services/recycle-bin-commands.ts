import type { PermissionModule } from "@lms/core";
import { command, type CommandDef } from "../lib/commands";
import { idInput, trashInput } from "../lib/inputs";
import { listAnswer } from "../lib/list";
import type { BinResource } from "../plugins/app/repositories/recycle-bin-repository";
import { listTrash, purgeFromBin, restoreFromBin } from "./recycle-bin";
import { filtersOf } from "../lib/command-io";

/**
 * A resource's recycle bin (issue 13): `trash` (the list protocol), `restore` and `purge` of a
 * bin entry, each for those with the module's modify right; the rules are services/recycle-bin's.
 * `byCourse`: the list may be narrowed to one course (`courseId`).
 */
export function recycleBinCommands(
  resource: BinResource,
  module: PermissionModule,
  options: { globalOnly?: boolean; byCourse?: boolean } = {},
): Record<"trash" | "restore" | "purge", CommandDef> {
  const access = { module, right: "modify" } as const;
  const globalOnly = options.globalOnly ?? false;
  return {
    trash: command({
      access,
      globalOnly,
      input: trashInput,
      async handler({ app, caller, input, form }) {
        const courseId = options.byCourse ? input.courseId : undefined;
        const { rows, total } = await listTrash(
          app,
          caller,
          resource,
          input,
          filtersOf(form),
          courseId,
        );
        return { data: listAnswer(input, rows, total) };
      },
    }),

    restore: command({
      access,
      globalOnly,
      input: idInput,
      async handler({ app, caller, input }) {
        const recordId = await restoreFromBin(app, caller, resource, input.id);
        return { message: "trash.restored", data: { recordId } };
      },
    }),

    purge: command({
      access,
      globalOnly,
      input: idInput,
      async handler({ app, caller, input }) {
        await purgeFromBin(app, caller, resource, input.id);
        return { message: "trash.purged" };
      },
    }),
  };
}
