import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import * as React from "react";
import { cn } from "../lib/cn";
import {
  ArrowDownIcon,
  ArrowUpIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
  ChevronsUpDownIcon,
  MoreHorizontalIcon,
  PencilIcon,
  SearchIcon,
} from "../lib/icons";
import { Button } from "./button";
import { Checkbox } from "./checkbox";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "./dropdown-menu";
import { EmptyState } from "./empty-state";
import { IconButton } from "./icon-button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";
import { DEFAULT_SKELETON_ROWS, SkeletonTableRows } from "./skeleton-table";

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

/** A filter shown as a select in the toolbar. */
type DataTableFilter = {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Text of the "no filter" option; `labels.filterAll` by default. */
  allLabel?: string;
};

/** An entry of a row's actions menu. */
type DataTableRowAction = {
  label: string;
  onSelect: () => void;
  /** Painted red, for deletes. */
  destructive?: boolean;
  disabled?: boolean;
};

/** Optional per-column settings, read from `columnDef.meta`. */
type DataTableColumnMeta = {
  /** Classes of the column's cells. */
  className?: string;
  /** Classes of the column's header. */
  headerClassName?: string;
  /** Right-align numbers. */
  align?: "start" | "end";
};

type RenderLinkProps = { href: string; className: string; children: React.ReactNode };

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

