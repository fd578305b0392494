import type * as React from "react";
import { cn } from "../lib/cn";
import { GridIcon, ListIcon } from "../lib/icons";

type ViewMode = "grid" | "list";

type ViewToggleProps = Omit<React.ComponentProps<"div">, "onChange"> & {
  value: ViewMode;
  onValueChange: (value: ViewMode) => void;
  /** Texts: the group's name and each button's name. */
  labels?: { group?: string; grid?: string; list?: string };
};

/** Switches a collection between a grid of cards and a list. */
function ViewToggle({ value, onValueChange, labels, className, ...props }: ViewToggleProps) {
  const options: { mode: ViewMode; label: string; icon: React.ReactNode }[] = [
    { mode: "grid", label: labels?.grid ?? "Grid view", icon: <GridIcon /> },
    { mode: "list", label: labels?.list ?? "List view", icon: <ListIcon /> },
  ];
  return (
    <div
      data-slot="view-toggle"
      role="group"
      aria-label={labels?.group ?? "View"}
      className={cn(
        "inline-flex items-center gap-0.5 rounded-control border border-input bg-surface p-0.5 shadow-xs",
        className,
      )}
      {...props}
    >
      {options.map((option) => (
        <button
          key={option.mode}
          type="button"
          aria-pressed={value === option.mode}
          aria-label={option.label}
          title={option.label}
          onClick={() => onValueChange(option.mode)}
          className={cn(
            "inline-flex size-8 cursor-pointer items-center justify-center rounded-[calc(var(--radius-control)-2px)] text-muted-foreground transition-colors [&_svg]:size-4",
            "outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
            "aria-pressed:bg-primary-soft aria-pressed:text-primary-soft-foreground",
          )}
        >
          {option.icon}
        </button>
      ))}
    </div>
  );
}

export { ViewToggle };
export type { ViewMode, ViewToggleProps };
