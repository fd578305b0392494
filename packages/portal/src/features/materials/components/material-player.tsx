import { LockIcon } from "lucide-react";
import { Button, toast } from "@lms/ui";
import { useState, type ReactNode } from "react";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { InlineLoading } from "../../../components/inline-loading";
import { usePlayerCommands, useOpenMaterial } from "../api/use-player";
import type { JourneyMaterial } from "@lms/core";
import { FileMaterial } from "./file-material";
import { LinkMaterial } from "./link-material";
import { MarkDone } from "./mark-done";
import { PageContent } from "./page-content";
import { QuizPlayer } from "./quiz-player";
import { ScormPlayer } from "./scorm-player";
import { StateBadge } from "../../../components/state-badge";

/**
 * One material of the journey, opened through the gate (`open`): a locked one shows the server's
 * 'Sorry you need to finish previous course element/material.' A file, page or link is finished
 * with "Mark as done" (a video or audio also by playing to its end), a quiz by passing it, a SCORM
 * package when its runtime reports it. `record` is false in student mode: nothing is sent then.
 */
export function MaterialPlayer({
  step,
  position,
  record,
  headingRef,
  onFinished,
  onLocked,
}: {
  step: JourneyMaterial;
  position: string;
  record: boolean;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onFinished: () => void;
  onLocked: ReactNode;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const opened = useOpenMaterial(step.id);
  const { complete } = usePlayerCommands();
  const [pending, setPending] = useState(false);
  const [retrying, setRetrying] = useState(false);

  async function markDone() {
    if (!record) {
      onFinished();
      return;
    }
    setPending(true);
    const answer = await complete(step.id);
    setPending(false);
    if (!answer.ok) {
      toast.error(failureText(answer, i18n));
      return;
    }
    toast.success(t("journey.markedDone", { name: step.name }));
    onFinished();
  }

  const header = (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="flex min-w-0 flex-col gap-0.5">
        <p className="text-xs font-medium text-muted-foreground">
          {step.elementName} · {t(`materials.type.${step.type}`)} · {position}
        </p>
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-semibold text-foreground outline-none"
        >
          {step.name}
        </h2>
      </div>
      <StateBadge
        state={step.state === "complete" ? "complete" : (opened.data?.state ?? step.state)}
      />
    </div>
  );

  if (opened.error) {
    const locked = opened.error.failure.status === 403;
    return (
      <>
        {header}
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-card border border-warning bg-warning-soft p-4 text-warning-soft-foreground"
        >
          <p className="inline-flex items-center gap-2 font-medium [&_svg]:size-5">
            {locked ? <LockIcon /> : null}
            {failureText(opened.error.failure, i18n)}
          </p>
          {locked ? (
            onLocked
          ) : (
            <Button variant="outline" onClick={() => void opened.reload()}>
              {t("common.retry")}
            </Button>
          )}
        </div>
      </>
    );
  }
  if (!opened.data)
    return (
      <>
        {header}
        <InlineLoading />
      </>
    );
  const material = opened.data;
  // The path's state is the freshest once complete (issue 13: never "in progress" beside it).
  const state = record && step.state !== "complete" ? material.state : step.state;

  let body: ReactNode;
  if (material.type === "quiz")
    body = retrying ? (
      <InlineLoading />
    ) : (
      <QuizPlayer
        // A new attempt, or the same one now shown on its result, starts the player afresh.
        key={`${material.attempt?.number ?? 0}:${material.result ? "result" : "attempt"}`}
        material={material}
        onPassed={onFinished}
        onRetry={() => {
          // The next attempt starts on request; the old one's result is gone meanwhile.
          setRetrying(true);
          void opened.startNewAttempt().finally(() => setRetrying(false));
        }}
      />
    );
  else if (material.type === "scorm")
    body = (
      <ScormPlayer
        // A new frame and runtime per material (a late commit never reaches the next one).
        key={material.id}
        materialId={material.id}
        title={material.name}
        record={record}
        onFinished={onFinished}
      />
    );
  else
    body = (
      <>
        {material.type === "page" ? (
          <PageContent content={material.content} />
        ) : material.type === "link" ? (
          <LinkMaterial material={material} />
        ) : (
          <FileMaterial
            material={material}
            onReachedEnd={() => {
              if (state !== "complete") void markDone();
            }}
          />
        )}
        <div className="border-t border-border pt-4">
          <MarkDone state={state} pending={pending} onDone={() => void markDone()} />
        </div>
      </>
    );

  return (
    <>
      {header}
      {body}
    </>
  );
}