const defaultLabels: DataTableLabels = {
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

type DataTableProps<Row> = {
  /** TanStack column definitions; a column with an accessor is sortable unless `enableSorting: false`. */
  // Each column has its own value type; `any` is TanStack's documented way to mix them in one array.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<Row, any>[];
  /** The rows of the current page, as the server returned them. */
  data: readonly Row[];
  /** How many rows match the search and filters on the server. */
  totalCount: number;
  /** The server estimated `totalCount` (a huge match set): the range says "of about N". */
  totalIsEstimate?: boolean;
  /** Shows skeleton rows instead of the data. */
  loading?: boolean;
  /** The request state (page, rows per page, sort, search, filters). */
  state: DataTableState;
  /** Called with the whole next state; changing sort, search, filters or page size goes back to page 1. */
  onStateChange: (next: DataTableState) => void;
  /** A stable id per row; `row.id` by default. */
  getRowId?: (row: Row, index: number) => string;
  /** Names a row in the accessible names of its controls ("Edit Rizal High School"); the id by default. */
  getRowLabel?: (row: Row) => string;
  /** Rows-per-page options; 10, 25 and 50 by default. */
  pageSizes?: readonly number[];
  /** Milliseconds of quiet typing before the search is sent; 600 by default. */
  searchDebounceMs?: number;
  /** Hide the search box. */
  searchable?: boolean;
  /** Filters shown as selects beside the search box. */
  filters?: readonly DataTableFilter[];
  /** Makes each row link to its details page. */
  getRowHref?: (row: Row) => string;
  /** Renders the row link, for example with the router's `<Link to={href}>`; a plain `<a>` by default. */
  renderLink?: (props: RenderLinkProps) => React.ReactNode;
  /** Id of the column whose cell holds the row link; the first data column by default. */
  linkColumnId?: string;
  /** Adds an edit button to each row. */
  onEdit?: (row: Row) => void;
  /** Entries of each row's actions menu (status change, delete...). */
  rowActions?: (row: Row) => DataTableRowAction[];
  /** Adds a checkbox column for bulk actions. */
  selectable?: boolean;
  /** Ids of the selected rows (controlled). */
  selectedIds?: readonly string[];
  onSelectionChange?: (ids: string[]) => void;
  /** Whether every row matching the search and filters is selected, beyond this page. */
  allMatchingSelected?: boolean;
  /** Enables the "select all N matching" button when the whole page is selected. */
  onAllMatchingSelectedChange?: (selected: boolean) => void;
  /** Buttons shown in the selection bar, acting on the selection. */
  bulkActions?: React.ReactNode;
  /** Shown instead of rows when there are none. */
  emptyState?: React.ReactNode;
  /** Extra toolbar content at the end (create button, view toggle...). */
  toolbar?: React.ReactNode;
  /** Accessible name of the table. */
  caption?: string;
  /** Skeleton rows while loading; 5 by default. */
  skeletonRows?: number;
  labels?: Partial<DataTableLabels>;
  className?: string;
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

function defaultRenderLink({ href, className, children }: RenderLinkProps) {
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

function defaultGetRowId(row: unknown, index: number): string {
  const id = (row as { id?: unknown } | null)?.id;
  return id === undefined || id === null ? String(index) : String(id);
}

const INTERACTIVE =
  "a, button, input, select, textarea, label, [role='checkbox'], [role='menuitem']";

/**
 * A controlled table for server-side data: the portal keeps `state`, fetches with it and passes
 * back `data` and `totalCount`. Sorting, paging, searching and filtering call `onStateChange`.
 */
function DataTable<Row>({
  columns,
  data,
  totalCount,
  totalIsEstimate = false,
  loading = false,
  state,
  onStateChange,
  getRowId = defaultGetRowId,
  getRowLabel,
  pageSizes = DEFAULT_PAGE_SIZES,
  searchDebounceMs = DEFAULT_SEARCH_DEBOUNCE_MS,
  searchable = true,
  filters,
  getRowHref,
  renderLink = defaultRenderLink,
  linkColumnId,
  onEdit,
  rowActions,
  selectable = false,
  selectedIds = [],
  onSelectionChange,
  allMatchingSelected = false,
  onAllMatchingSelectedChange,
  bulkActions,
  emptyState,
  toolbar,
  caption,
  skeletonRows = DEFAULT_SKELETON_ROWS,
  labels: labelsProp,
  className,
}: DataTableProps<Row>) {
  const labels = { ...defaultLabels, ...labelsProp };
  const sorting: SortingState = state.sortBy
    ? [{ id: state.sortBy, desc: state.sortOrder === "desc" }]
    : [];

  const table = useReactTable<Row>({
    data: data as Row[],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    rowCount: totalCount,
    state: { sorting },
  });

  const rowLabel = (row: Row, index: number) => getRowLabel?.(row) ?? getRowId(row, index);
  const dataColumns = table.getVisibleLeafColumns();
  const linkColumn = getRowHref
    ? (linkColumnId ?? dataColumns.find((column) => column.accessorFn)?.id ?? dataColumns[0]?.id)
    : undefined;
  const hasActions = Boolean(onEdit || rowActions);
  const columnCount = dataColumns.length + (selectable ? 1 : 0) + (hasActions ? 1 : 0);

  const update = (patch: Partial<DataTableState>, keepPage = false) =>
    onStateChange({ ...state, ...patch, ...(keepPage ? {} : { page: 1 }) });

  const toggleSort = (column: Column<Row>) => {
    // A new column starts descending (SPEC.md §9); the current one flips.
    if (state.sortBy === column.id) {
      update({ sortOrder: state.sortOrder === "desc" ? "asc" : "desc" });
    } else {
      update({ sortBy: column.id, sortOrder: "desc" });
    }
  };

  // Selection (ids, so it survives paging).
  const pageIds = table.getRowModel().rows.map((row) => row.id);
  const selected = new Set(selectedIds);
  const isSelected = (id: string) => allMatchingSelected || selected.has(id);
  const selectedOnPage = pageIds.filter(isSelected).length;
  const pageChecked =
    pageIds.length > 0 && selectedOnPage === pageIds.length
      ? true
      : selectedOnPage > 0
        ? ("indeterminate" as const)
        : false;
  const setSelection = (ids: Iterable<string>) => {
    if (allMatchingSelected) onAllMatchingSelectedChange?.(false);
    onSelectionChange?.([...new Set(ids)]);
  };
  const togglePage = () => {
    if (pageChecked === true) {
      setSelection([...selected].filter((id) => !pageIds.includes(id)));
    } else {
      setSelection([...selected, ...pageIds]);
    }
  };
  const toggleRow = (id: string) => {
    const base = allMatchingSelected ? new Set(pageIds) : new Set(selected);
    if (base.has(id)) base.delete(id);
    else base.add(id);
    setSelection(base);
  };
  const selectionCount = allMatchingSelected ? totalCount : selected.size;

  const pageCount = Math.max(1, Math.ceil(totalCount / state.rowsPerPage));
  const from = totalCount === 0 ? 0 : (state.page - 1) * state.rowsPerPage + 1;
  const to = Math.min(totalCount, state.page * state.rowsPerPage);
  const goTo = (page: number) => update({ page: Math.min(Math.max(1, page), pageCount) }, true);

  const handleRowClick = (event: React.MouseEvent<HTMLTableRowElement>) => {
    if (!getRowHref) return;
    const target = event.target as HTMLElement;
    if (target.closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return; // the user is selecting text
    event.currentTarget.querySelector<HTMLElement>("[data-row-link] a, a[data-row-link]")?.click();
  };

  const rows = table.getRowModel().rows;
  const showToolbar = searchable || (filters && filters.length > 0) || toolbar;

  return (
    <div data-slot="data-table" className={cn("flex flex-col gap-3", className)}>
      {showToolbar ? (
        <div className="flex flex-wrap items-center gap-2">
          {searchable ? (
            <DataTableSearch
              value={state.search}
              debounceMs={searchDebounceMs}
              label={labels.search}
              placeholder={labels.searchPlaceholder}
              onSearch={(search) => update({ search })}
            />
          ) : null}
          {filters?.map((filter) => (
            <DataTableFilterSelect
              key={filter.key}
              filter={filter}
              value={state.filters[filter.key]?.[0]}
              allLabel={filter.allLabel ?? labels.filterAll}
              onChange={(value) =>
                update({
                  filters: { ...state.filters, [filter.key]: value === undefined ? [] : [value] },
                })
              }
            />
          ))}
          {toolbar ? <div className="ms-auto flex items-center gap-2">{toolbar}</div> : null}
        </div>
      ) : null}

      {selectable && selectionCount > 0 ? (
        <div
          data-slot="data-table-selection"
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-control border border-primary/20 bg-primary-soft px-4 py-2 text-sm text-primary-soft-foreground"
        >
          <span className="font-medium">
            {allMatchingSelected
              ? labels.allMatchingSelected(totalCount)
              : labels.selectedCount(selectionCount)}
          </span>
          {!allMatchingSelected &&
          onAllMatchingSelectedChange &&
          pageChecked === true &&
          totalCount > pageIds.length ? (
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={() => onAllMatchingSelectedChange(true)}
            >
              {labels.selectAllMatching(totalCount)}
            </Button>
          ) : null}
          <Button
            variant="link"
            size="sm"
            className="h-auto px-0"
            onClick={() => {
              onAllMatchingSelectedChange?.(false);
              onSelectionChange?.([]);
            }}
          >
            {labels.clearSelection}
          </Button>
          {bulkActions ? (
            <div className="ms-auto flex items-center gap-2">{bulkActions}</div>
          ) : null}
        </div>
      ) : null}

      <div className="overflow-x-auto rounded-card border border-border bg-surface shadow-xs">
        <table aria-busy={loading || undefined} className="w-full caption-bottom text-sm">
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead className="bg-muted">
            {table.getHeaderGroups().map((headerGroup) => (
              <tr key={headerGroup.id} className="border-b border-border">
                {selectable ? (
                  <th scope="col" className="w-10 px-4">
                    <Checkbox
                      aria-label={labels.selectPage}
                      checked={pageChecked}
                      disabled={loading || pageIds.length === 0}
                      onCheckedChange={togglePage}
                    />
                  </th>
                ) : null}
                {headerGroup.headers.map((header) => {
                  const meta = header.column.columnDef.meta as DataTableColumnMeta | undefined;
                  const canSort = header.column.getCanSort();
                  const sorted = state.sortBy === header.column.id ? state.sortOrder : undefined;
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      colSpan={header.colSpan}
                      aria-sort={
                        canSort
                          ? sorted === "asc"
                            ? "ascending"
                            : sorted === "desc"
                              ? "descending"
                              : "none"
                          : undefined
                      }
                      className={cn(
                        "h-11 px-4 text-start text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase",
                        meta?.align === "end" && "text-end",
                        meta?.headerClassName,
                      )}
                    >
                      {canSort ? (
                        <button
                          type="button"
                          onClick={() => toggleSort(header.column)}
                          className={cn(
                            "-mx-2 inline-flex cursor-pointer items-center gap-1.5 rounded-sm px-2 py-1 uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-3.5",
                            sorted && "text-foreground",
                          )}
                        >
                          {content}
                          {sorted === "asc" ? (
                            <ArrowUpIcon />
                          ) : sorted === "desc" ? (
                            <ArrowDownIcon />
                          ) : (
                            <ChevronsUpDownIcon className="opacity-60" />
                          )}
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
                {hasActions ? (
                  <th
                    scope="col"
                    data-slot="data-table-actions"
                    className="sticky end-0 h-11 w-px bg-muted px-4 text-end text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase shadow-[inset_1px_0_0_var(--color-border)]"
                  >
                    {labels.actions}
                  </th>
                ) : null}
              </tr>
            ))}
          </thead>
          <tbody>
            {loading ? (
              <SkeletonTableRows columnCount={columnCount} rows={skeletonRows} />
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount}>
                  {emptyState ?? <EmptyState size="compact" title={labels.empty} />}
                </td>
              </tr>
            ) : (
              rows.map((row) => {
                const id = row.id;
                const name = rowLabel(row.original, row.index);
                const href = getRowHref?.(row.original);
                const checked = isSelected(id);
                const actions = rowActions?.(row.original) ?? [];
                return (
                  <tr
                    key={id}
                    data-state={checked ? "selected" : undefined}
                    onClick={href ? handleRowClick : undefined}
                    className={cn(
                      "border-b border-border transition-colors last:border-0 hover:bg-muted/60 data-[state=selected]:bg-primary-soft/60",
                      href && "cursor-pointer",
                    )}
                  >
                    {selectable ? (
                      <td className="w-10 px-4">
                        <Checkbox
                          aria-label={labels.selectRow(name)}
                          checked={checked}
                          onCheckedChange={() => toggleRow(id)}
                        />
                      </td>
                    ) : null}
                    {row.getVisibleCells().map((cell) => {
                      const meta = cell.column.columnDef.meta as DataTableColumnMeta | undefined;
                      const value = flexRender(cell.column.columnDef.cell, cell.getContext());
                      const isLink = href !== undefined && cell.column.id === linkColumn;
                      return (
                        <td
                          key={cell.id}
                          data-row-link={isLink || undefined}
                          className={cn(
                            "h-12 px-4 py-2 align-middle text-foreground",
                            meta?.align === "end" && "text-end tabular-nums",
                            meta?.className,
                          )}
                        >
                          {isLink
                            ? renderLink({
                                href,
                                className:
                                  "font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:underline focus-visible:ring-2 focus-visible:ring-ring rounded-sm",
                                children: value,
                              })
                            : value}
                        </td>
                      );
                    })}
                    {hasActions ? (
                      // Stays in view at the end of a table that scrolls sideways (narrow screens,
                      // long values), so a row's actions are always one tap away.
                      <td
                        data-slot="data-table-actions"
                        className="sticky end-0 bg-surface px-4 py-1 text-end whitespace-nowrap shadow-[inset_1px_0_0_var(--color-border)]"
                      >
                        <div className="inline-flex items-center gap-1">
                          {onEdit ? (
                            <IconButton
                              size="sm"
                              label={labels.editRow(name)}
                              onClick={() => onEdit(row.original)}
                            >
                              <PencilIcon />
                            </IconButton>
                          ) : null}
                          {actions.length > 0 ? (
                            <DropdownMenu>
                              <DropdownMenuTrigger asChild>
                                <IconButton size="sm" label={labels.rowActions(name)}>
                                  <MoreHorizontalIcon />
                                </IconButton>
                              </DropdownMenuTrigger>
                              <DropdownMenuContent>
                                {actions.map((action) => (
                                  <DropdownMenuItem
                                    key={action.label}
                                    tone={action.destructive ? "destructive" : "default"}
                                    disabled={action.disabled}
                                    onSelect={action.onSelect}
                                  >
                                    {action.label}
                                  </DropdownMenuItem>
                                ))}
                              </DropdownMenuContent>
                            </DropdownMenu>
                          ) : null}
                        </div>
                      </td>
                    ) : null}
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
        {loading ? (
          <span role="status" className="sr-only">
            {labels.loading}
          </span>
        ) : null}
      </div>

      <DataTablePagination
        page={state.page}
        pageCount={pageCount}
        rowsPerPage={state.rowsPerPage}
        pageSizes={pageSizes}
        info={(totalIsEstimate ? labels.pageInfoEstimate : labels.pageInfo)({
          from,
          to,
          total: totalCount,
        })}
        labels={labels}
        disabled={loading}
        onPageChange={goTo}
        onRowsPerPageChange={(rowsPerPage) => update({ rowsPerPage })}
      />
    </div>
  );
}

type DataTableSearchProps = {
  value: string;
  debounceMs: number;
  label: string;
  placeholder: string;
  onSearch: (value: string) => void;
};

/** The search box: typing waits for `debounceMs` of quiet, then sends once; Enter sends at once. */
function DataTableSearch({
  value,
  debounceMs,
  label,
  placeholder,
  onSearch,
}: DataTableSearchProps) {
  const [text, setText] = React.useState(value);
  // When the portal resets the search (e.g. navigating), show its value.
  const [lastValue, setLastValue] = React.useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = React.useRef({ value, onSearch });
  React.useEffect(() => {
    latest.current = { value, onSearch };
  });
  React.useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed !== latest.current.value) latest.current.onSearch(trimmed);
  };

  return (
    <div className="relative w-full sm:w-72">
      <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => send(next), debounceMs);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") send(event.currentTarget.value);
        }}
        className={cn(
          "h-9 w-full rounded-control border border-input bg-surface ps-9 pe-3 text-sm text-surface-foreground shadow-xs",
          "placeholder:text-muted-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30",
        )}
      />
    </div>
  );
}

const ALL = "__all__"; // Radix Select items cannot have an empty value.

type DataTableFilterSelectProps = {
  filter: DataTableFilter;
  value: string | undefined;
  allLabel: string;
  onChange: (value: string | undefined) => void;
};

function DataTableFilterSelect({ filter, value, allLabel, onChange }: DataTableFilterSelectProps) {
  return (
    <Select
      value={value ?? ALL}
      onValueChange={(next) => onChange(next === ALL ? undefined : next)}
    >
      <SelectTrigger aria-label={filter.label} className="w-auto min-w-40">
        <span className="flex items-center gap-1.5 truncate">
          <span className="text-muted-foreground">{filter.label}:</span>
          <SelectValue />
        </span>
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{allLabel}</SelectItem>
        {filter.options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

type DataTablePaginationProps = {
  page: number;
  pageCount: number;
  rowsPerPage: number;
  pageSizes: readonly number[];
  info: string;
  labels: DataTableLabels;
  disabled: boolean;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
};

function DataTablePagination({
  page,
  pageCount,
  rowsPerPage,
  pageSizes,
  info,
  labels,
  disabled,
  onPageChange,
  onRowsPerPageChange,
}: DataTablePaginationProps) {
  const rowsPerPageId = React.useId();
  return (
    <div
      data-slot="data-table-pagination"
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 text-sm text-muted-foreground"
    >
      <div className="flex items-center gap-2">
        <span id={rowsPerPageId}>{labels.rowsPerPage}</span>
        <Select
          value={String(rowsPerPage)}
          onValueChange={(next) => onRowsPerPageChange(Number(next))}
        >
          <SelectTrigger aria-labelledby={rowsPerPageId} size="sm" className="w-20">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {pageSizes.map((size) => (
              <SelectItem key={size} value={String(size)}>
                {size}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex items-center gap-3">
        <span aria-live="polite" className="tabular-nums">
          {info}
        </span>
        <div className="flex items-center gap-1">
          <IconButton
            size="sm"
            variant="outline"
            label={labels.firstPage}
            disabled={disabled || page <= 1}
            onClick={() => onPageChange(1)}
          >
            <ChevronsLeftIcon />
          </IconButton>
          <IconButton
            size="sm"
            variant="outline"
            label={labels.previousPage}
            disabled={disabled || page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            size="sm"
            variant="outline"
            label={labels.nextPage}
            disabled={disabled || page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            <ChevronRightIcon />
          </IconButton>
          <IconButton
            size="sm"
            variant="outline"
            label={labels.lastPage}
            disabled={disabled || page >= pageCount}
            onClick={() => onPageChange(pageCount)}
          >
            <ChevronsRightIcon />
          </IconButton>
        </div>
      </div>
    </div>
  );
}

export { createDataTableState, DataTable, DEFAULT_PAGE_SIZES, DEFAULT_SEARCH_DEBOUNCE_MS };
export type {
  DataTableColumnMeta,
  DataTableFilter,
  DataTableLabels,
  DataTableProps,
  DataTableRowAction,
  DataTableState,
  RenderLinkProps,
  SortOrder,
};
