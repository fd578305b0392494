import type { RoleRecord, Translator } from "@lms/core";
import { StatusChip } from "@lms/ui";
import type { ColumnDef } from "@tanstack/react-table";

/** The role list's columns; their ids are the list's sortBy names (API.md). */
export function roleColumns(
  t: Translator["t"],
  formatDate: (iso: string) => string,
): ColumnDef<RoleRecord, unknown>[] {
  return [
    { id: "roleName", accessorKey: "roleName", header: t("roles.field.roleName") },
    {
      id: "description",
      accessorKey: "description",
      header: t("roles.field.description"),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="line-clamp-2 max-w-md text-muted-foreground">
          {row.original.description || "—"}
        </span>
      ),
    },
    {
      id: "enabled",
      accessorKey: "enabled",
      header: t("roles.field.status"),
      cell: ({ row }) => (
        <StatusChip status={row.original.enabled ? "enabled" : "disabled"}>
          {t(row.original.enabled ? "common.enabled" : "common.disabled")}
        </StatusChip>
      ),
    },
    {
      id: "updatedAt",
      accessorFn: (row) => row.updatedAt ?? row.createdAt,
      header: t("common.updatedAt"),
      cell: ({ row }) => {
        const at = row.original.updatedAt ?? row.original.createdAt;
        return at ? <span className="whitespace-nowrap">{formatDate(at)}</span> : "—";
      },
    },
  ];
}
