import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import type * as React from "react";
import { useDeferredValue } from "react";
import { cn } from "../lib/cn";
import { useShownAfter } from "../lib/use-shown-after";
import { Checkbox } from "./checkbox";
import { DataTableColumnHeader } from "./data-table-column-header";
import type { DataTableFilter } from "./data-table-faceted-filter";
import { DataTablePagination } from "./data-table-pagination";
import {
  DataTableActionsCell,
  DataTableActionsHead,
  DataTableRowActions,
  type DataTableRowAction,
} from "./data-table-row-actions";
import {
  defaultRenderLink,
  followRowLink,
  getLinkColumnId,
  rowLinkClassName,
  type RenderLinkProps,
} from "./data-table-row-link";
import { DataTableSelectionBar, getDataTableSelection } from "./data-table-selection";
import {
  createDataTableState,
  DEFAULT_PAGE_SIZES,
  DEFAULT_SEARCH_DEBOUNCE_MS,
  getColumnMeta,
  withDefaultLabels,
  type DataTableColumnMeta,
  type DataTableLabels,
  type DataTableState,
  type SortOrder,
} from "./data-table-state";
import { DataTableToolbar } from "./data-table-toolbar";
import { EmptyState } from "./empty-state";
import { DEFAULT_SKELETON_ROWS, SkeletonTableRows } from "./skeleton-table";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableHead,
  TableHeader,
  TableRow,
} from "./table";

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
  /** A load under way: the table is busy, and shows skeleton rows once it has taken 400 ms. */
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
  /** Skeleton rows once a load has taken 400 ms; 5 by default. */
  skeletonRows?: number;
  labels?: Partial<DataTableLabels>;
  className?: string;
};

function defaultGetRowId(row: unknown, index: number): string {
  const id = (row as { id?: unknown } | null)?.id;
  return id === undefined || id === null ? String(index) : String(id);
}

/**
 * How long a load may take before its skeleton rows show: until then the table keeps the rows it
 * was given (the previous page's, or none on a first load), busy. A quicker answer replaces them
 * without a flash of placeholders, and without their removal, the costliest DOM work of a list's
 * opening (issue 14).
 */
const SKELETON_DELAY_MS = 400;

/** One empty page for every render without rows, so the deferred value does not change. */
const NO_ROWS: readonly never[] = [];

