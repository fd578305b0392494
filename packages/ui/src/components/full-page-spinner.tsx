import type * as React from "react";
import { cn } from "../lib/cn";
import { Spinner } from "./spinner";

type FullPageSpinnerProps = React.ComponentProps<"div"> & {
  /** Announced to screen readers and shown under the spinner. */
  label?: string;
  /** Hide the label visually (it stays for screen readers). */
  hideLabel?: boolean;
};

/** Covers the page while the app starts (SPEC.md §2: until the silent class-service sign-in ends). */
function FullPageSpinner({
  label = "Loading",
  hideLabel = false,
  className,
  ...props
}: FullPageSpinnerProps) {
  return (
    <div
      data-slot="full-page-spinner"
      role="status"
      className={cn(
        "fixed inset-0 z-[70] flex flex-col items-center justify-center gap-4 bg-background/90 text-primary backdrop-blur-sm",
        className,
      )}
      {...props}
    >
      <Spinner size="lg" />
      <span className={cn("text-sm font-medium text-muted-foreground", hideLabel && "sr-only")}>
        {label}
      </span>
    </div>
  );
}

export { FullPageSpinner };
export type { FullPageSpinnerProps };
