import type * as React from "react";
import { cn } from "../lib/cn";

type LoadingBarProps = React.ComponentProps<"div"> & {
  /** Shows the bar; nothing renders when false. */
  loading: boolean;
  /** Accessible name of the progress bar. */
  label?: string;
};

/** A thin green bar across the top of the page while a page or request loads (SPEC.md §9: green, 2 px). */
function LoadingBar({ loading, label = "Loading", className, ...props }: LoadingBarProps) {
  if (!loading) return null;
  return (
    <div
      data-slot="loading-bar"
      role="progressbar"
      aria-label={label}
      className={cn(
        "pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden",
        className,
      )}
      {...props}
    >
      <div
        data-slot="loading-bar-indicator"
        className="h-full w-full origin-left animate-loading-bar bg-loading-bar"
      />
    </div>
  );
}

export { LoadingBar };
export type { LoadingBarProps };
