import { ArrowLeftIcon, CirclePlayIcon, TrophyIcon } from "lucide-react";
import { Button, toast } from "@lms/ui";
import { useState } from "react";
import { Link, type To } from "react-router-dom";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { useJourneyCommands } from "../api/use-journey";
import type { JourneyMaterial, JourneyPath } from "@lms/core";
import { around, callToAction, firstUnfinished, sequenceOf } from "../utils/sequence";

/**
 * Start / Continue / Review (from the last material opened, `resume`), resume to previous (the
 * one before it), the course summary and the journey map.
 */
export function JourneyActions({
  courseId,
  path,
  record,
  go,
  summaryHref,
  mapHref,
}: {
  courseId: number;
  path: JourneyPath;
  record: boolean;
  go: (material: JourneyMaterial) => void;
  summaryHref: To;
  mapHref: To;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const { resume } = useJourneyCommands();
  const [pending, setPending] = useState<"continue" | "previous" | null>(null);
  const sequence = sequenceOf(path.elements);
  const action = record ? callToAction(path.done, path.total) : "start";

  async function resumeTarget(): Promise<JourneyMaterial | null> {
    if (action === "review") return sequence[0] ?? null;
    if (!record) return sequence[0] ?? null;
    const answer = await resume(courseId);
    if (!answer.ok) {
      toast.error(failureText(answer, i18n));
      return null;
    }
    const id = answer.data.material?.id ?? firstUnfinished(sequence)?.id ?? null;
    return sequence.find((m) => m.id === id) ?? null;
  }

  async function run(kind: "continue" | "previous") {
    setPending(kind);
    const target = await resumeTarget();
    setPending(null);
    if (!target) return;
    if (kind === "continue") go(target);
    else go(around(sequence, target.id).previous ?? target);
  }

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        pending={pending === "continue"}
        disabled={sequence.length === 0}
        onClick={() => void run("continue")}
      >
        <CirclePlayIcon />
        {t(`journey.${action}`)}
      </Button>
      {record && path.done > 0 ? (
        <Button
          variant="outline"
          pending={pending === "previous"}
          onClick={() => void run("previous")}
        >
          <ArrowLeftIcon />
          {t("journey.resumePrevious")}
        </Button>
      ) : null}
      <Button variant="outline" asChild>
        <Link to={summaryHref}>
          <TrophyIcon />
          {t("journey.summary")}
        </Link>
      </Button>
      <Button variant="ghost" asChild>
        <Link to={mapHref}>{t("journey.map")}</Link>
      </Button>
    </div>
  );
}
