import type * as React from "react";
import { Toaster as Sonner, toast } from "sonner";
import { cn } from "../lib/cn";

type ToasterProps = React.ComponentProps<typeof Sonner>;

/**
 * Mount once near the root; call `toast.success(text)`, `toast.error(text)` or `toast(text)` anywhere.
 * Top-right by default (SPEC.md §9).
 */
function Toaster({ position = "top-right", toastOptions, className, ...props }: ToasterProps) {
  return (
    <Sonner
      data-slot="toaster"
      position={position}
      className={cn("toaster", className)}
      toastOptions={{
        ...toastOptions,
        classNames: {
          toast:
            "!rounded-card !border !border-border !bg-surface !text-surface-foreground !shadow-lg !gap-3",
          title: "!text-sm !font-medium",
          description: "!text-sm !text-muted-foreground",
          success: "[&_[data-icon]]:!text-success",
          error: "[&_[data-icon]]:!text-destructive",
          warning: "[&_[data-icon]]:!text-warning-soft-foreground",
          info: "[&_[data-icon]]:!text-primary",
          actionButton: "!bg-primary !text-primary-foreground",
          cancelButton: "!bg-muted !text-foreground",
          closeButton: "!border-border !bg-surface !text-foreground",
          ...toastOptions?.classNames,
        },
      }}
      {...props}
    />
  );
}

export { toast, Toaster };
export type { ToasterProps };
