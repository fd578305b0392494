import { MATERIAL_TYPES, type MaterialRecord, type Translator } from "@lms/core";
import { StatusChip } from "@lms/ui";
import type { ColumnDef } from "@tanstack/react-table";
import { formatSize } from "../utils/file-size";

/** Columns of the materials list (SPEC.md §3 material; sortBy names of API.md). */
export function materialColumns({ t, intl }: Translator): ColumnDef<MaterialRecord, unknown>[] {
  return [
    { id: "name", accessorKey: "name", header: t("materials.field.name") },
    {
      id: "lastModified",
      accessorKey: "lastModified",
      header: t("materials.field.lastModified"),
      cell: ({ row }) => {
        const value = row.original.lastModified || row.original.updatedAt || row.original.createdAt;
        return value ? (
          <time dateTime={value}>
            {intl.formatDate(value, { dateStyle: "medium", timeStyle: "short" })}
          </time>
        ) : (
          ""
        );
      },
    },
    {
      id: "size",
      accessorKey: "size",
      header: t("materials.field.size"),
      meta: { align: "end" },
      cell: ({ row }) => formatSize(row.original.size, intl) || "—",
    },
    {
      id: "type",
      accessorKey: "type",
      header: t("materials.field.type"),
      cell: ({ row }) =>
        (MATERIAL_TYPES as readonly string[]).includes(row.original.type)
          ? t(`materials.type.${row.original.type}`)
          : row.original.type,
    },
    { id: "author", accessorKey: "author", header: t("materials.field.author") },
    {
      id: "published",
      accessorKey: "published",
      header: t("materials.field.status"),
      cell: ({ row }) => (
        <StatusChip status={row.original.published ? "published" : "unpublished"}>
          {t(row.original.published ? "common.published" : "common.unpublished")}
        </StatusChip>
      ),
    },
  ];
}
