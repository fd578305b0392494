import { DEFAULT_LIST_PARAMS } from "@lms/core";
import { EmptyState, FullPageSpinner, PageHeader } from "@lms/ui";
import { Link, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useI18n } from "../../../lib/i18n";
import { LoadFailure } from "../../../components/load-failure";
import { recordId } from "../../../lib/params";
import { durationText } from "../../../lib/duration";
import { useReportSubject, useScormAttempt } from "../api/use-scorm-report";
import { ReportExports } from "../components/report-exports";
import { InteractionsTable, ObjectivesTable } from "../components/attempt-tables";
import { statusText } from "../../../lib/scorm-status-text";

const EXPORTS = ["interactions", "objectives"] as const;

/**
 * /courses/{courseId}/scorm-report/{materialId}/{userId}/{attempt}: one attempt's drill-down,
 * its status, score and time, every interaction (question, response, correct pattern, result,
 * latency) and objective, with their CSV exports.
 */
export default function ScormAttemptPage() {
  const i18n = useI18n();
  const { t, intl } = i18n;
  const params = useParams();
  const courseId = recordId(params.courseId);
  const materialId = recordId(params.materialId);
  const userId = recordId(params.userId);
  const number = recordId(params.attempt);
  const { material } = useReportSubject(null, materialId);
  const attempt = useScormAttempt(materialId, userId, number);

  if (courseId === null || materialId === null || userId === null || number === null)
    return <LoadFailure error={null} />;
  const failure = attempt.error ?? material.error;
  if (failure) return <LoadFailure error={failure} onRetry={() => void attempt.reload()} />;
  if (!attempt.data || !material.data) return <FullPageSpinner label={t("app.loading")} />;
  const data = attempt.data;
  const name = `${data.firstName} ${data.lastName}`;
  const exportParams = {
    ...DEFAULT_LIST_PARAMS,
    extra: { materialId, userId, attempt: number },
  };

  return (
    <div className="flex flex-col gap-6 p-4 sm:p-6">
      <PageHeader
        eyebrow={
          <Link
            to={paths.courses.scormReport.getHref(courseId, materialId)}
            className="hover:underline"
          >
            {t("scormReport.backToReport")}
          </Link>
        }
        title={t("scormReport.attemptTitle", { name, n: data.attempt })}
        description={material.data.name}
      />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Fact label={t("scormReport.completion")}>{statusText(data.completionStatus, t)}</Fact>
        <Fact label={t("scormReport.success")}>{statusText(data.successStatus, t)}</Fact>
        <Fact label={t("scormReport.score")}>{data.score === null ? "–" : `${data.score}%`}</Fact>
        <Fact label={t("journey.timeSpent")}>{durationText(data.totalSeconds, t)}</Fact>
        <Fact label={t("scormReport.lastAccess")}>
          {intl.formatDate(data.lastAccess, { dateStyle: "medium", timeStyle: "short" })}
        </Fact>
      </dl>
      <ReportExports params={exportParams} reports={EXPORTS} />
      <section aria-labelledby="scorm-interactions" className="flex flex-col gap-2">
        <h2 id="scorm-interactions" className="text-lg font-semibold text-foreground">
          {t("scormReport.interactions")}
        </h2>
        {data.interactions.length === 0 ? (
          <EmptyState title={t("scormReport.noInteractions")} />
        ) : (
          <InteractionsTable rows={data.interactions} />
        )}
      </section>
      <section aria-labelledby="scorm-objectives" className="flex flex-col gap-2">
        <h2 id="scorm-objectives" className="text-lg font-semibold text-foreground">
          {t("scormReport.objectives")}
        </h2>
        {data.objectives.length === 0 ? (
          <EmptyState title={t("scormReport.noObjectives")} />
        ) : (
          <ObjectivesTable rows={data.objectives} />
        )}
      </section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-card border border-border bg-surface p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-semibold break-words text-foreground">{children}</dd>
    </div>
  );
}
