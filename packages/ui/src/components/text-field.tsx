import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";
import { useFormFieldControl } from "./form-field";

const textFieldVariants = cva(
  [
    "w-full min-w-0 rounded-control border border-input bg-surface px-3 text-sm text-surface-foreground shadow-xs transition-colors",
    "placeholder:text-muted-foreground",
    "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30",
    "aria-invalid:border-destructive aria-invalid:focus-visible:ring-ring-destructive/30",
    "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60",
    "file:border-0 file:bg-transparent file:text-sm file:font-medium",
  ],
  {
    variants: {
      size: {
        sm: "h-8",
        md: "h-9",
        lg: "h-11 text-base",
      },
    },
    defaultVariants: { size: "md" },
  },
);

type TextFieldProps = Omit<React.ComponentProps<"input">, "size"> &
  VariantProps<typeof textFieldVariants>;

/** A single-line input. Inside a FormField it takes the field's id, description and states. */
function TextField({ className, size, type = "text", ...props }: TextFieldProps) {
  const controlProps = useFormFieldControl(props);
  return (
    <input
      data-slot="text-field"
      type={type}
      className={cn(textFieldVariants({ size }), className)}
      {...controlProps}
    />
  );
}

export { TextField, textFieldVariants };
export type { TextFieldProps };
