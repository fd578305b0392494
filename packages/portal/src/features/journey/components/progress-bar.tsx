import { cn } from "@lms/ui";
import { useT } from "../../../lib/i18n";

/** A course's completion as a bar with its numbers in words. */
export function ProgressBar({
  done,
  total,
  percent,
  label,
  className,
}: {
  done: number;
  total: number;
  percent: number;
  label: string;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t("journey.completed", { done, total })}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            "h-full rounded-full transition-[width] duration-500",
            percent >= 100 ? "bg-success" : "bg-primary",
          )}
          style={{ width: `${Math.min(100, Math.max(0, percent))}%` }}
        />
      </div>
      <p className="text-xs text-muted-foreground">
        {t("journey.completed", { done, total })} · {percent}%
      </p>
    </div>
  );
}
