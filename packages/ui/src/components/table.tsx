import type * as React from "react";
import { cn } from "../lib/cn";

type TableContainerProps = React.ComponentProps<"div">;

/** The card frame around a table; it scrolls sideways when the table is wider than the screen. */
function TableContainer({ className, ...props }: TableContainerProps) {
  return (
    <div
      data-slot="table-container"
      className={cn(
        "overflow-x-auto rounded-card border border-border bg-surface shadow-xs",
        className,
      )}
      {...props}
    />
  );
}

type TableProps = React.ComponentProps<"table">;

/** A plain `<table>` with the library's type scale; put it in a `TableContainer` for the frame. */
function Table({ className, ...props }: TableProps) {
  return (
    <table
      data-slot="table"
      className={cn("w-full caption-bottom text-sm", className)}
      {...props}
    />
  );
}

function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return (
    <thead
      data-slot="table-header"
      className={cn("bg-muted [&_tr]:hover:bg-transparent", className)}
      {...props}
    />
  );
}

function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return (
    <tbody
      data-slot="table-body"
      className={cn("[&_tr:last-child]:border-0", className)}
      {...props}
    />
  );
}

function TableFooter({ className, ...props }: React.ComponentProps<"tfoot">) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn("border-t border-border bg-muted font-medium", className)}
      {...props}
    />
  );
}

/** A row; `data-state="selected"` paints it as selected. */
function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "border-b border-border transition-colors hover:bg-muted/60 data-[state=selected]:bg-primary-soft/60",
        className,
      )}
      {...props}
    />
  );
}

/** A column header cell; pass `scope="col"` (or `"row"`) as for any `<th>`. */
function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "h-11 px-4 text-start text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase",
        className,
      )}
      {...props}
    />
  );
}

function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return (
    <td
      data-slot="table-cell"
      className={cn("h-12 px-4 py-2 align-middle text-foreground", className)}
      {...props}
    />
  );
}

/** The table's accessible name; visible below the table unless `className="sr-only"`. */
function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn("mt-4 text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

export {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableHeader,
  TableRow,
};
export type { TableContainerProps, TableProps };
