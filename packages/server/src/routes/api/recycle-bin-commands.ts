import type { CommandSpec, recycleBinSpecs } from "@lms/core";
import { implement, type CommandDef } from "../../dispatch/commands";
import type { idInput, trashInput } from "../../lib/inputs";
import { listAnswer } from "../../lib/list";
import {
  listTrash,
  purgeFromBin,
  restoreFromBin,
  type BinResource,
} from "../../services/recycle-bin";
import { filtersOf } from "../../lib/command-io";

type BinSpecs = { [K in keyof ReturnType<typeof recycleBinSpecs>]: CommandSpec };

/**
 * A resource's recycle bin (issue 13), as the contract declares it: `trash` (the list protocol),
 * `restore` and `purge` of a bin entry; the rules are services/recycle-bin's. `byCourse`: the list
 * may be narrowed to one course (`courseId`).
 */
export function recycleBinCommands(
  resource: BinResource,
  specs: BinSpecs,
  options: { byCourse?: boolean } = {},
): Record<"trash" | "restore" | "purge", CommandDef> {
  const byCourse = options.byCourse ?? false;
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
