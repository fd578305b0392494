import type { SchoolRecord, Translator } from "@lms/core";
import { StatusChip } from "@lms/ui";
import type { ColumnDef } from "@tanstack/react-table";

export function schoolColumns(t: Translator["t"]): ColumnDef<SchoolRecord, unknown>[] {
  return [
    { id: "schoolName", accessorKey: "schoolName", header: t("schools.field.schoolName") },
    { id: "schoolCode", accessorKey: "schoolCode", header: t("schools.field.schoolCode") },
    { id: "city", accessorKey: "city", header: t("schools.field.city") },
    { id: "province", accessorKey: "province", header: t("schools.field.province") },
    { id: "region", accessorKey: "region", header: t("schools.field.region") },
    {
      id: "enabled",
      accessorKey: "enabled",
      header: t("common.status"),
      cell: ({ row }) => (
        <StatusChip status={row.original.enabled ? "enabled" : "disabled"}>
          {t(row.original.enabled ? "common.enabled" : "common.disabled")}
        </StatusChip>
      ),
    },
  ];
}
