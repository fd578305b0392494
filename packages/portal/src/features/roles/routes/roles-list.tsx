import type { RoleRecord } from "@lms/core";
import { Button, DataTable, PageHeader } from "@lms/ui";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { renderRouterLink } from "../../../components/router-link";
import { useSession } from "../../../lib/api-context";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useExport } from "../../../lib/export";
import { useI18n } from "../../../lib/i18n";
import { toListParams, useListState } from "../../../lib/list-state";
import { useTableLabels } from "../../../lib/table-labels";
import { ROLE_PATH, useRoleCommands, useRoles } from "../api/use-roles";
import { roleColumns } from "../components/role-columns";

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
  const confirmed = useConfirmedAction();
  const { exportCsv, exporting } = useExport(ROLE_PATH);
  const labels = useTableLabels();
  const columns = useMemo(
    () =>
      roleColumns(t, (iso) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" })),
    [t, intl],
  );

  const changeStatus = (role: RoleRecord, enabled: boolean) =>
    confirmed({
      title: t("confirm.statusTitle"),
      message: t(enabled ? "confirm.enableMessage" : "confirm.disableMessage", {
        name: role.roleName,
      }),
      confirmLabel: t(enabled ? "common.enable" : "common.disable"),
      tone: enabled ? "default" : "destructive",
      run: () => setStatus(role.id, enabled),
      success: t(enabled ? "roles.enabled" : "roles.disabled"),
    });

  // A built-in role keeps its delete entry: the server refuses it with a code whose text is shown.
  const deleteRole = (role: RoleRecord) =>
    confirmed({
      title: t("confirm.deleteTitle"),
      message: t("confirm.deleteMessage", { name: role.roleName }),
      confirmLabel: t("common.delete"),
      tone: "destructive",
      run: () => remove(role.id),
      success: t("roles.deleted"),
    });

  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        title={t("roles.title")}
        actions={
          <>
            <Button variant="outline" pending={exporting} onClick={() => void exportCsv(params)}>
              {t("common.export")}
            </Button>
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
        filters={[
          {
            key: "enabled",
            label: t("roles.field.status"),
            options: [
              { value: "true", label: t("common.enabled") },
              { value: "false", label: t("common.disabled") },
            ],
          },
        ]}
        onEdit={rights?.modify ? (row) => navigate(paths.roles.edit.getHref(row.id)) : undefined}
        rowActions={
          rights?.modify
            ? (row) => [
                {
                  label: t(row.enabled ? "common.disable" : "common.enable"),
                  onSelect: () => void changeStatus(row, !row.enabled),
                },
                {
                  label: t("common.delete"),
                  destructive: true,
                  onSelect: () => void deleteRole(row),
                },
              ]
            : undefined
        }
      />
    </div>
  );
}
