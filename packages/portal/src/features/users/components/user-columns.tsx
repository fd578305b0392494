import { USER_STATUS, type Translator, type UserRecord } from "@lms/core";
import { StatusChip } from "@lms/ui";
import type { ColumnDef } from "@tanstack/react-table";
import { fullName } from "../../../lib/names";
import { roleLabel } from "./role-label";

export function userColumns(
  t: Translator["t"],
  options: { showSchool: boolean },
): ColumnDef<UserRecord, unknown>[] {
  const columns: ColumnDef<UserRecord, unknown>[] = [
    {
      id: "lastName",
      accessorFn: (user) => fullName(user, { salutation: false }),
      header: t("users.field.fullName"),
    },
    { id: "userName", accessorKey: "userName", header: t("users.field.userName") },
    {
      id: "email",
      accessorKey: "email",
      header: t("users.field.email"),
      // A long address is cut short with its whole text on hover (issue 13: nothing clipped).
      cell: ({ row }) => (
        <span className="block max-w-[16rem] truncate" title={row.original.email ?? ""}>
          {row.original.email}
        </span>
      ),
    },
    {
      id: "roleId",
      accessorKey: "roleId",
      header: t("users.field.role"),
      cell: ({ row }) => roleLabel(t, row.original.roleId, row.original.roleName),
    },
  ];
  if (options.showSchool) {
    columns.push({
      id: "school",
      accessorFn: (user) => user.schoolName ?? "",
      header: t("users.field.school"),
      enableSorting: false,
    });
  }
  columns.push(
    {
      id: "grade",
      accessorFn: (user) => [user.grade, user.section].filter(Boolean).join(" – "),
      header: `${t("users.field.grade")} / ${t("users.field.section")}`,
    },
    {
      id: "status",
      accessorKey: "status",
      header: t("users.field.status"),
      cell: ({ row }) =>
        row.original.status === USER_STATUS.active ? (
          <StatusChip status="active">{t("common.active")}</StatusChip>
        ) : (
          <StatusChip status="inactive">{t("common.inactive")}</StatusChip>
        ),
    },
  );
  return columns;
}
