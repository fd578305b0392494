import { createDataTableState, type DataTableState } from "@lms/ui";
import { useMemo, useState } from "react";
import { localPage, type LocalTableSpec } from "../utils/local-page";

/** Table state and the current page for rows the page already holds. */
export function useLocalTable<Row>(
  rows: readonly Row[],
  spec: LocalTableSpec<Row>,
  initial: Partial<DataTableState>,
) {
  const [state, setState] = useState(() => createDataTableState(initial));
  const page = useMemo(() => localPage(rows, state, spec), [rows, state, spec]);
  return { state, setState, page };
}
