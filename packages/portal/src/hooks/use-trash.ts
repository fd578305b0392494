import type { DeletionImpact, ListParams, TrashEntry } from "@lms/core";
import { useCallback } from "react";
import { useApiClient } from "../lib/api-context";
import { useCommand, useListQuery } from "../lib/data";

/**
 * The paths whose records go to the recycle bin. A delete, restore or purge can move dependants
 * of other paths (a school's users, a course's elements), so each revalidates all of them: the
 * live lists and the bins alike.
 */
export const TRASH_PATHS = [
  "/school/",
  "/user/",
  "/role/",
  "/course/",
  "/element/",
  "/material/",
] as const;

export type TrashPath = (typeof TRASH_PATHS)[number];

/** One page of a path's recycle bin (cmdType=trash, the list protocol). */
export function useTrash(path: TrashPath, params: ListParams, enabled = true) {
  return useListQuery<TrashEntry>(path, params, enabled, "trash");
}

export function useTrashCommands(path: TrashPath) {
  const run = useCommand();
  const restore = useCallback(
    (id: number) =>
      run<{ recordId: number }>({ path, cmdType: "restore", fields: { id } }, [...TRASH_PATHS]),
    [path, run],
  );
  const purge = useCallback(
    (id: number) => run({ path, cmdType: "purge", fields: { id } }, [...TRASH_PATHS]),
    [path, run],
  );
  return { restore, purge };
}

/** Reads what deleting a record would take with it (cmdType=impact), fresh each time. */
export function useDeletionImpact() {
  const client = useApiClient();
  return useCallback(
    (path: TrashPath, id: number) =>
      client.request<DeletionImpact>({ path, cmdType: "impact", fields: { id } }),
    [client],
  );
}
