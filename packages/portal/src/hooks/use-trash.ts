import { COMMANDS, callCommand, type ListParams } from "@lms/core";
import { useCallback } from "react";
import { useApiClient } from "../lib/api-context";
import { useList, useRun } from "../lib/data";

/**
 * The resources whose records go to the recycle bin, by path. A delete, restore or purge can move
 * dependants of other paths (a school's users, a course's elements), so each revalidates all of
 * them: the live lists and the bins alike.
 */
const BINS = {
  "/school/": COMMANDS.school,
  "/user/": COMMANDS.user,
  "/role/": COMMANDS.role,
  "/course/": COMMANDS.course,
  "/element/": COMMANDS.element,
  "/material/": COMMANDS.material,
} as const;

export type TrashPath = keyof typeof BINS;

export const TRASH_PATHS = Object.keys(BINS) as TrashPath[];

/** One page of a path's recycle bin (cmdType=trash, the list protocol). */
export function useTrash(path: TrashPath, params: ListParams, enabled = true) {
  return useList(BINS[path].trash, params, enabled);
}

export function useTrashCommands(path: TrashPath) {
  const run = useRun();
  const restore = useCallback(
    (id: number) => run(BINS[path].restore, { id }, { invalidates: TRASH_PATHS }),
    [path, run],
  );
  const purge = useCallback(
    (id: number) => run(BINS[path].purge, { id }, { invalidates: TRASH_PATHS }),
    [path, run],
  );
  return { restore, purge };
}

/** Reads what deleting a record would take with it (cmdType=impact), fresh each time. */
export function useDeletionImpact() {
  const client = useApiClient();
  return useCallback(
    (path: TrashPath, id: number) => callCommand(client, BINS[path].impact, { id }),
    [client],
  );
}
