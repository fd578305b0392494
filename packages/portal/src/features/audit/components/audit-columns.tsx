import { es, type AuditRecord, type MessageKey, type Translator } from "@lms/core";
import type { ColumnDef } from "@tanstack/react-table";
import { changeLines, changesText } from "../utils/changes";

const isKey = (key: string): key is MessageKey => Object.hasOwn(es, key);

/** A module's or an action's label; one the catalogue does not know shows as it is named. */
export function auditLabel(t: Translator["t"], kind: "module" | "action", name: string): string {
  const key = `audit.${kind}.${name}`;
  return isKey(key) ? t(key) : name;
}

/** The audit list's columns; their ids are the list's sortBy names (API.md). */
export function auditColumns(
  t: Translator["t"],
  formatDate: (iso: string) => string,
): ColumnDef<AuditRecord, unknown>[] {
  const empty = t("audit.empty");
  return [
    {
      id: "at",
      accessorKey: "at",
      header: t("audit.field.at"),
      cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.at)}</span>,
    },
    {
      id: "actorName",
      accessorKey: "actorName",
      header: t("audit.field.actor"),
      cell: ({ row }) => (
        <div className="flex flex-col">
          <span className="font-medium">{row.original.actorName || empty}</span>
          {row.original.actorRoleName ? (
            <span className="text-xs text-muted-foreground">{row.original.actorRoleName}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: "address",
      accessorKey: "address",
      header: t("audit.field.address"),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="whitespace-nowrap font-mono text-xs">{row.original.address || empty}</span>
      ),
    },
    {
      id: "module",
      accessorKey: "module",
      header: t("audit.field.module"),
      cell: ({ row }) => auditLabel(t, "module", row.original.module),
    },
    {
      id: "action",
      accessorKey: "action",
      header: t("audit.field.action"),
      cell: ({ row }) => auditLabel(t, "action", row.original.action),
    },
    {
      id: "recordLabel",
      accessorKey: "recordLabel",
      header: t("audit.field.record"),
      cell: ({ row }) => {
        const { recordLabel, recordId, count } = row.original;
        return (
          <div className="flex max-w-xs flex-col">
            <span className="break-words">{recordLabel || recordId || empty}</span>
            {count > 1 ? (
              <span className="text-xs text-muted-foreground">{t("audit.records", { count })}</span>
            ) : null}
          </div>
        );
      },
    },
    {
      id: "changes",
      accessorKey: "changes",
      header: t("audit.field.changes"),
      enableSorting: false,
      cell: ({ row }) => {
        const lines = changeLines(row.original.changes, empty);
        if (lines.length === 0) return empty;
        return (
          <ul
            className="flex max-w-md flex-col gap-0.5 text-xs"
            title={changesText(row.original.changes, empty)}
            data-testid="audit-changes"
          >
            {lines.slice(0, 12).map((line) => (
              <li key={line.field} className="break-words">
                <span className="font-medium">{line.field}</span>:{" "}
                {line.value === undefined ? (
                  <>
                    <span className="text-muted-foreground line-through">{line.from}</span>
                    {" -> "}
                    <span>{line.to}</span>
                  </>
                ) : (
                  <span>
                    {line.field === "reason" && isKey(line.value) ? t(line.value) : line.value}
                  </span>
                )}
              </li>
            ))}
            {lines.length > 12 ? <li>…</li> : null}
          </ul>
        );
      },
    },
  ];
}
