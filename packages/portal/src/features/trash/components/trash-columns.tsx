import type { Translator, TrashEntry } from "@lms/core";
import type { ColumnDef } from "@tanstack/react-table";
import { contentsText } from "../../../lib/impact-text";

/** The recycle bin's columns; their ids are the trash command's sortBy names. */
export function trashColumns(i18n: Translator): ColumnDef<TrashEntry, unknown>[] {
  const { t, intl } = i18n;
  const date = (iso: string) => (
    <span className="whitespace-nowrap">
      {intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" })}
    </span>
  );
  return [
    { id: "label", accessorKey: "label", header: t("trash.field.label") },
    {
      id: "code",
      accessorKey: "code",
      header: t("trash.field.code"),
      enableSorting: false,
      cell: ({ row }) => <span className="whitespace-nowrap">{row.original.code || "—"}</span>,
    },
    {
      id: "deletedAt",
      accessorKey: "deletedAt",
      header: t("trash.field.deletedAt"),
      cell: ({ row }) => date(row.original.deletedAt),
    },
    {
      id: "deletedBy",
      accessorKey: "deletedBy",
      header: t("trash.field.deletedBy"),
      cell: ({ row }) => row.original.deletedBy || "—",
    },
    {
      id: "purgeAt",
      accessorKey: "purgeAt",
      header: t("trash.field.purgeAt"),
      cell: ({ row }) => date(row.original.purgeAt),
    },
    {
      id: "counts",
      accessorKey: "counts",
      header: t("trash.field.contents"),
      enableSorting: false,
      cell: ({ row }) => contentsText(i18n, row.original.counts) || "—",
    },
  ];
}
