import type * as React from "react";
import { cn } from "../lib/cn";
import { Skeleton } from "./skeleton";
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
        <TableRow key={row} data-slot="skeleton-row">
          {Array.from({ length: columnCount }, (_, column) => (
            <TableCell key={column}>
              <Skeleton className={cn("h-4", widths[(row + column) % widths.length])} />
            </TableCell>
          ))}
        </TableRow>
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
    <TableContainer data-slot="skeleton-table" className={className} {...props}>
      <Table aria-busy="true">
        <TableCaption className="sr-only">{loadingLabel}</TableCaption>
        <TableHeader>
          <TableRow>
            {columns.map((column, index) => (
              <TableHead key={index} scope="col">
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          <SkeletonTableRows columnCount={columns.length} rows={rows} />
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export { DEFAULT_SKELETON_ROWS, SkeletonTable, SkeletonTableRows };
export type { SkeletonTableProps, SkeletonTableRowsProps };
