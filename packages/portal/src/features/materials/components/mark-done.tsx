import { CircleCheckIcon } from "lucide-react";
import { Button } from "@lms/ui";
import { useT } from "../../../lib/i18n";
import type { JourneyState } from "@lms/core";

/** The student's "I have finished this" for a file, page or link; done once it is complete. */
export function MarkDone({
  state,
  pending,
  onDone,
}: {
  state: JourneyState;
  pending: boolean;
  onDone: () => void;
}) {
  const t = useT();
  if (state === "complete")
    return (
      <p className="inline-flex items-center gap-2 text-sm font-medium text-success-soft-foreground [&_svg]:size-5">
        <CircleCheckIcon />
        {t("journey.doneAlready")}
      </p>
    );
  return (
    <Button pending={pending} onClick={onDone}>
      <CircleCheckIcon />
      {t("journey.markDone")}
    </Button>
  );
}
