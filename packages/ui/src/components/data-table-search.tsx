import * as React from "react";
import { cn } from "../lib/cn";
import { SearchIcon } from "../lib/icons";
import { DEFAULT_SEARCH_DEBOUNCE_MS } from "./data-table-state";

type DataTableSearchProps = {
  /** The search the table was last asked for; shown again when it changes from outside. */
  value: string;
  /** Called with the trimmed text, once typing has paused or on Enter, when it differs from `value`. */
  onSearch: (value: string) => void;
  /** Milliseconds of quiet typing before the search is sent; 600 by default. */
  debounceMs?: number;
  /** Accessible name of the search box. */
  label?: string;
  placeholder?: string;
  className?: string;
};

/** The search box: typing waits for `debounceMs` of quiet, then sends once; Enter sends at once. */
function DataTableSearch({
  value,
  onSearch,
  debounceMs = DEFAULT_SEARCH_DEBOUNCE_MS,
  label = "Search",
  placeholder = "Search…",
  className,
}: DataTableSearchProps) {
  const [text, setText] = React.useState(value);
  // When the portal resets the search (e.g. navigating), show its value.
  const [lastValue, setLastValue] = React.useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = React.useRef({ value, onSearch });
  React.useEffect(() => {
    latest.current = { value, onSearch };
  });
  React.useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: string) => {
    clearTimeout(timer.current);
    const trimmed = next.trim();
    if (trimmed !== latest.current.value) latest.current.onSearch(trimmed);
  };

  return (
    <div data-slot="data-table-search" className={cn("relative w-full sm:w-72", className)}>
      <SearchIcon className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => send(next), debounceMs);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") send(event.currentTarget.value);
        }}
        className={cn(
          "h-9 w-full rounded-control border border-input bg-surface ps-9 pe-3 text-sm text-surface-foreground shadow-xs",
          "placeholder:text-muted-foreground outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30",
        )}
      />
    </div>
  );
}

export { DataTableSearch };
export type { DataTableSearchProps };
