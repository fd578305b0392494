import { COMMANDS } from "@lms/core";
import { useCallback } from "react";
import { useRun } from "../lib/data";
import { TRASH_PATHS } from "./use-trash";

const material = COMMANDS.material;
export const MATERIAL_PATH = "/material/";
/** Materials are nested in a course's element list: a material change refreshes both. */
export const MATERIAL_CHANGES = [MATERIAL_PATH, "/element/"];

/** One side of a swap (API.md: swap_from and swap_to as { id, position }). */
interface Placed {
  id: number;
  position: number;
}

/**
 * What the materials screen and a course's element tree do to a material alike: delete it,
 * publish or unpublish it, and swap two materials of one element.
 */
export function useMaterialCommands() {
  const run = useRun();
  const remove = useCallback(
    (id: number) => run(material.delete, { id }, { invalidates: TRASH_PATHS }),
    [run],
  );
  const setPublished = useCallback(
    (id: number, published: boolean) =>
      run(
        published ? material.publish : material.unpublish,
        { id },
        {
          invalidates: MATERIAL_CHANGES,
        },
      ),
    [run],
  );
  /** Swap two materials of one element (API-DETAILS.md: swap within an element). */
  const swap = useCallback(
    (from: Placed, to: Placed, refresh: boolean) =>
      run(
        material.swap,
        { swap_from: from, swap_to: to },
        { invalidates: refresh ? MATERIAL_CHANGES : [] },
      ),
    [run],
  );
  return { remove, setPublished, swap };
}
