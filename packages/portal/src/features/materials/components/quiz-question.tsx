import { CircleCheckIcon } from "lucide-react";
import { cn } from "@lms/ui";
import { useId } from "react";
import { useT } from "../../../lib/i18n";
import type { QuizQuestion, QuizReviewRow } from "@lms/core";
import { questionKind, questionOptions, type QuizAnswer } from "../utils/quiz-answers";

/** One question of the quiz player: its choices or a text box, and its review after submission. */
export function QuizQuestionField({
  question,
  index,
  value,
  onChange,
  disabled,
  review,
}: {
  question: QuizQuestion;
  index: number;
  value: QuizAnswer | undefined;
  onChange: (value: QuizAnswer) => void;
  disabled: boolean;
  review?: QuizReviewRow;
}) {
  const t = useT();
  const legendId = useId();
  const kind = questionKind(question);
  const prompt = question.text ?? question.prompt ?? "";
  const selected = Array.isArray(value) ? value : [];
  return (
    <fieldset
      aria-labelledby={legendId}
      className={cn(
        "flex flex-col gap-3 rounded-card border border-border bg-surface p-4",
        review && (review.right ? "border-success" : "border-destructive"),
      )}
    >
      <legend id={legendId} className="contents">
        <span className="text-sm font-semibold text-foreground">
          {t("quiz.questionLabel", { n: index + 1 })}:{" "}
        </span>
        <span className="text-base text-foreground">{prompt}</span>{" "}
        <span className="text-xs text-muted-foreground">
          ({t("quiz.pointsValue", { count: question.points })})
        </span>
      </legend>
      {kind === "short" ? (
        <input
          type="text"
          aria-label={t("quiz.field.answer")}
          value={typeof value === "string" ? value : ""}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-full max-w-md rounded-control border border-input bg-surface px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-70"
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {questionOptions(question, t).map((option) => {
            const checked = selected.includes(option.id);
            return (
              <li key={option.id}>
                <label
                  className={cn(
                    "flex min-h-10 cursor-pointer items-center gap-3 rounded-control border border-border px-3 py-2 text-sm text-foreground hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    checked && "border-primary bg-primary-soft",
                  )}
                >
                  <input
                    type={kind === "multiple" ? "checkbox" : "radio"}
                    name={`question-${question.id}`}
                    checked={checked}
                    disabled={disabled}
                    onChange={(event) =>
                      onChange(
                        kind === "multiple"
                          ? event.target.checked
                            ? [...selected, option.id]
                            : selected.filter((id) => id !== option.id)
                          : [option.id],
                      )
                    }
                    className="size-4 accent-primary"
                  />
                  {option.text}
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {review ? (
        <p
          className={cn(
            "inline-flex flex-wrap items-center gap-2 text-sm font-medium [&_svg]:size-4",
            review.right ? "text-success-soft-foreground" : "text-destructive",
          )}
        >
          {review.right ? <CircleCheckIcon /> : null}
          {t(review.right ? "journey.answerRight" : "journey.answerWrong")}
          {!review.right ? (
            <span className="font-normal text-foreground">
              {t("quiz.correctAnswer")}: {correctText(question, review.correct, t)}
            </span>
          ) : null}
        </p>
      ) : null}
    </fieldset>
  );
}

function correctText(question: QuizQuestion, correct: unknown, t: ReturnType<typeof useT>): string {
  const values = (Array.isArray(correct) ? correct : [correct]).map(String);
  const options = questionOptions(question, t);
  return values.map((v) => options.find((o) => o.id === v)?.text ?? v).join(", ");
}
