import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";

// SPEC.md §4: a row's status is shown as a coloured chip. The label is a prop (the portal passes
// the catalogue text); the status picks the colour.
const statusChipVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
  {
    variants: {
      status: {
        active: "bg-success-soft text-success-soft-foreground",
        enabled: "bg-success-soft text-success-soft-foreground",
        published: "bg-success-soft text-success-soft-foreground",
        inactive: "bg-destructive-soft text-destructive-soft-foreground",
        disabled: "bg-destructive-soft text-destructive-soft-foreground",
        unpublished: "bg-warning-soft text-warning-soft-foreground",
        neutral: "bg-neutral-soft text-neutral-soft-foreground",
      },
    },
    defaultVariants: { status: "neutral" },
  },
);

type StatusChipProps = React.ComponentProps<"span"> &
  VariantProps<typeof statusChipVariants> & {
    asChild?: boolean;
  };

/** A coloured chip for active/inactive, enabled/disabled and published/unpublished. */
function StatusChip({ status, asChild = false, className, children, ...props }: StatusChipProps) {
  const Comp = asChild ? Slot : "span";
  return (
    <Comp
      data-slot="status-chip"
      data-status={status ?? "neutral"}
      className={cn(statusChipVariants({ status }), className)}
      {...props}
    >
      {asChild ? (
        children
      ) : (
        <>
          <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
          {children}
        </>
      )}
    </Comp>
  );
}

type ChipStatus = NonNullable<VariantProps<typeof statusChipVariants>["status"]>;

export { StatusChip, statusChipVariants };
export type { ChipStatus, StatusChipProps };
