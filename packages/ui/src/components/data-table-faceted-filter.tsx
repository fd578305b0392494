import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./select";

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

const ALL = "__all__"; // Radix Select items cannot have an empty value.

/** One facet of the list ("Status: Enabled"): a select named by the filter's label. */
function DataTableFacetedFilter({
  filter,
  value,
  onChange,
  allLabel = "All",
}: DataTableFacetedFilterProps) {
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
        <SelectItem value={ALL}>{filter.allLabel ?? allLabel}</SelectItem>
        {filter.options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export { DataTableFacetedFilter };
export type { DataTableFacetedFilterProps, DataTableFilter };
