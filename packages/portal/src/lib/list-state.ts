import { DEFAULT_PAGE_SIZE, DEFAULT_SORT_ORDER, listParamsOf } from "@lms/core";
import { createDataTableState, type DataTableState } from "@lms/ui";
import { useCallback, useState } from "react";
import { listStateKey } from "./list-state-key";

type Kept = Pick<DataTableState, "rowsPerPage" | "sortBy" | "sortOrder">;

function readKept(listKey: string): Partial<Kept> {
  try {
    const raw = window.sessionStorage.getItem(listStateKey(listKey));
    return raw ? (JSON.parse(raw) as Partial<Kept>) : {};
  } catch {
    return {};
  }
}

/** A table's state as it opens: the defaults, `initial`, then what was kept for the list. */
export function initialListState(
  listKey: string,
  initial: Partial<DataTableState> = {},
): DataTableState {
  return createDataTableState({
    rowsPerPage: DEFAULT_PAGE_SIZE,
    sortOrder: DEFAULT_SORT_ORDER,
    ...initial,
    ...readKept(listKey),
  });
}

/**
 * A table's request state. The chosen page size and sort are kept per list for the browser
 * session (issue 5), so coming back to a list shows it as it was left.
 */
export function useListState(listKey: string, initial: Partial<DataTableState> = {}) {
  const [state, setState] = useState(() => initialListState(listKey, initial));
  const update = useCallback(
    (next: DataTableState) => {
      setState(next);
      try {
        const kept: Kept = {
          rowsPerPage: next.rowsPerPage,
          sortBy: next.sortBy,
          sortOrder: next.sortOrder,
        };
        window.sessionStorage.setItem(listStateKey(listKey), JSON.stringify(kept));
      } catch {
        // Storage may be full or blocked; the table still works.
      }
    },
    [listKey],
  );
  return [state, update] as const;
}

/** The table's state as the list protocol's parameters (@lms/core's list adapter). */
export const toListParams = listParamsOf;
