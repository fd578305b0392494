import type { ElementType, ListPage, Placement } from "@lms/core";
import { useCallback } from "react";
import useSWR from "swr";
import { useApiClient } from "../../../lib/api-context";
import { ApiError, useCommand } from "../../../lib/data";
import type { Positioned } from "../utils/positions";
import type { ElementWithMaterials } from "../utils/student-view";
import { TRASH_PATHS } from "../../../hooks/use-trash";

export const ELEMENT_PATH = "/element/";

/** API-DETAILS.md: element lists are read 50 rows at a time, sorted by position ascending. */
const ELEMENTS_PER_PAGE = 50;
/** A safety stop: no course has more than 1,000 elements. */
const MAX_PAGES = 20;

export interface ElementCreateValues {
  courseId: number;
  name: string;
  type: ElementType;
  placement: Placement;
  relativeTo?: number | undefined;
  published: boolean;
}

/**
 * Every element of a course, each with its materials in position order
 * (`/api/element/ list` with the extra field courseId). Reads every page, so that positions and
 * moves always see the whole course.
 */
export function useCourseElements(courseId: number | null) {
  const client = useApiClient();
  const { data, error, isLoading, mutate } = useSWR(
    courseId ? [ELEMENT_PATH, "list", { courseId, all: true }] : null,
    async ([path, , fields]: [string, string, { courseId: number }]) => {
      const rows: ElementWithMaterials[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const result = await client.list<ElementWithMaterials>(path, {
          page,
          rowsPerPage: ELEMENTS_PER_PAGE,
          sortBy: "position",
          sortOrder: "asc",
          search: "",
          extra: { courseId: fields.courseId },
        });
        if (!result.ok) throw new ApiError(result);
        const answer: ListPage<ElementWithMaterials> = result.data;
        rows.push(...answer.rows);
        if (answer.rows.length === 0 || rows.length >= answer.totalCount) break;
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
  const run = useCommand();
  const create = useCallback(
    (values: ElementCreateValues) =>
      run<ElementWithMaterials>({ path: ELEMENT_PATH, cmdType: "create", fields: { ...values } }),
    [run],
  );
  const update = useCallback(
    (values: { id: number; name: string; type: ElementType }) =>
      run<ElementWithMaterials>({ path: ELEMENT_PATH, cmdType: "update", fields: values }),
    [run],
  );
  const remove = useCallback(
    // Removing an element removes its materials too: the materials list changes as well.
    (id: number) =>
      run({ path: ELEMENT_PATH, cmdType: "delete", fields: { id } }, [...TRASH_PATHS]),
    [run],
  );
  const setPublished = useCallback(
    (id: number, published: boolean) =>
      run({ path: ELEMENT_PATH, cmdType: published ? "publish" : "unpublish", fields: { id } }),
    [run],
  );
  /**
   * One swap (SPEC.md §7): swap_from and swap_to as { id, position }. A move of several places is
   * a chain of swaps; only the last one needs to refresh the list.
   */
  const swap = useCallback(
    (from: Positioned, to: Positioned, refresh: boolean) =>
      run<{ message: string }>(
        { path: ELEMENT_PATH, cmdType: "swap", fields: { swap_from: from, swap_to: to } },
        refresh ? [ELEMENT_PATH] : [],
      ),
    [run],
  );
  return { create, update, remove, setPublished, swap };
}
