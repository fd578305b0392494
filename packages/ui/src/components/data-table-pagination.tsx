import * as React from "react";
import { cn } from "../lib/cn";
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from "../lib/icons";
import {
  DEFAULT_PAGE_SIZES,
  updateDataTableState,
  withDefaultLabels,
  type DataTableLabels,
  type DataTableState,
} from "./data-table-state";
import { IconButton } from "./icon-button";
import { NativeSelect } from "./native-select";

type DataTablePaginationProps = {
  state: DataTableState;
  /** Called with the next page, or with a new page size and page 1. */
  onStateChange: (next: DataTableState) => void;
  /** How many rows match on the server. */
  totalCount: number;
  /** The server estimated `totalCount`: the range says "of about N". */
  totalIsEstimate?: boolean;
  /** Rows-per-page options; 10, 25 and 50 by default. */
  pageSizes?: readonly number[];
  /** Disables the page buttons, while a page loads. */
  disabled?: boolean;
  labels?: Partial<
    Pick<
      DataTableLabels,
      | "rowsPerPage"
      | "pageInfo"
      | "pageInfoEstimate"
      | "firstPage"
      | "previousPage"
      | "nextPage"
      | "lastPage"
    >
  >;
  className?: string;
};

/** Rows per page, the range shown ("11–20 of 57") and first, previous, next and last page. */
function DataTablePagination({
  state,
  onStateChange,
  totalCount,
  totalIsEstimate = false,
  pageSizes = DEFAULT_PAGE_SIZES,
  disabled = false,
  labels: labelsProp,
  className,
}: DataTablePaginationProps) {
  const labels = withDefaultLabels(labelsProp);
  const rowsPerPageId = React.useId();
  const { page, rowsPerPage } = state;
  const pageCount = Math.max(1, Math.ceil(totalCount / rowsPerPage));
  const from = totalCount === 0 ? 0 : (page - 1) * rowsPerPage + 1;
  const to = Math.min(totalCount, page * rowsPerPage);
  const info = (totalIsEstimate ? labels.pageInfoEstimate : labels.pageInfo)({
    from,
    to,
    total: totalCount,
  });
  const goTo = (next: number) =>
    onStateChange(updateDataTableState(state, { page: Math.min(Math.max(1, next), pageCount) }));
  const pageButtons = [
    { id: "first", label: labels.firstPage, icon: <ChevronsLeftIcon />, to: 1, off: page <= 1 },
    {
      id: "previous",
      label: labels.previousPage,
      icon: <ChevronLeftIcon />,
      to: page - 1,
      off: page <= 1,
    },
    {
      id: "next",
      label: labels.nextPage,
      icon: <ChevronRightIcon />,
      to: page + 1,
      off: page >= pageCount,
    },
    {
      id: "last",
      label: labels.lastPage,
      icon: <ChevronsRightIcon />,
      to: pageCount,
      off: page >= pageCount,
    },
  ];

  return (
    <div
      data-slot="data-table-pagination"
      className={cn(
        "flex flex-wrap items-center justify-between gap-x-6 gap-y-2 text-sm text-muted-foreground",
        className,
      )}
    >
      <div className="flex items-center gap-2">
        <span id={rowsPerPageId}>{labels.rowsPerPage}</span>
        <NativeSelect
          aria-labelledby={rowsPerPageId}
          size="sm"
          className="w-20"
          value={String(rowsPerPage)}
          onChange={(event) =>
            onStateChange(updateDataTableState(state, { rowsPerPage: Number(event.target.value) }))
          }
        >
          {pageSizes.map((size) => (
            <option key={size} value={String(size)}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex items-center gap-3">
        <span aria-live="polite" className="tabular-nums">
          {info}
        </span>
        <div className="flex items-center gap-1">
          {pageButtons.map((button) => (
            <IconButton
              key={button.id}
              size="sm"
              variant="outline"
              label={button.label}
              disabled={disabled || button.off}
              onClick={() => goTo(button.to)}
            >
              {button.icon}
            </IconButton>
          ))}
        </div>
      </div>
    </div>
  );
}

export { DataTablePagination };
export type { DataTablePaginationProps };