/**
 * A controlled table for server-side data: the portal keeps `state`, fetches with it and passes
 * back `data` and `totalCount`. Sorting, paging, searching and filtering call `onStateChange`.
 * Built from the parts exported beside it (toolbar, column header, row actions, selection bar,
 * pagination) over the `Table` primitive.
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
  const labels = withDefaultLabels(labelsProp);
  // A page's rows (a row's checkbox, link and actions menu each) render in a transition, which
  // yields to the browser as it goes, instead of in one task as the answer arrives. Until they
  // are shown, the table is busy and its page's selection waits.
  const latest = data.length === 0 ? NO_ROWS : data;
  const shownData = useDeferredValue(latest);
  const shownLoading = useDeferredValue(loading);
  const skeletonShown = useShownAfter(shownLoading, SKELETON_DELAY_MS);
  const busy = loading || shownLoading;
  const pending = busy || shownData !== latest;
  const sorting: SortingState = state.sortBy
    ? [{ id: state.sortBy, desc: state.sortOrder === "desc" }]
    : [];

  const table = useReactTable<Row>({
    data: shownData as Row[],
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
  const linkColumn = getRowHref ? getLinkColumnId(dataColumns, linkColumnId) : undefined;
  const hasActions = Boolean(onEdit || rowActions);
  const columnCount = dataColumns.length + (selectable ? 1 : 0) + (hasActions ? 1 : 0);

  const rows = table.getRowModel().rows;
  const pageIds = rows.map((row) => row.id);
  const selection = getDataTableSelection({
    pageIds,
    selectedIds,
    allMatchingSelected,
    onSelectionChange,
    onAllMatchingSelectedChange,
  });
  const selectionCount = allMatchingSelected ? totalCount : selection.selectedCount;
  const showToolbar = searchable || (filters && filters.length > 0) || toolbar;

  return (
    <div data-slot="data-table" className={cn("flex flex-col gap-3", className)}>
      {showToolbar ? (
        <DataTableToolbar
          state={state}
          onStateChange={onStateChange}
          searchable={searchable}
          searchDebounceMs={searchDebounceMs}
          filters={filters}
          labels={labels}
        >
          {toolbar}
        </DataTableToolbar>
      ) : null}

      {selectable && selectionCount > 0 ? (
        <DataTableSelectionBar
          count={selectionCount}
          totalCount={totalCount}
          allMatchingSelected={allMatchingSelected}
          canSelectAllMatching={
            onAllMatchingSelectedChange !== undefined &&
            !pending &&
            selection.pageChecked === true &&
            totalCount > pageIds.length
          }
          onSelectAllMatching={() => onAllMatchingSelectedChange?.(true)}
          onClear={() => {
            onAllMatchingSelectedChange?.(false);
            onSelectionChange?.([]);
          }}
          labels={labels}
        >
          {bulkActions}
        </DataTableSelectionBar>
      ) : null}

      <TableContainer>
        <Table aria-busy={pending || undefined}>
          {caption ? <TableCaption className="sr-only">{caption}</TableCaption> : null}
          <TableHeader>
            {table.getHeaderGroups().map((headerGroup) => (
              <TableRow key={headerGroup.id}>
                {selectable ? (
                  <TableHead scope="col" className="w-10">
                    <Checkbox
                      aria-label={labels.selectPage}
                      checked={selection.pageChecked}
                      disabled={pending || pageIds.length === 0}
                      onCheckedChange={selection.togglePage}
                    />
                  </TableHead>
                ) : null}
                {headerGroup.headers.map((header) => (
                  <DataTableColumnHeader
                    key={header.id}
                    header={header}
                    state={state}
                    onStateChange={onStateChange}
                  />
                ))}
                {hasActions ? <DataTableActionsHead>{labels.actions}</DataTableActionsHead> : null}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {skeletonShown ? (
              <SkeletonTableRows columnCount={columnCount} rows={skeletonRows} />
            ) : rows.length === 0 ? (
              shownLoading ? null : (
                <tr>
                  <td colSpan={columnCount}>
                    {emptyState ?? <EmptyState size="compact" title={labels.empty} />}
                  </td>
                </tr>
              )
            ) : (
              rows.map((row) => {
                const name = rowLabel(row.original, row.index);
                const href = getRowHref?.(row.original);
                const checked = selection.isSelected(row.id);
                return (
                  <TableRow
                    key={row.id}
                    data-state={checked ? "selected" : undefined}
                    onClick={href ? followRowLink : undefined}
                    className={cn(href && "cursor-pointer")}
                  >
                    {selectable ? (
                      <TableCell className="w-10 py-0">
                        <Checkbox
                          aria-label={labels.selectRow(name)}
                          checked={checked}
                          onCheckedChange={() => selection.toggleRow(row.id)}
                        />
                      </TableCell>
                    ) : null}
                    {row.getVisibleCells().map((cell) => {
                      const meta = getColumnMeta(cell.column);
                      const value = flexRender(cell.column.columnDef.cell, cell.getContext());
                      const isLink = href !== undefined && cell.column.id === linkColumn;
                      return (
                        <TableCell
                          key={cell.id}
                          data-row-link={isLink || undefined}
                          className={cn(
                            meta?.align === "end" && "text-end tabular-nums",
                            meta?.className,
                          )}
                        >
                          {isLink
                            ? renderLink({ href, className: rowLinkClassName, children: value })
                            : value}
                        </TableCell>
                      );
                    })}
                    {hasActions ? (
                      <DataTableActionsCell>
                        <DataTableRowActions
                          rowLabel={name}
                          onEdit={onEdit ? () => onEdit(row.original) : undefined}
                          actions={rowActions?.(row.original)}
                          labels={labels}
                        />
                      </DataTableActionsCell>
                    ) : null}
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
        {busy ? (
          <span role="status" className="sr-only">
            {labels.loading}
          </span>
        ) : null}
      </TableContainer>

      <DataTablePagination
        state={state}
        onStateChange={onStateChange}
        totalCount={totalCount}
        totalIsEstimate={totalIsEstimate}
        pageSizes={pageSizes}
        disabled={loading}
        labels={labels}
      />
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
