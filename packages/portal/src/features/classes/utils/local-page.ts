import type { DataTableState } from "@lms/ui";

export interface LocalTableSpec<Row> {
  /** The text a search looks in. */
  text: (row: Row) => string;
  /** Sort keys by column id; a column without one keeps the given order. */
  sort: Record<string, (row: Row) => string | number | null>;
}

/** Empty values last whichever the direction. */
const compare = (a: string | number | null, b: string | number | null, direction: 1 | -1) => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return (
    direction *
    (typeof a === "number" && typeof b === "number"
      ? a - b
      : String(a).localeCompare(String(b), undefined, { sensitivity: "base" }))
  );
};

/**
 * One page of rows a record already holds (a class's students, teachers and courses), searched,
 * sorted and paged on the client with the same table state as the server-side lists.
 */
export function localPage<Row>(
  rows: readonly Row[],
  state: DataTableState,
  spec: LocalTableSpec<Row>,
): { rows: Row[]; total: number } {
  const term = state.search.trim().toLowerCase();
  const found = term ? rows.filter((row) => spec.text(row).toLowerCase().includes(term)) : rows;
  const key = state.sortBy ? spec.sort[state.sortBy] : undefined;
  const sorted = key
    ? [...found].sort((a, b) => compare(key(a), key(b), state.sortOrder === "asc" ? 1 : -1))
    : [...found];
  const start = (state.page - 1) * state.rowsPerPage;
  return { rows: sorted.slice(start, start + state.rowsPerPage), total: found.length };
}
