import { DataTable, FullPageSpinner, PageHeader } from "@lms/ui";
import { useMemo } from "react";
import { Link, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useI18n } from "../../../lib/i18n";
import { toListParams, useListState } from "../../../lib/list-state";
import { useTableLabels } from "../../../lib/table-labels";
import { LoadFailure } from "../../../components/load-failure";
import { recordId } from "../../../lib/params";
import { reportParams, useReportSubject, useScormAttempts } from "../api/use-scorm-report";
import { attemptColumns } from "../components/attempt-columns";
import { ReportExports } from "../components/report-exports";

const EXPORTS = ["attempts", "interactions", "objectives"] as const;

/**
 * /courses/{courseId}/scorm-report/{materialId}: a SCORM material's attempts per student, for
 * the course's teachers and administrators (issue 15); each attempt opens its drill-down.
 */
export default function ScormReportPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const labels = useTableLabels();
  const params = useParams();
  const courseId = recordId(params.courseId);
  const materialId = recordId(params.materialId);
  const { course, material } = useReportSubject(courseId, materialId);
  const [state, setState] = useListState(`scorm-report-${materialId}`, {
    sortBy: "lastName",
    sortOrder: "asc",
  });
  const listParams = reportParams(toListParams(state), materialId ?? 0);
  const ready = material.data?.type === "scorm" && material.data.courseId === courseId;
  const attempts = useScormAttempts(listParams, ready);
  const columns = useMemo(
    () => attemptColumns(i18n, courseId ?? 0, materialId ?? 0),
    [i18n, courseId, materialId],
  );

  if (courseId === null || materialId === null) return <LoadFailure error={null} />;
  const failure = course.error ?? material.error ?? attempts.error;
  if (failure) return <LoadFailure error={failure} onRetry={() => void material.reload()} />;
  if (!course.data || !material.data) return <FullPageSpinner label={t("app.loading")} />;
  if (!ready) return <LoadFailure error={null} />;

  return (
    <div className="flex flex-col gap-6 p-4 sm:p-6">
      <PageHeader
        eyebrow={
          <Link to={paths.courses.view.getHref(courseId)} className="hover:underline">
            {t("scormReport.backToCourse", { name: course.data.courseName })}
          </Link>
        }
        title={`${t("scormReport.title")}: ${material.data.name}`}
        description={t("scormReport.description", { name: material.data.name })}
      />
      <ReportExports params={listParams} reports={EXPORTS} />
      <DataTable
        caption={t("scormReport.title")}
        columns={columns}
        data={attempts.page?.rows ?? []}
        totalCount={attempts.page?.totalCount ?? 0}
        loading={attempts.loading}
        state={state}
        onStateChange={setState}
        labels={{ ...labels, empty: t("scormReport.empty") }}
        getRowLabel={(row) =>
          `${row.firstName} ${row.lastName}${row.attempt === null ? "" : ` ${row.attempt}`}`
        }
      />
    </div>
  );
}
