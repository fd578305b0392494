import { COMMANDS, type ProgressRow } from "@lms/core";
import { DataTable, type DataTableRowAction } from "@lms/ui";
import { useMemo } from "react";
import { ExportButton } from "../../../components/export-button";
import { useSession } from "../../../lib/api-context";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useI18n } from "../../../lib/i18n";
import { toListParams, useListState } from "../../../lib/list-state";
import { useTableLabels } from "../../../lib/table-labels";
import { ScormReportLinks } from "./scorm-report-links";
import { progressParams, useCourseProgress, useScormAttemptCommands } from "../api/use-progress";
import { progressColumns } from "./progress-columns";

/**
 * A course's progress for teachers and school admins: each student's completion, quiz average,
 * SCORM results, time spent and last activity; sortable, searchable on names and exportable to
 * CSV. Whoever may change courses resets a student's SCORM attempts or marks a SCORM material
 * complete for them from the row's actions, after a confirm.
 */
export function CourseProgress({ courseId }: { courseId: number }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [state, setState] = useListState("course-progress", { sortBy: "lastName" });
  const params = progressParams(toListParams(state), courseId);
  const { page, loading } = useCourseProgress(params);
  const labels = useTableLabels();
  const columns = useMemo(() => progressColumns(i18n), [i18n]);
  const { permissions } = useSession();
  const confirmed = useConfirmedAction();
  const commands = useScormAttemptCommands();

  const rowActions = (row: ProgressRow): DataTableRowAction[] => {
    const student = `${row.firstName} ${row.lastName}`;
    return row.scorm.flatMap((result) => {
      const names = { student, material: result.name };
      const actions: DataTableRowAction[] = [];
      if (!result.complete) {
        actions.push({
          label: `${t("scorm.markComplete")}: ${result.name}`,
          onSelect: () =>
            void confirmed({
              title: t("scorm.markCompleteTitle"),
              message: t("scorm.markCompleteMessage", names),
              confirmLabel: t("scorm.markComplete"),
              run: () => commands.markComplete(result.materialId, row.userId),
              success: t("scorm.markedComplete"),
            }),
        });
      }
      if (result.attempts || result.complete) {
        actions.push({
          label: `${t("scorm.resetAttempts")}: ${result.name}`,
          destructive: true,
          onSelect: () =>
            void confirmed({
              title: t("scorm.resetTitle"),
              message: t("scorm.resetMessage", names),
              confirmLabel: t("scorm.resetAttempts"),
              tone: "destructive",
              run: () => commands.reset(result.materialId, row.userId),
              success: t("scorm.attemptsReset"),
            }),
        });
      }
      return actions;
    });
  };
  const canAct =
    Boolean(permissions?.courses?.modify) && (page?.rows ?? []).some((r) => r.scorm.length > 0);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ScormReportLinks courseId={courseId} materials={page?.rows[0]?.scorm ?? []} />
        <ExportButton command={COMMANDS.progress.export} params={params} />
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
        rowActions={canAct ? rowActions : undefined}
      />
    </div>
  );
}
