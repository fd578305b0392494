// SPEC.md §9: page size 10 by default, options 10/25/50; search debounce 600 ms; sort descending.
const DEFAULT_PAGE_SIZES = [10, 25, 50] as const;
const DEFAULT_SEARCH_DEBOUNCE_MS = 600;

type SortOrder = "asc" | "desc";

/** The request state of a server-side table (API.md's list protocol). The portal owns it. */
type DataTableState = {
  /** 1-based page number. */
  page: number;
  rowsPerPage: number;
  /** Column id the server sorts by; none for the server's default order. */
  sortBy?: string | undefined;
  sortOrder: SortOrder;
  /** The search text as typed (the API client lower-cases it). */
  search: string;
  /** Selected values per filter key (`filter[key]`, `filter[values][]`). Empty means all. */
  filters: Record<string, string[]>;
};

/** A starting state: page 1, 10 rows, descending, no search, no filters. */
function createDataTableState(overrides: Partial<DataTableState> = {}): DataTableState {
  return {
    page: 1,
    rowsPerPage: DEFAULT_PAGE_SIZES[0],
    sortBy: undefined,
    sortOrder: "desc",
    search: "",
    filters: {},
    ...overrides,
  };
}

/** The state after a change: a change of sort, search, filters or page size goes back to page 1. */
function updateDataTableState(
  state: DataTableState,
  patch: Partial<DataTableState>,
): DataTableState {
  return { ...state, page: 1, ...patch };
}

/** Every text the table shows; English defaults, the portal passes catalogue texts. */
type DataTableLabels = {
  search: string;
  searchPlaceholder: string;
  rowsPerPage: string;
  /** "11–20 of 57" */
  pageInfo: (range: { from: number; to: number; total: number }) => string;
  /** "1–25 of about 120,000": the total is the server's estimate (`totalIsEstimate`). */
  pageInfoEstimate: (range: { from: number; to: number; total: number }) => string;
  firstPage: string;
  previousPage: string;
  nextPage: string;
  lastPage: string;
  /** Header of the actions column. */
  actions: string;
  /** Name of a row's edit button. */
  editRow: (rowLabel: string) => string;
  /** Name of a row's actions menu button. */
  rowActions: (rowLabel: string) => string;
  selectRow: (rowLabel: string) => string;
  selectPage: string;
  /** "3 selected" */
  selectedCount: (count: number) => string;
  /** "Select all 57 matching rows" */
  selectAllMatching: (total: number) => string;
  /** "All 57 matching rows are selected." */
  allMatchingSelected: (total: number) => string;
  clearSelection: string;
  filterAll: string;
  loading: string;
  /** Shown when there are no rows and no `emptyState` is given. */
  empty: string;
};

const DEFAULT_DATA_TABLE_LABELS: DataTableLabels = {
  search: "Search",
  searchPlaceholder: "Search…",
  rowsPerPage: "Rows per page",
  pageInfo: ({ from, to, total }) => `${from}–${to} of ${total}`,
  pageInfoEstimate: ({ from, to, total }) => `${from}–${to} of about ${total}`,
  firstPage: "First page",
  previousPage: "Previous page",
  nextPage: "Next page",
  lastPage: "Last page",
  actions: "Actions",
  editRow: (row) => `Edit ${row}`,
  rowActions: (row) => `More actions for ${row}`,
  selectRow: (row) => `Select ${row}`,
  selectPage: "Select all rows on this page",
  selectedCount: (count) => `${count} selected`,
  selectAllMatching: (total) => `Select all ${total} matching rows`,
  allMatchingSelected: (total) => `All ${total} matching rows are selected.`,
  clearSelection: "Clear selection",
  filterAll: "All",
  loading: "Loading",
  empty: "No results found.",
};

/** The parts take the texts they show; any left out are the English defaults. */
function withDefaultLabels(labels: Partial<DataTableLabels> | undefined): DataTableLabels {
  return { ...DEFAULT_DATA_TABLE_LABELS, ...labels };
}

/** Optional per-column settings, read from `columnDef.meta`. */
type DataTableColumnMeta = {
  /** Classes of the column's cells. */
  className?: string;
  /** Classes of the column's header. */
  headerClassName?: string;
  /** Right-align numbers. */
  align?: "start" | "end";
};

function getColumnMeta(column: { columnDef: { meta?: unknown } }): DataTableColumnMeta | undefined {
  return column.columnDef.meta as DataTableColumnMeta | undefined;
}

export {
  createDataTableState,
  DEFAULT_DATA_TABLE_LABELS,
  DEFAULT_PAGE_SIZES,
  DEFAULT_SEARCH_DEBOUNCE_MS,
  getColumnMeta,
  updateDataTableState,
  withDefaultLabels,
};
export type { DataTableColumnMeta, DataTableLabels, DataTableState, SortOrder };
