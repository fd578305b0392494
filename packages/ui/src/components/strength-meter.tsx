import { cva } from "class-variance-authority";
import type * as React from "react";
import { cn } from "../lib/cn";

type StrengthMeterLevel = "weak" | "medium" | "strong";

/**
 * SPEC.md §5: the meter shows the count of valid criteria out of 6; red below 4, yellow from 4,
 * green at 6.
 */
function getStrengthLevel(value: number, max = 6, mediumFrom = 4): StrengthMeterLevel {
  if (value >= max) return "strong";
  if (value >= mediumFrom) return "medium";
  return "weak";
}

const strengthSegmentVariants = cva("h-1.5 flex-1 rounded-full transition-colors", {
  variants: {
    level: {
      weak: "bg-destructive",
      medium: "bg-warning",
      strong: "bg-success",
      empty: "bg-muted",
    },
  },
  defaultVariants: { level: "empty" },
});

const strengthTextVariants = cva("text-xs font-medium", {
  variants: {
    level: {
      weak: "text-destructive",
      medium: "text-warning-soft-foreground",
      strong: "text-success",
    },
  },
  defaultVariants: { level: "weak" },
});

type StrengthMeterProps = Omit<React.ComponentProps<"div">, "children"> & {
  /** How many criteria the password meets. */
  value: number;
  /** How many criteria there are; 6 by default. */
  max?: number;
  /** From this count the meter turns yellow; 4 by default. */
  mediumFrom?: number;
  /** The meter's name, for example "Password strength". */
  label?: string;
  /** The level as words; also announced to screen readers. */
  levelLabels?: Partial<Record<StrengthMeterLevel, string>>;
  /** Show the level as visible text too (it is always there for screen readers). */
  showLevel?: boolean;
};

/** A segmented bar for password strength, with the level as text for screen readers. */
function StrengthMeter({
  value,
  max = 6,
  mediumFrom = 4,
  label = "Password strength",
  levelLabels,
  showLevel = true,
  className,
  ...props
}: StrengthMeterProps) {
  const clamped = Math.max(0, Math.min(value, max));
  const level = getStrengthLevel(clamped, max, mediumFrom);
  const levelText =
    levelLabels?.[level] ?? { weak: "Weak", medium: "Medium", strong: "Strong" }[level];
  return (
    <div
      data-slot="strength-meter"
      data-level={level}
      className={cn("flex flex-col gap-1.5", className)}
      {...props}
    >
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={clamped}
        aria-valuetext={`${levelText} (${clamped}/${max})`}
        className="flex gap-1"
      >
        {Array.from({ length: max }, (_, index) => (
          <span
            key={index}
            className={strengthSegmentVariants({ level: index < clamped ? level : "empty" })}
          />
        ))}
      </div>
      <p
        className={cn(strengthTextVariants({ level }), !showLevel && "sr-only")}
        aria-live="polite"
      >
        {label}: {levelText} ({clamped}/{max})
      </p>
    </div>
  );
}

export { getStrengthLevel, StrengthMeter, strengthSegmentVariants };
export type { StrengthMeterLevel, StrengthMeterProps };
