import { DataTable } from "@lms/ui";
import { useMemo } from "react";
import { ExportButton } from "../../../components/export-button";
import { useI18n } from "../../../lib/i18n";
import { toListParams, useListState } from "../../../lib/list-state";
import { useTableLabels } from "../../../lib/table-labels";
import { ScormReportLinks } from "../../scorm-report/components/scorm-report-links";
import { PROGRESS_PATH, progressParams, useCourseProgress } from "../api/use-progress";
import { progressColumns } from "./progress-columns";

/**
 * A course's progress for teachers and school admins: each student's completion, quiz average,
 * time spent and last activity; sortable, searchable on names and exportable to CSV.
 */
export function CourseProgress({ courseId }: { courseId: number }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [state, setState] = useListState("course-progress", { sortBy: "lastName" });
  const params = progressParams(toListParams(state), courseId);
  const { page, loading } = useCourseProgress(params);
  const labels = useTableLabels();
  const columns = useMemo(() => progressColumns(i18n), [i18n]);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ScormReportLinks courseId={courseId} materials={page?.rows[0]?.scorm ?? []} />
        <ExportButton path={PROGRESS_PATH} params={params} />
      </div>
      <DataTable
        caption={t("journey.progressTitle")}
        columns={columns}
        data={page?.rows ?? []}
        totalCount={page?.totalCount ?? 0}
        loading={loading}
        state={state}
        onStateChange={setState}
        labels={{ ...labels, empty: t("journey.progressEmpty") }}
        getRowId={(row) => String(row.userId)}
        getRowLabel={(row) => `${row.firstName} ${row.lastName}`}
      />
    </div>
  );
}
