import type { CommandSpec, PermissionModule, recycleBinSpecs } from "@lms/core";
import { command, implement, type CommandDef } from "../lib/commands";
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
  module: PermissionModule | BinSpecs,
  options: { globalOnly?: boolean; byCourse?: boolean } = {},
): Record<"trash" | "restore" | "purge", CommandDef> {
  if (typeof module !== "string") return implementBin(resource, module, options.byCourse ?? false);
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

type BinSpecs = { [K in keyof ReturnType<typeof recycleBinSpecs>]: CommandSpec };

/** The recycle bin commands of a resource the contract declares (its trash, restore, purge). */
function implementBin(
  resource: BinResource,
  specs: BinSpecs,
  byCourse: boolean,
): Record<"trash" | "restore" | "purge", CommandDef> {
  return {
    trash: implement(specs.trash as CommandSpec & { input: typeof trashInput }, {
      async handler({ app, caller, input, form }) {
        const { rows, total } = await listTrash(
          app,
          caller,
          resource,
          input,
          filtersOf(form),
          byCourse ? input.courseId : undefined,
        );
        return { data: listAnswer(input, rows, total) };
      },
    }),
    restore: implement(specs.restore as CommandSpec & { input: typeof idInput }, {
      async handler({ app, caller, input }) {
        const recordId = await restoreFromBin(app, caller, resource, input.id);
        return { message: "trash.restored", data: { recordId } };
      },
    }),
    purge: implement(specs.purge as CommandSpec & { input: typeof idInput }, {
      async handler({ app, caller, input }) {
        await purgeFromBin(app, caller, resource, input.id);
        return { message: "trash.purged" };
      },
    }),
  };
}
