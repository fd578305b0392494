import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";

const spinnerVariants = cva(
  "inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]",
  {
    variants: {
      size: {
        sm: "size-4 border-2",
        md: "size-6 border-2",
        lg: "size-10 border-[3px]",
      },
    },
    defaultVariants: { size: "sm" },
  },
);

type SpinnerProps = React.ComponentProps<"span"> &
  VariantProps<typeof spinnerVariants> & {
    /** Text for screen readers. Without it the spinner is decorative (its control says why it waits). */
    label?: string;
  };

/** A small rotating ring. Give it a `label` when nothing else tells assistive tech that work is in progress. */
function Spinner({ className, size, label, ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role={label ? "status" : undefined}
      aria-hidden={label ? undefined : true}
      className={cn("inline-flex items-center", className)}
      {...props}
    >
      <span className={spinnerVariants({ size })} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

export { Spinner, spinnerVariants };
export type { SpinnerProps };
