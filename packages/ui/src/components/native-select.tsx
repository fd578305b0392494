import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";
import { ChevronDownIcon } from "../lib/icons";

const nativeSelectVariants = cva(
  [
    "w-full min-w-0 cursor-pointer appearance-none rounded-control border border-input bg-surface ps-3 pe-8 text-sm text-surface-foreground shadow-xs transition-colors",
    "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 aria-invalid:border-destructive",
    "disabled:cursor-not-allowed disabled:opacity-50",
  ],
  {
    variants: {
      size: { sm: "h-8", md: "h-9" },
    },
    defaultVariants: { size: "md" },
  },
);

type NativeSelectProps = Omit<React.ComponentProps<"select">, "size"> &
  VariantProps<typeof nativeSelectVariants>;

/**
 * The browser's own select, in the look of `SelectTrigger`: for a short list of plain options
 * where the page opens (rows per page, a list's filters). Its code is none at all, it renders in
 * one pass, and a phone shows its native picker. `className` sizes the box around it.
 */
function NativeSelect({ className, size, style, ...props }: NativeSelectProps) {
  return (
    <span data-slot="native-select" className={cn("relative inline-flex", className)} style={style}>
      <select className={nativeSelectVariants({ size })} {...props} />
      <ChevronDownIcon className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
    </span>
  );
}

export { NativeSelect, nativeSelectVariants };
export type { NativeSelectProps };
