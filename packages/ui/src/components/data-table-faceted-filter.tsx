import * as React from "react";
import { NativeSelect } from "./native-select";

/** A filter shown as a select in the toolbar. */
type DataTableFilter = {
  key: string;
  label: string;
  options: readonly { value: string; label: string }[];
  /** Text of the "no filter" option; `labels.filterAll` by default. */
  allLabel?: string;
};

type DataTableFacetedFilterProps = {
  filter: DataTableFilter;
  /** The chosen option's value; none for "all". */
  value: string | undefined;
  /** Called with the chosen value, or `undefined` when "all" is chosen. */
  onChange: (value: string | undefined) => void;
  /** Text of the "no filter" option when the filter has no `allLabel`; "All" by default. */
  allLabel?: string;
};

/**
 * One facet of the list ("Status: Enabled"): a native select after the filter's visible label
 * (clicking it focuses the select), named by the filter's label without the colon.
 */
function DataTableFacetedFilter({
  filter,
  value,
  onChange,
  allLabel = "All",
}: DataTableFacetedFilterProps) {
  const id = React.useId();
  return (
    <span className="flex items-center gap-1.5 text-sm">
      <label htmlFor={id} className="text-muted-foreground">
        {filter.label}:
      </label>
      <NativeSelect
        id={id}
        aria-label={filter.label}
        className="min-w-32"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value="">{filter.allLabel ?? allLabel}</option>
        {filter.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </span>
  );
}

export { DataTableFacetedFilter };
export type { DataTableFacetedFilterProps, DataTableFilter };
