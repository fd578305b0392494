import type * as React from "react";
import { cn } from "../lib/cn";
import { DataTableFacetedFilter, type DataTableFilter } from "./data-table-faceted-filter";
import { DataTableSearch } from "./data-table-search";
import {
  DEFAULT_SEARCH_DEBOUNCE_MS,
  updateDataTableState,
  withDefaultLabels,
  type DataTableLabels,
  type DataTableState,
} from "./data-table-state";

type DataTableToolbarProps = {
  state: DataTableState;
  /** Called with the next state, back on page 1, when the search or a filter changes. */
  onStateChange: (next: DataTableState) => void;
  /** Shows the search box; true by default. */
  searchable?: boolean;
  searchDebounceMs?: number;
  filters?: readonly DataTableFilter[];
  labels?: Partial<Pick<DataTableLabels, "search" | "searchPlaceholder" | "filterAll">>;
  /** Extra content at the end (create button, view toggle...). */
  children?: React.ReactNode;
  className?: string;
};

/** The row above a table: search box, filters, then the page's own buttons at the end. */
function DataTableToolbar({
  state,
  onStateChange,
  searchable = true,
  searchDebounceMs = DEFAULT_SEARCH_DEBOUNCE_MS,
  filters,
  labels: labelsProp,
  children,
  className,
}: DataTableToolbarProps) {
  const labels = withDefaultLabels(labelsProp);
  const update = (patch: Partial<DataTableState>) =>
    onStateChange(updateDataTableState(state, patch));
  return (
    <div
      data-slot="data-table-toolbar"
      className={cn("flex flex-wrap items-center gap-2", className)}
    >
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
        <DataTableFacetedFilter
          key={filter.key}
          filter={filter}
          value={state.filters[filter.key]?.[0]}
          allLabel={labels.filterAll}
          onChange={(value) =>
            update({
              filters: { ...state.filters, [filter.key]: value === undefined ? [] : [value] },
            })
          }
        />
      ))}
      {children ? <div className="ms-auto flex items-center gap-2">{children}</div> : null}
    </div>
  );
}

export { DataTableToolbar };
export type { DataTableToolbarProps };
