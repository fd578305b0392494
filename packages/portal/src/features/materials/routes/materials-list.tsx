import { COMMANDS, MATERIAL_TYPES } from "@lms/core";
import { DataTable, PageHeader } from "@lms/ui";
import { useMemo } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { ExportButton } from "../../../components/export-button";
import { renderRouterLink } from "../../../components/router-link";
import { useSession } from "../../../lib/api-context";
import { useI18n } from "../../../lib/i18n";
import { publishedFilter } from "../../../lib/list-filters";
import { toListParams, useListState } from "../../../lib/list-state";
import { useRowActions } from "../../../lib/row-actions";
import { useTableLabels } from "../../../lib/table-labels";
import { MATERIAL_PATH, useMaterialCommands } from "../../../hooks/use-material-commands";
import { useMaterials } from "../api/use-materials";
import { materialColumns } from "../components/material-columns";
import { useDeleteRowAction } from "../../../hooks/use-confirmed-delete";
import { RecycleBinLink } from "../../../components/recycle-bin-link";

/** /materials: every material the caller may see, across courses (SPEC.md §2). */
export default function MaterialsListPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const navigate = useNavigate();
  const { permissions } = useSession();
  const canModify = Boolean(permissions?.materials.modify);
  const [state, setState] = useListState("materials", { sortBy: "lastModified" });
  const params = toListParams(state);
  const { page, loading } = useMaterials(params);
  const { remove, setPublished } = useMaterialCommands();
  const actions = useRowActions();
  const deleteAction = useDeleteRowAction();
  const labels = useTableLabels();
  const columns = useMemo(() => materialColumns(i18n), [i18n]);

  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        title={t("materials.title")}
        actions={
          <>
            <ExportButton command={COMMANDS.material.export} params={params} />
            {canModify && permissions?.courses.modify ? (
              <RecycleBinLink href={paths.courses.recycleBin.getHref("materials")} />
            ) : null}
          </>
        }
      />
      <DataTable
        caption={t("materials.title")}
        columns={columns}
        data={page?.rows ?? []}
        totalCount={page?.totalCount ?? 0}
        loading={loading}
        state={state}
        onStateChange={setState}
        labels={{ ...labels, empty: t("materials.empty") }}
        getRowLabel={(row) => row.name}
        // A material is seen in its place: the page of its course element.
        getRowHref={(row) => `#${paths.courses.element.getHref(row.courseId, row.elementId)}`}
        renderLink={renderRouterLink}
        filters={[
          {
            key: "type",
            label: t("materials.field.type"),
            options: MATERIAL_TYPES.map((type) => ({
              value: type,
              label: t(`materials.type.${type}`),
            })),
          },
          publishedFilter(t, t("materials.field.status")),
        ]}
        onEdit={
          canModify
            ? (row) => navigate(paths.courses.updateMaterial.getHref(row.courseId, row.id))
            : undefined
        }
        rowActions={
          canModify
            ? (row) => [
                ...(row.type === "quiz"
                  ? [
                      {
                        label: t("quiz.settingsTitle"),
                        onSelect: () =>
                          navigate(paths.courses.quizSettings.getHref(row.courseId, row.id)),
                      },
                    ]
                  : []),
                actions.toggle("publish", !row.published, {
                  name: row.name,
                  run: () => setPublished(row.id, !row.published),
                  success: t(row.published ? "materials.unpublished" : "materials.published"),
                }),
                deleteAction({
                  path: MATERIAL_PATH,
                  id: row.id,
                  run: () => remove(row.id),
                  success: t("materials.deleted"),
                }),
              ]
            : undefined
        }
      />
    </div>
  );
}
