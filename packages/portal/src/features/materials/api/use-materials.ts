import type { ListParams, MaterialRecord } from "@lms/core";
import { useCallback } from "react";
import { useCommand, useListQuery } from "../../../lib/data";
import { TRASH_PATHS } from "../../../hooks/use-trash";

export const MATERIAL_PATH = "/material/";
/** Materials are nested in a course's element list: a change refreshes both. */
const CHANGES = [MATERIAL_PATH, "/element/"];

/**
 * One page of every material the caller may see (API-DETAILS.md: `/api/material/ list` without
 * courseId or elementId is the materials screen).
 */
export function useMaterials(params: ListParams) {
  return useListQuery<MaterialRecord>(MATERIAL_PATH, params);
}

export function useMaterialCommands() {
  const run = useCommand();
  const remove = useCallback(
    (id: number) =>
      run({ path: MATERIAL_PATH, cmdType: "delete", fields: { id } }, [...TRASH_PATHS]),
    [run],
  );
  const setPublished = useCallback(
    (id: number, published: boolean) =>
      run(
        { path: MATERIAL_PATH, cmdType: published ? "publish" : "unpublish", fields: { id } },
        CHANGES,
      ),
    [run],
  );
  return { remove, setPublished };
}
