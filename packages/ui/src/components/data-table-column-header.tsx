import { flexRender, type Header } from "@tanstack/react-table";
import { cn } from "../lib/cn";
import { ArrowDownIcon, ArrowUpIcon, ChevronsUpDownIcon } from "../lib/icons";
import { getColumnMeta, updateDataTableState, type DataTableState } from "./data-table-state";
import { TableHead } from "./table";

type DataTableColumnHeaderProps<Row> = {
  header: Header<Row, unknown>;
  state: DataTableState;
  /** Called with the next sort, back on page 1. */
  onStateChange: (next: DataTableState) => void;
};

/**
 * A column's header cell. A sortable column (one with an accessor, unless `enableSorting: false`)
 * is a button: a new column sorts descending first (SPEC.md §9), the current one flips. The cell's
 * `aria-sort` tells screen readers the order.
 */
function DataTableColumnHeader<Row>({
  header,
  state,
  onStateChange,
}: DataTableColumnHeaderProps<Row>) {
  const { column } = header;
  const meta = getColumnMeta(column);
  const canSort = column.getCanSort();
  const sorted = state.sortBy === column.id ? state.sortOrder : undefined;
  const content = header.isPlaceholder
    ? null
    : flexRender(column.columnDef.header, header.getContext());
  const toggleSort = () =>
    onStateChange(
      updateDataTableState(
        state,
        sorted
          ? { sortOrder: sorted === "desc" ? "asc" : "desc" }
          : { sortBy: column.id, sortOrder: "desc" },
      ),
    );

  return (
    <TableHead
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
      className={cn(meta?.align === "end" && "text-end", meta?.headerClassName)}
    >
      {canSort ? (
        <button
          type="button"
          onClick={toggleSort}
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
    </TableHead>
  );
}

export { DataTableColumnHeader };
export type { DataTableColumnHeaderProps };
