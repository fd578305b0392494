import type * as React from "react";
import { cn } from "../lib/cn";

/** A grey placeholder block that pulses while content loads. Decorative: announce loading elsewhere. */
function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-skeleton", className)}
      {...props}
    />
  );
}

export { Skeleton };
