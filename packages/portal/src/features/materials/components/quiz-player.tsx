import { toast, Button, useConfirm } from "@lms/ui";
import { useEffect, useRef, useState } from "react";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { usePlayerCommands } from "../api/use-player";
import type {
  OpenedMaterial,
  OpenedQuizResult,
  QuizQuestion,
  QuizResult,
  QuizReviewRow,
  QuizSettingsView,
} from "@lms/core";
import {
  answeredCount,
  answersPayload,
  clock,
  questionKind,
  type QuizAnswer,
} from "../utils/quiz-answers";
import { QuizQuestionField } from "./quiz-question";
import { QuizResultPanel } from "./quiz-result";

/**
 * The quiz player: the questions of this attempt, a countdown when the quiz has a time limit
 * (the answers go in by themselves when it runs out), and the result with its review.
 */
export function QuizPlayer({
  material,
  onPassed,
  onRetry,
}: {
  material: OpenedMaterial;
  onPassed: () => void;
  onRetry: () => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const confirm = useConfirm();
  const { submitQuiz } = usePlayerCommands();
  const settings: QuizSettingsView = { ...material.quiz, ...material.quiz?.settings };
  const questions = material.quiz?.questions ?? [];
  const attempt = material.attempt ?? null;
  // Reopened on a result: the answers given, as its review has them.
  const [answers, setAnswers] = useState<Record<string, QuizAnswer>>(() =>
    givenAnswers(questions, material.result?.review ?? null),
  );
  const [submitted, setSubmitted] = useState<QuizResult | null>(null);
  // A quiz answered before opens on its latest result and review (issue 13).
  const result: QuizResult | OpenedQuizResult | null = submitted ?? material.result ?? null;
  const canStartNew = submitted ? undefined : material.result?.canStartNew;
  const [sending, setSending] = useState(false);
  const secondsLeft = useCountdown(attempt?.deadline ?? null, !result);
  const autoSent = useRef(false);

  async function send() {
    setSending(true);
    const answer = await submitQuiz(material.id, answersPayload(questions, answers));
    setSending(false);
    if (!answer.ok) {
      toast.error(failureText(answer, i18n));
      // Time is up or no attempt is left: the attempt is over, the quiz opens again as it now is.
      if (answer.status === 409) onRetry();
      return false;
    }
    setSubmitted(answer.data);
    return true;
  }

  useEffect(() => {
    if (secondsLeft === 0 && !autoSent.current && !result) {
      autoSent.current = true;
      void send();
    }
  });

  const allowed = attempt?.attemptsAllowed ?? settings.attemptsAllowed ?? 0;
  const used = attempt?.attemptsUsed ?? 0;
  if (allowed > 0 && used >= allowed && !result && material.state !== "complete")
    return <p className="text-sm text-muted-foreground">{t("quiz.noAttemptsLeft")}</p>;

  const reviewOf = (id: string | number) =>
    result?.review?.find((row) => String(row.questionId) === String(id));

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void confirm({
          title: t("journey.submitQuizTitle"),
          message: t("journey.submitQuizMessage", {
            answered: answeredCount(answers),
            total: questions.length,
          }),
          confirmLabel: t("quiz.submit"),
          cancelLabel: t("common.cancel"),
          onConfirm: async () => {
            await send();
          },
        });
      }}
    >
      <dl className="grid grid-cols-2 gap-3 rounded-card bg-muted p-3 sm:grid-cols-4">
        <Fact label={t("quiz.field.passingGrade")}>{settings.passingGrade ?? 75}</Fact>
        <Fact label={t("quiz.field.attemptsAllowed")}>
          {allowed === 0
            ? t("quiz.unlimited")
            : attempt
              ? `${Math.min(attempt.number, allowed)} / ${allowed}`
              : allowed}
        </Fact>
        <Fact label={t("quiz.field.timeLimitMinutes")}>
          {settings.timeLimitMinutes ? settings.timeLimitMinutes : t("quiz.unlimited")}
        </Fact>
        {secondsLeft !== null && !result ? (
          <div role="timer" aria-live="off">
            <dt className="text-xs font-medium text-muted-foreground">{t("journey.timer")}</dt>
            <dd className="mt-0.5 text-sm font-semibold text-foreground tabular-nums">
              {t("quiz.timeLeft", { time: clock(secondsLeft) })}
            </dd>
          </div>
        ) : null}
      </dl>
      {questions.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("journey.quizEmpty")}</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {questions.map((question, index) => (
            <li key={question.id}>
              <QuizQuestionField
                question={question}
                index={index}
                value={answers[String(question.id)]}
                onChange={(value) =>
                  setAnswers((current) => ({ ...current, [String(question.id)]: value }))
                }
                disabled={Boolean(result) || sending}
                review={reviewOf(question.id)}
              />
            </li>
          ))}
        </ol>
      )}
      {result ? (
        <QuizResultPanel
          result={result}
          canStartNew={canStartNew}
          onContinue={onPassed}
          onRetry={onRetry}
        />
      ) : (
        <Button type="submit" className="self-start" pending={sending}>
          {t("quiz.submit")}
        </Button>
      )}
    </form>
  );
}

function givenAnswers(
  questions: QuizQuestion[],
  review: QuizReviewRow[] | null,
): Record<string, QuizAnswer> {
  const answers: Record<string, QuizAnswer> = {};
  if (!review) return answers;
  for (const question of questions) {
    const given = review.find((row) => String(row.questionId) === String(question.id))?.given;
    const values = Array.isArray(given)
      ? given.map(String)
      : given === undefined
        ? []
        : [String(given)];
    answers[String(question.id)] = questionKind(question) === "short" ? (values[0] ?? "") : values;
  }
  return answers;
}

/** Seconds until the deadline, ticking each second; null without a deadline. */
function useCountdown(deadline: string | null, running: boolean): number | null {
  const left = () =>
    deadline ? Math.max(0, Math.round((Date.parse(deadline) - Date.now()) / 1000)) : null;
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    if (!deadline || !running) return;
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
    // left reads only deadline
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline, running]);
  return seconds;
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm text-foreground">{children}</dd>
    </div>
  );
}
