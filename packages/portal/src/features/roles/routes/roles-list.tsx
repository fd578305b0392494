import { COMMANDS } from "@lms/core";
import { Button, DataTable, PageHeader } from "@lms/ui";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { ExportButton } from "../../../components/export-button";
import { renderRouterLink } from "../../../components/router-link";
import { useSession } from "../../../lib/api-context";
import { useI18n } from "../../../lib/i18n";
import { enabledFilter } from "../../../lib/list-filters";
import { toListParams, useListState } from "../../../lib/list-state";
import { useRowActions } from "../../../lib/row-actions";
import { useTableLabels } from "../../../lib/table-labels";
import { ROLE_PATH, useRoleCommands, useRoles } from "../api/use-roles";
import { roleColumns } from "../components/role-columns";
import { useDeleteRowAction } from "../../../hooks/use-confirmed-delete";
import { RecycleBinLink } from "../../../components/recycle-bin-link";

/** /roles-and-permissions: the role list (SPEC.md §2). */
export default function RolesListPage() {
  const { t, intl } = useI18n();
  const navigate = useNavigate();
  const { permissions } = useSession();
  const rights = permissions?.roles;
  const [state, setState] = useListState("roles");
  const params = toListParams(state);
  const { page, loading } = useRoles(params);
  const { remove, setStatus } = useRoleCommands();
  const actions = useRowActions();
  const deleteAction = useDeleteRowAction();
  const labels = useTableLabels();
  const columns = useMemo(
    () =>
      roleColumns(t, (iso) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" })),
    [t, intl],
  );

  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        title={t("roles.title")}
        actions={
          <>
            <ExportButton command={COMMANDS.role.export} params={params} />
            {rights?.modify ? <RecycleBinLink href={paths.roles.recycleBin.getHref()} /> : null}
            {rights?.add ? (
              <Button asChild>
                <Link to={paths.roles.create.getHref()}>{t("roles.create")}</Link>
              </Button>
            ) : null}
          </>
        }
      />
      <DataTable
        caption={t("roles.title")}
        columns={columns}
        data={page?.rows ?? []}
        totalCount={page?.totalCount ?? 0}
        loading={loading}
        state={state}
        onStateChange={setState}
        labels={labels}
        getRowLabel={(row) => row.roleName}
        getRowHref={(row) => `#${paths.roles.view.getHref(row.id)}`}
        renderLink={renderRouterLink}
        filters={[enabledFilter(t, t("roles.field.status"))]}
        onEdit={rights?.modify ? (row) => navigate(paths.roles.edit.getHref(row.id)) : undefined}
        rowActions={
          rights?.modify
            ? (row) => [
                actions.toggle("enable", !row.enabled, {
                  name: row.roleName,
                  run: () => setStatus(row.id, !row.enabled),
                  success: t(row.enabled ? "roles.disabled" : "roles.enabled"),
                }),
                // A built-in role keeps its delete entry: the server refuses it with a code whose
                // text is shown.
                deleteAction({
                  path: ROLE_PATH,
                  id: row.id,
                  run: () => remove(row.id),
                  success: t("roles.deleted"),
                }),
              ]
            : undefined
        }
      />
    </div>
  );
}
