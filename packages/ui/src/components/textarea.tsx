import type * as React from "react";
import { cn } from "../lib/cn";
import { useFormFieldControl } from "./form-field";

type TextareaProps = React.ComponentProps<"textarea">;

/** A multi-line input. Inside a FormField it takes the field's id, description and states. */
function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  const controlProps = useFormFieldControl(props);
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(
        "w-full min-w-0 rounded-control border border-input bg-surface px-3 py-2 text-sm text-surface-foreground shadow-xs transition-colors",
        "placeholder:text-muted-foreground",
        "outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30",
        "aria-invalid:border-destructive aria-invalid:focus-visible:ring-ring-destructive/30",
        "disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60",
        className,
      )}
      {...controlProps}
    />
  );
}

export { Textarea };
export type { TextareaProps };
