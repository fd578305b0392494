import {
  COMMANDS,
  GLOBAL_ROLE_IDS,
  REGISTERED,
  USER_STATUS,
  type RoleId,
  type UserRecord,
} from "@lms/core";
import { Button, DataTable, type DataTableRowAction } from "@lms/ui";
import { useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { ExportButton } from "../../../components/export-button";
import { renderRouterLink } from "../../../components/router-link";
import { useSession } from "../../../lib/api-context";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useT } from "../../../lib/i18n";
import { toListParams, useListState } from "../../../lib/list-state";
import { useTableLabels } from "../../../lib/table-labels";
import { useConfirmedDelete } from "../../../hooks/use-confirmed-delete";
import { USER_PATH } from "../../../lib/api-paths";
import {
  useRoleOptions,
  useSchoolOptions,
  useUserCommands,
  useUsers,
  type UserSelection,
} from "../api/use-users";
import { fullName } from "../../../lib/names";
import { roleLabel } from "./role-label";
import { userColumns } from "./user-columns";

type BulkCommand = "activate" | "deactivate" | "resendactivation" | "delete";

const SUCCESS = {
  activate: "users.activated",
  deactivate: "users.deactivated",
  resendactivation: "users.activationSent",
  delete: "users.deleted",
} as const;

const ACTION_LABEL = {
  activate: "users.activate",
  deactivate: "users.deactivate",
  resendactivation: "users.resendActivation",
  delete: "common.delete",
} as const;

/**
 * The user table: search, sort, filters by role, school and status, export, and single or bulk
 * activate, deactivate, resend activation and delete. Inside a school's page it lists that school.
 */
export function UsersTable({
  schoolId,
  toolbar,
}: {
  schoolId?: number;
  toolbar?: React.ReactNode;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { profile, permissions } = useSession();
  const rights = permissions?.users;
  const globalViewer = GLOBAL_ROLE_IDS.includes(Number(profile?.roleId) as RoleId);
  const [state, setState] = useListState(schoolId ? "school-users" : "users");
  const params = toListParams(state, schoolId ? { schoolId } : undefined);
  const { page, loading } = useUsers(params);
  const roles = useRoleOptions();
  const schools = useSchoolOptions("", globalViewer && !schoolId);
  const { remove, bulk } = useUserCommands();
  const confirmed = useConfirmedAction();
  const confirmedDelete = useConfirmedDelete();
  const labels = useTableLabels();
  const columns = useMemo(
    () => userColumns(t, { showSchool: globalViewer && !schoolId }),
    [t, globalViewer, schoolId],
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);

  const act = (command: BulkCommand, selection: UserSelection, name?: string) => {
    const count = "ids" in selection ? selection.ids.length : (page?.totalCount ?? 0);
    const single = name !== undefined;
    const message = single
      ? t(
          command === "activate"
            ? "users.confirmActivate"
            : command === "deactivate"
              ? "users.confirmDeactivate"
              : "users.confirmResend",
          { name },
        )
      : command === "delete"
        ? t("users.bulkDeleteImpact", { count })
        : t("confirm.bulkMessage", { action: t(ACTION_LABEL[command]), count });
    return confirmed({
      title: command === "delete" ? t("confirm.deleteTitle") : t("confirm.statusTitle"),
      message,
      confirmLabel: t(ACTION_LABEL[command]),
      tone: command === "delete" || command === "deactivate" ? "destructive" : "default",
      run: () => (command === "delete" ? remove(selection) : bulk(command, selection)),
      success: single ? t(SUCCESS[command]) : t("users.bulkDone", { count }),
    }).then((done) => {
      if (done && !single) {
        setSelected([]);
        setAllMatching(false);
      }
    });
  };

  const rowActions = (user: UserRecord): DataTableRowAction[] => {
    const name = fullName(user, { salutation: false });
    const one = { ids: [user.id] };
    const actions: DataTableRowAction[] = [];
    if (user.status === USER_STATUS.active)
      actions.push({
        label: t("users.deactivate"),
        onSelect: () => void act("deactivate", one, name),
      });
    else
      actions.push({ label: t("users.activate"), onSelect: () => void act("activate", one, name) });
    if (user.registered === REGISTERED.no)
      actions.push({
        label: t("users.resendActivation"),
        onSelect: () => void act("resendactivation", one, name),
      });
    actions.push({
      label: t("users.changePassword"),
      onSelect: () => navigate(paths.users.changePassword.getHref(user.id)),
    });
    actions.push({
      label: t("common.delete"),
      destructive: true,
      onSelect: () =>
        void confirmedDelete({
          path: USER_PATH,
          id: user.id,
          run: () => remove(one),
          success: t("users.deleted"),
        }),
    });
    return actions;
  };

  const selection: UserSelection = allMatching
    ? { matching: params }
    : { ids: selected.map(Number) };
  const roleRows = roles.page?.rows ?? [];

  return (
    <DataTable
      caption={t("users.title")}
      columns={columns}
      data={page?.rows ?? []}
      totalCount={page?.totalCount ?? 0}
      totalIsEstimate={page?.totalIsEstimate ?? false}
      loading={loading}
      state={state}
      onStateChange={(next) => {
        setState(next);
        setAllMatching(false);
      }}
      labels={labels}
      getRowLabel={(user) => fullName(user, { salutation: false })}
      getRowHref={(user) => `#${paths.users.details.getHref(user.id)}`}
      renderLink={renderRouterLink}
      filters={[
        {
          key: "roleId",
          label: t("users.filter.role"),
          options: roleRows.map((role) => ({
            value: String(role.id),
            label: roleLabel(t, role.id, role.roleName),
          })),
        },
        ...(globalViewer && !schoolId
          ? [
              {
                key: "schoolId",
                label: t("users.filter.school"),
                options: (schools.page?.rows ?? []).map((school) => ({
                  value: String(school.id),
                  label: school.schoolName,
                })),
              },
            ]
          : []),
        {
          key: "status",
          label: t("users.filter.status"),
          options: [
            { value: String(USER_STATUS.active), label: t("common.active") },
            { value: String(USER_STATUS.inactive), label: t("common.inactive") },
          ],
        },
      ]}
      onEdit={rights?.modify ? (user) => navigate(paths.users.edit.getHref(user.id)) : undefined}
      rowActions={rights?.modify ? rowActions : undefined}
      selectable={Boolean(rights?.modify)}
      selectedIds={selected}
      onSelectionChange={(ids) => {
        setSelected(ids);
        if (ids.length === 0) setAllMatching(false);
      }}
      allMatchingSelected={allMatching}
      onAllMatchingSelectedChange={setAllMatching}
      bulkActions={(["activate", "deactivate", "resendactivation", "delete"] as const).map(
        (command) => (
          <Button
            key={command}
            size="sm"
            variant={command === "delete" ? "destructive" : "outline"}
            onClick={() => void act(command, selection)}
          >
            {t(ACTION_LABEL[command])}
          </Button>
        ),
      )}
      toolbar={
        <>
          <ExportButton command={COMMANDS.user.export} params={params} />
          {toolbar}
        </>
      }
    />
  );
}
