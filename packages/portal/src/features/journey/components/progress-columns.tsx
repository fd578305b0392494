import type { ProgressRow, Translator } from "@lms/core";
import type { ColumnDef } from "@tanstack/react-table";
import { durationText } from "../../../lib/duration";
import { scormResultText } from "../utils/scorm-result";

/** Columns of a course's progress (sortBy names of the progress list). */
export function progressColumns({ t, intl }: Translator): ColumnDef<ProgressRow, unknown>[] {
  return [
    {
      id: "lastName",
      accessorKey: "lastName",
      header: t("journey.student"),
      cell: ({ row }) => `${row.original.lastName}, ${row.original.firstName}`,
    },
    {
      id: "userName",
      accessorKey: "userName",
      header: t("users.field.userName"),
      enableSorting: false,
    },
    {
      id: "section",
      accessorKey: "section",
      header: t("users.field.section"),
      enableSorting: false,
      cell: ({ row }) =>
        [
          row.original.grade ? t("courses.gradeOption", { n: row.original.grade }) : "",
          row.original.section,
        ]
          .filter(Boolean)
          .join(" · "),
    },
    {
      id: "percent",
      accessorKey: "percent",
      header: t("journey.progress"),
      cell: ({ row }) => (
        <span className="flex min-w-32 flex-col gap-1">
          <span className="h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden="true">
            <span
              className="block h-full rounded-full bg-primary"
              style={{ width: `${row.original.percent}%` }}
            />
          </span>
          <span className="text-xs">
            {row.original.percent}% ·{" "}
            {t("journey.completed", { done: row.original.done, total: row.original.total })}
          </span>
        </span>
      ),
    },
    {
      id: "quizAverage",
      accessorKey: "quizAverage",
      header: t("journey.quizAverage"),
      cell: ({ row }) =>
        row.original.quizAverage === null ? t("journey.noScore") : `${row.original.quizAverage}%`,
    },
    {
      id: "scorm",
      accessorKey: "scorm",
      header: t("journey.scormResults"),
      enableSorting: false,
      cell: ({ row }) => (
        <ul className="flex flex-col gap-0.5 text-xs">
          {row.original.scorm.map((result) => (
            <li key={result.materialId}>{scormResultText(result, t)}</li>
          ))}
        </ul>
      ),
    },
    {
      id: "timeSpentSeconds",
      accessorKey: "timeSpentSeconds",
      header: t("journey.timeSpent"),
      cell: ({ row }) => durationText(row.original.timeSpentSeconds, t),
    },
    {
      id: "lastActivity",
      accessorKey: "lastActivity",
      header: t("journey.lastActivity"),
      cell: ({ row }) =>
        row.original.lastActivity ? (
          <time dateTime={row.original.lastActivity}>
            {intl.formatDate(row.original.lastActivity, {
              dateStyle: "medium",
              timeStyle: "short",
            })}
          </time>
        ) : (
          t("journey.never")
        ),
    },
  ];
}
