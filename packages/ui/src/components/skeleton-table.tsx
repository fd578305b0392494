import type * as React from "react";
import { cn } from "../lib/cn";
import { Skeleton } from "./skeleton";

// SPEC.md §9: skeleton tables show 5 rows.
const DEFAULT_SKELETON_ROWS = 5;

// Varying widths read as text rather than a grid of identical bars.
const widths = ["w-3/4", "w-1/2", "w-2/3", "w-2/5", "w-5/6"] as const;

type SkeletonTableRowsProps = {
  /** How many columns each row spans. */
  columnCount: number;
  /** How many placeholder rows. */
  rows?: number;
};

/** Placeholder `<tr>`s for the body of an existing table (DataTable uses these while loading). */
function SkeletonTableRows({ columnCount, rows = DEFAULT_SKELETON_ROWS }: SkeletonTableRowsProps) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <tr key={row} data-slot="skeleton-row" className="border-b border-border last:border-0">
          {Array.from({ length: columnCount }, (_, column) => (
            <td key={column} className="h-12 px-4">
              <Skeleton className={cn("h-4", widths[(row + column) % widths.length])} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

type SkeletonTableProps = React.ComponentProps<"div"> & {
  /** The table's own column headers, so the layout does not jump when the data arrives. */
  columns: readonly React.ReactNode[];
  /** How many placeholder rows; 5 by default. */
  rows?: number;
  /** Announced to screen readers while loading. */
  loadingLabel?: string;
};

/** A table of pulsing placeholders under real column headers. */
function SkeletonTable({
  columns,
  rows = DEFAULT_SKELETON_ROWS,
  loadingLabel = "Loading",
  className,
  ...props
}: SkeletonTableProps) {
  return (
    <div
      data-slot="skeleton-table"
      className={cn("overflow-x-auto rounded-card border border-border bg-surface", className)}
      {...props}
    >
      <table aria-busy="true" className="w-full caption-bottom text-sm">
        <caption className="sr-only">{loadingLabel}</caption>
        <thead className="bg-muted">
          <tr className="border-b border-border">
            {columns.map((column, index) => (
              <th
                key={index}
                scope="col"
                className="h-11 px-4 text-start text-xs font-semibold tracking-wide text-muted-foreground uppercase"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <SkeletonTableRows columnCount={columns.length} rows={rows} />
        </tbody>
      </table>
    </div>
  );
}

export { DEFAULT_SKELETON_ROWS, SkeletonTable, SkeletonTableRows };
export type { SkeletonTableProps, SkeletonTableRowsProps };
