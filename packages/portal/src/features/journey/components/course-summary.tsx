import { useT } from "../../../lib/i18n";
import { statusText } from "../../../lib/scorm-status-text";
import { useCourseSummary } from "../api/use-journey";
import type { JourneyPath } from "@lms/core";
import { durationText } from "../../../lib/duration";
import { elementProgress, secondsOn } from "../utils/sequence";
import { ProgressBar } from "./progress-bar";
import { stateBadgeVariants, StateIcon } from "../../../components/state-badge";

/** The course summary: completion per element, quiz and SCORM scores and time spent. */
export function CourseSummary({ path, userId }: { path: JourneyPath; userId?: number | null }) {
  const t = useT();
  const summary = useCourseSummary(path.course.id, userId);
  const quizIds = new Set(
    path.elements
      .flatMap((e) => e.materials)
      .filter((m) => m.type === "quiz" || m.type === "scorm")
      .map((m) => m.id),
  );
  const quizzes = (summary.data?.quizzes ?? []).filter((q) => quizIds.has(q.materialId));
  return (
    <section aria-labelledby="course-summary-heading" className="flex flex-col gap-5">
      <h2 id="course-summary-heading" className="text-lg font-semibold text-foreground">
        {t("journey.summary")}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Fact label={t("journey.progress")}>{path.percent}%</Fact>
        <Fact label={t("journey.materialsDone")}>
          {t("journey.completed", { done: path.done, total: path.total })}
        </Fact>
        <Fact label={t("journey.timeSpent")}>{durationText(path.timeSpentSeconds, t)}</Fact>
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[20rem] text-sm">
          <caption className="sr-only">{t("journey.perElement")}</caption>
          <thead>
            <tr className="border-b border-border text-start text-xs text-muted-foreground">
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t("journey.element")}
              </th>
              <th scope="col" className="py-2 pe-3 text-start font-medium">
                {t("journey.progress")}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {t("journey.timeSpent")}
              </th>
            </tr>
          </thead>
          <tbody>
            {path.elements.map((element) => {
              const progress = elementProgress(element);
              const seconds = element.materials.reduce((sum, m) => sum + secondsOn(m), 0);
              return (
                <tr key={element.id} className="border-b border-border align-top">
                  <th scope="row" className="py-2 pe-3 text-start font-medium text-foreground">
                    {element.name}
                  </th>
                  <td className="w-2/5 py-2 pe-3">
                    <ProgressBar
                      done={progress.done}
                      total={progress.total}
                      percent={progress.percent}
                      label={element.name}
                    />
                  </td>
                  <td className="py-2 text-foreground">{durationText(seconds, t)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {quizzes.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-semibold text-foreground">{t("journey.quizScores")}</h3>
          <ul className="flex flex-col gap-2">
            {quizzes.map((quiz) => (
              <li
                key={quiz.materialId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-control border border-border px-3 py-2"
              >
                <span className="text-sm font-medium text-foreground">{quiz.name}</span>
                <span className="flex flex-wrap items-center gap-2 text-sm text-foreground">
                  {quiz.bestScore === null
                    ? t("journey.noScore")
                    : t("journey.bestScore", { score: quiz.bestScore })}
                  <span className="text-muted-foreground">
                    {t("journey.attemptsCount", { count: quiz.attempts })}
                  </span>
                  {quiz.attempts > 0 && quiz.passed !== null ? (
                    <span
                      className={stateBadgeVariants({
                        state: quiz.passed ? "complete" : "inProgress",
                      })}
                    >
                      <StateIcon state={quiz.passed ? "complete" : "inProgress"} />
                      {t(quiz.passed ? "quiz.passed" : "quiz.failed")}
                    </span>
                  ) : null}
                  {quiz.type === "scorm" && quiz.passed === null && quiz.status ? (
                    <span className="text-muted-foreground">
                      {t("journey.scormStatus", { status: statusText(quiz.status, t) })}
                    </span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-card border border-border bg-surface p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-foreground">{children}</dd>
    </div>
  );
}
