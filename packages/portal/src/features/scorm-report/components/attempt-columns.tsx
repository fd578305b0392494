import type { ScormAttemptRow, Translator } from "@lms/core";
import type { ColumnDef } from "@tanstack/react-table";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { durationText } from "../../../lib/duration";
import { statusText } from "../../../lib/scorm-status-text";

/** Columns of a SCORM material's report (sortBy names of the scormReport list). */
export function attemptColumns(
  { t, intl }: Translator,
  courseId: number,
  materialId: number,
): ColumnDef<ScormAttemptRow, unknown>[] {
  return [
    {
      id: "lastName",
      accessorKey: "lastName",
      header: t("journey.student"),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium">
            {row.original.lastName}, {row.original.firstName}
          </span>
          <span className="text-xs text-muted-foreground">
            {row.original.userName}
            {row.original.section ? ` · ${row.original.section}` : ""}
          </span>
        </span>
      ),
    },
    {
      id: "attempt",
      accessorKey: "attempt",
      header: t("scormReport.attempt"),
      cell: ({ row }) => {
        const { attempt, userId, firstName, lastName } = row.original;
        if (attempt === null) return t("scormReport.noAttempt");
        return (
          <Link
            to={paths.courses.scormAttempt.getHref(courseId, materialId, userId, attempt)}
            aria-label={t("scormReport.viewAttempt", {
              n: attempt,
              name: `${firstName} ${lastName}`,
            })}
            className="font-medium text-primary hover:underline"
          >
            {t("scormReport.attemptN", { n: attempt })}
          </Link>
        );
      },
    },
    {
      id: "completionStatus",
      accessorKey: "completionStatus",
      header: t("scormReport.completion"),
      enableSorting: false,
      cell: ({ row }) => statusText(row.original.completionStatus, t),
    },
    {
      id: "successStatus",
      accessorKey: "successStatus",
      header: t("scormReport.success"),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.attempt === null ? "" : statusText(row.original.successStatus, t),
    },
    {
      id: "score",
      accessorKey: "score",
      header: t("scormReport.score"),
      meta: { align: "end" },
      cell: ({ row }) => (row.original.score === null ? "" : `${row.original.score}%`),
    },
    {
      id: "timeSpentSeconds",
      accessorKey: "timeSpentSeconds",
      header: t("journey.timeSpent"),
      cell: ({ row }) =>
        row.original.attempt === null ? "" : durationText(row.original.timeSpentSeconds, t),
    },
    {
      id: "interactions",
      accessorKey: "interactions",
      header: t("scormReport.interactions"),
      enableSorting: false,
      meta: { align: "end" },
      cell: ({ row }) => (row.original.attempt === null ? "" : row.original.interactions),
    },
    {
      id: "lastAccess",
      accessorKey: "lastAccess",
      header: t("scormReport.lastAccess"),
      cell: ({ row }) =>
        row.original.lastAccess
          ? intl.formatDate(row.original.lastAccess, { dateStyle: "medium", timeStyle: "short" })
          : "",
    },
  ];
}
