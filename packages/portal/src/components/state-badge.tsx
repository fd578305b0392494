import { CircleCheckIcon, CirclePlayIcon, ContrastIcon, LockIcon } from "lucide-react";
import { cva } from "class-variance-authority";
import { useT } from "../lib/i18n";
import type { JourneyState } from "@lms/core";

export const stateBadgeVariants = cva(
  "inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium [&_svg]:size-3.5",
  {
    variants: {
      state: {
        locked: "bg-muted text-muted-foreground",
        open: "bg-primary-soft text-primary-soft-foreground",
        inProgress: "bg-warning-soft text-warning-soft-foreground",
        complete: "bg-success-soft text-success-soft-foreground",
      },
    },
  },
);

export function StateIcon({ state }: { state: JourneyState }) {
  if (state === "locked") return <LockIcon />;
  if (state === "complete") return <CircleCheckIcon />;
  if (state === "inProgress") return <ContrastIcon />;
  return <CirclePlayIcon />;
}

/** A material's state as an icon with its name (never colour alone). */
export function StateBadge({ state }: { state: JourneyState }) {
  const t = useT();
  return (
    <span className={stateBadgeVariants({ state })}>
      <StateIcon state={state} />
      {t(`journey.state.${state}`)}
    </span>
  );
}
