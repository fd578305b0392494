import { COMMANDS, type SchoolRecord } from "@lms/core";
import { Button, DataTable, PageHeader } from "@lms/ui";
import { useMemo, useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Redirect } from "../../../components/redirect";
import { paths } from "../../../app/paths";
import { ExportButton } from "../../../components/export-button";
import { renderRouterLink } from "../../../components/router-link";
import { useSession } from "../../../lib/api-context";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useT } from "../../../lib/i18n";
import { enabledFilter } from "../../../lib/list-filters";
import { homeHref } from "../../../lib/navigation";
import { toListParams, useListState } from "../../../lib/list-state";
import { useRowActions } from "../../../lib/row-actions";
import { useTableLabels } from "../../../lib/table-labels";
import { SCHOOL_PATH, useSchoolCommands, useSchools } from "../api/use-schools";
import { schoolColumns } from "../components/school-columns";
import { useDeleteRowAction } from "../../../hooks/use-confirmed-delete";
import { RecycleBinLink } from "../../../components/recycle-bin-link";

/**
 * /schools: the list, or for a role without schools access its own start page (SPEC.md §2 sends
 * every signed-in visitor here).
 */
export default function SchoolsListRoute() {
  const { profile, permissions } = useSession();
  if (profile && permissions && !(permissions.schools.access && permissions.schools.view)) {
    return <Redirect to={homeHref(profile, permissions)} />;
  }
  return <SchoolsListPage />;
}

function SchoolsListPage() {
  const t = useT();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const rights = permissions?.schools;
  const [state, setState] = useListState("schools");
  const params = toListParams(state);
  const { page, loading } = useSchools(params);
  const { remove, setStatus } = useSchoolCommands();
  const confirmed = useConfirmedAction();
  const actions = useRowActions();
  const deleteAction = useDeleteRowAction();
  const labels = useTableLabels();
  const columns = useMemo(() => schoolColumns(t), [t]);
  const [selected, setSelected] = useState<string[]>([]);

  const changeStatus = (schools: SchoolRecord[], enabled: boolean) =>
    confirmed({
      title: t("confirm.statusTitle"),
      message:
        schools.length === 1
          ? t(enabled ? "confirm.enableMessage" : "confirm.disableMessage", {
              name: schools[0]!.schoolName,
            })
          : t("confirm.bulkMessage", {
              action: t(enabled ? "common.enable" : "common.disable"),
              count: schools.length,
            }),
      confirmLabel: t(enabled ? "common.enable" : "common.disable"),
      tone: enabled ? "default" : "destructive",
      run: () =>
        setStatus(
          schools.map((s) => s.id),
          enabled,
        ),
      success:
        schools.length === 1
          ? t(enabled ? "schools.enabled" : "schools.disabled")
          : t("schools.bulkStatusDone", { count: schools.length }),
    }).then((done) => done && setSelected([]));

  const rows = page?.rows ?? [];
  const selectedRows = rows.filter((r) => selected.includes(String(r.id)));

  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        title={t("schools.title")}
        actions={
          <>
            <ExportButton command={COMMANDS.school.export} params={params} />
            {rights?.modify ? <RecycleBinLink href={paths.schools.recycleBin.getHref()} /> : null}
            {rights?.add ? (
              <Button asChild>
                <Link to={paths.schools.create.getHref()}>{t("nav.createSchool")}</Link>
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        caption={t("schools.title")}
        columns={columns}
        data={rows}
        totalCount={page?.totalCount ?? 0}
        loading={loading}
        state={state}
        onStateChange={setState}
        labels={labels}
        getRowLabel={(row) => row.schoolName}
        getRowHref={(row) => `#${paths.schools.info.getHref(row.id)}`}
        renderLink={renderRouterLink}
        filters={[enabledFilter(t, t("common.status"))]}
        onEdit={rights?.modify ? (row) => navigate(paths.schools.edit.getHref(row.id)) : undefined}
        rowActions={
          rights?.modify
            ? (row) => [
                actions.toggle("enable", !row.enabled, {
                  name: row.schoolName,
                  run: () => setStatus([row.id], !row.enabled),
                  success: t(row.enabled ? "schools.disabled" : "schools.enabled"),
                }),
                deleteAction({
                  path: SCHOOL_PATH,
                  id: row.id,
                  run: (confirmCode) => remove(row.id, confirmCode),
                  success: t("schools.deleted"),
                }),
              ]
            : undefined
        }
        selectable={Boolean(rights?.modify)}
        selectedIds={selected}
        onSelectionChange={setSelected}
        bulkActions={
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void changeStatus(selectedRows, true)}
            >
              {t("common.enable")}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => void changeStatus(selectedRows, false)}
            >
              {t("common.disable")}
            </Button>
          </>
        }
      />
    </div>
  );
}
