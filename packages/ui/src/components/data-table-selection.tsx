import type * as React from "react";
import { cn } from "../lib/cn";
import { withDefaultLabels, type DataTableLabels } from "./data-table-state";
import { Button } from "./button";

type SelectionInput = {
  /** Ids of the rows on this page. */
  pageIds: readonly string[];
  /** Ids of the selected rows, on any page (controlled). */
  selectedIds: readonly string[];
  /** Every row matching the search and filters is selected, beyond this page. */
  allMatchingSelected: boolean;
  onSelectionChange?: ((ids: string[]) => void) | undefined;
  onAllMatchingSelectedChange?: ((selected: boolean) => void) | undefined;
};

/**
 * The checkboxes' state and actions. Selection is kept as ids, so it survives paging; choosing
 * rows by hand ends an "all matching" selection.
 */
function getDataTableSelection({
  pageIds,
  selectedIds,
  allMatchingSelected,
  onSelectionChange,
  onAllMatchingSelectedChange,
}: SelectionInput) {
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
  return { isSelected, pageChecked, togglePage, toggleRow, selectedCount: selected.size };
}

type DataTableSelectionBarProps = {
  /** Selected rows, counting every matching row when `allMatchingSelected`. */
  count: number;
  /** How many rows match on the server. */
  totalCount: number;
  allMatchingSelected: boolean;
  /** Offers "Select all N matching rows": the whole page is selected and more rows match. */
  canSelectAllMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** Buttons acting on the selection. */
  children?: React.ReactNode;
  labels?: Partial<
    Pick<
      DataTableLabels,
      "selectedCount" | "selectAllMatching" | "allMatchingSelected" | "clearSelection"
    >
  >;
  className?: string;
};

/** The bar above a table with a selection: how many, select all matching, clear, bulk actions. */
function DataTableSelectionBar({
  count,
  totalCount,
  allMatchingSelected,
  canSelectAllMatching,
  onSelectAllMatching,
  onClear,
  children,
  labels: labelsProp,
  className,
}: DataTableSelectionBarProps) {
  const labels = withDefaultLabels(labelsProp);
  return (
    <div
      data-slot="data-table-selection"
      className={cn(
        "flex flex-wrap items-center gap-x-4 gap-y-2 rounded-control border border-primary/20 bg-primary-soft px-4 py-2 text-sm text-primary-soft-foreground",
        className,
      )}
    >
      <span className="font-medium">
        {allMatchingSelected ? labels.allMatchingSelected(totalCount) : labels.selectedCount(count)}
      </span>
      {!allMatchingSelected && canSelectAllMatching ? (
        <Button variant="link" size="sm" className="h-auto px-0" onClick={onSelectAllMatching}>
          {labels.selectAllMatching(totalCount)}
        </Button>
      ) : null}
      <Button variant="link" size="sm" className="h-auto px-0" onClick={onClear}>
        {labels.clearSelection}
      </Button>
      {children ? <div className="ms-auto flex items-center gap-2">{children}</div> : null}
    </div>
  );
}

export { DataTableSelectionBar, getDataTableSelection };
export type { DataTableSelectionBarProps };
