import { COMMANDS, callCommand, type ElementWithMaterials, type InputOf } from "@lms/core";
import { useCallback } from "react";
import useSWR from "swr";
import { useApiClient } from "../../../lib/api-context";
import { ApiError, useRun } from "../../../lib/data";
import type { Positioned } from "../utils/positions";
import { TRASH_PATHS } from "../../../hooks/use-trash";

const element = COMMANDS.element;
export const ELEMENT_PATH = "/element/";

/** API-DETAILS.md: element lists are read 50 rows at a time, sorted by position ascending. */
const ELEMENTS_PER_PAGE = 50;
/** A safety stop: no course has more than 1,000 elements. */
const MAX_PAGES = 20;

export type ElementCreateValues = InputOf<typeof element.create>;

/**
 * Every element of a course, each with its materials in position order
 * (`/api/element/ list` with the extra field courseId). Reads every page, so that positions and
 * moves always see the whole course.
 */
export function useCourseElements(courseId: number | null) {
  const client = useApiClient();
  const { data, error, isLoading, mutate } = useSWR(
    courseId ? [ELEMENT_PATH, "list", { courseId, all: true }] : null,
    async ([, , fields]: [string, string, { courseId: number }]) => {
      const rows: ElementWithMaterials[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const result = await callCommand(client, element.list, {
          page,
          rowsPerPage: ELEMENTS_PER_PAGE,
          sortBy: "position",
          sortOrder: "asc",
          search: "",
          extra: { courseId: fields.courseId },
        });
        if (!result.ok) throw new ApiError(result);
        rows.push(...result.data.rows);
        if (result.data.rows.length === 0 || rows.length >= result.data.totalCount) break;
      }
      return rows;
    },
    { shouldRetryOnError: false },
  );
  return {
    elements: data,
    error: error as ApiError | undefined,
    loading: isLoading,
    reload: mutate,
  };
}

export function useElementCommands() {
  const run = useRun();
  const create = useCallback((values: ElementCreateValues) => run(element.create, values), [run]);
  const update = useCallback(
    (values: InputOf<typeof element.update>) => run(element.update, values),
    [run],
  );
  const remove = useCallback(
    // Removing an element removes its materials too: the materials list changes as well.
    (id: number) => run(element.delete, { id }, { invalidates: TRASH_PATHS }),
    [run],
  );
  const setPublished = useCallback(
    (id: number, published: boolean) =>
      run(published ? element.publish : element.unpublish, { id }),
    [run],
  );
  /**
   * One swap (SPEC.md §7): swap_from and swap_to as { id, position }. A move of several places is
   * a chain of swaps; only the last one needs to refresh the list.
   */
  const swap = useCallback(
    (from: Positioned, to: Positioned, refresh: boolean) =>
      run(
        element.swap,
        { swap_from: from, swap_to: to },
        { invalidates: refresh ? [ELEMENT_PATH] : [] },
      ),
    [run],
  );
  return { create, update, remove, setPublished, swap };
}
