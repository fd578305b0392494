import { CircleCheckIcon, TrophyIcon } from "lucide-react";
import { Button, cn } from "@lms/ui";
import { useEffect, useRef } from "react";
import { useT } from "../../../lib/i18n";
import type { QuizResult } from "@lms/core";

/** The outcome of an attempt: score, passed or not, attempts left, and what to do next. */
export function QuizResultPanel({
  result,
  canStartNew,
  onContinue,
  onRetry,
}: {
  result: Omit<QuizResult, "summary">;
  /** Reopened on a passed attempt: whether "Start new attempt" is offered (attempts remain). */
  canStartNew?: boolean;
  onContinue: () => void;
  onRetry: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const allowed = result.attemptsAllowed ?? 0;
  const left = allowed === 0 ? null : Math.max(0, allowed - (result.attemptsUsed ?? 0));
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className={cn(
        "flex flex-col gap-3 rounded-card border p-4 outline-none",
        result.passed
          ? "border-success bg-success-soft text-success-soft-foreground"
          : "border-warning bg-warning-soft text-warning-soft-foreground",
      )}
    >
      <p className="inline-flex items-center gap-2 text-lg font-semibold [&_svg]:size-6">
        {result.passed ? <TrophyIcon /> : null}
        {t("quiz.score", { score: result.score })} ·{" "}
        {t(result.passed ? "quiz.passed" : "quiz.failed")}
      </p>
      {left !== null && !result.passed ? (
        <p className="text-sm">{t("quiz.attemptsLeft", { count: left })}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {result.passed ? (
          <>
            <Button type="button" onClick={onContinue}>
              <CircleCheckIcon />
              {t("journey.continueNext")}
            </Button>
            {canStartNew ? (
              <Button type="button" variant="outline" onClick={onRetry}>
                {t("quiz.startNewAttempt")}
              </Button>
            ) : null}
          </>
        ) : left === 0 ? (
          <p className="text-sm">{t("quiz.noAttemptsLeft")}</p>
        ) : (
          <Button type="button" onClick={onRetry}>
            {t("journey.tryAgain")}
          </Button>
        )}
      </div>
    </div>
  );
}
