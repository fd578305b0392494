import { COMMANDS, GLOBAL_ROLE_IDS, GRADE_LEVELS, type RoleId } from "@lms/core";
import { Button, DataTable } from "@lms/ui";
import { useMemo } from "react";
import { renderRouterLink } from "../../../components/router-link";
import { useSession } from "../../../lib/api-context";
import { useExport } from "../../../lib/export";
import { useT } from "../../../lib/i18n";
import { toListParams, useListState } from "../../../lib/list-state";
import { useTableLabels } from "../../../lib/table-labels";
import { useClasses } from "../api/use-classes";
import { classDetailsHref } from "../../../lib/class-href";
import { classColumns, classNameText } from "./class-columns";

/**
 * The class table: search, sort, filter by grade, export. In a school's page it lists that
 * school's classes; in a course's page the classes that take the course.
 */
export function ClassesTable({
  schoolId,
  courseId,
  listKey,
}: {
  schoolId?: number;
  courseId?: number;
  /** Where the page size and sort are kept. */
  listKey: string;
}) {
  const t = useT();
  const { profile } = useSession();
  const globalViewer = GLOBAL_ROLE_IDS.includes(Number(profile?.roleId) as RoleId);
  const [state, setState] = useListState(listKey, { sortBy: "grade", sortOrder: "asc" });
  const params = toListParams(state, { schoolId, courseId });
  const { page, loading } = useClasses(params);
  const { exportCsv, exporting } = useExport(COMMANDS.class.export);
  const labels = useTableLabels();
  const columns = useMemo(
    () => classColumns(t, { showSchool: globalViewer && !schoolId }),
    [t, globalViewer, schoolId],
  );

  return (
    <DataTable
      caption={t("classes.title")}
      columns={columns}
      data={page?.rows ?? []}
      totalCount={page?.totalCount ?? 0}
      loading={loading}
      state={state}
      onStateChange={setState}
      labels={{ ...labels, empty: t("classes.empty") }}
      getRowLabel={(row) => classNameText(t, row)}
      getRowHref={(row) => `#${classDetailsHref(row, profile?.roleId)}`}
      renderLink={renderRouterLink}
      linkColumnId="section"
      filters={[
        {
          key: "grade",
          label: t("classes.field.grade"),
          options: GRADE_LEVELS.map((grade) => ({
            value: String(grade),
            label: t("classes.gradeOption", { grade }),
          })),
        },
      ]}
      toolbar={
        <Button variant="outline" pending={exporting} onClick={() => void exportCsv(params)}>
          {t("common.export")}
        </Button>
      }
    />
  );
}
