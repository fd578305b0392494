import type { ClassRecord, Translator } from "@lms/core";
import type { ColumnDef } from "@tanstack/react-table";
import { CompletionValue } from "./completion-value";

export const schoolYearText = (t: Translator["t"], row: ClassRecord) =>
  t("classes.schoolYearValue", { from: row.schoolYearFrom, to: row.schoolYearTo });

export const classNameText = (t: Translator["t"], row: ClassRecord) =>
  t("classes.name", { grade: row.grade, section: row.section });

/** The class table's columns (issue "Classes"); the school only where several schools show. */
export function classColumns(
  t: Translator["t"],
  options: { showSchool: boolean },
): ColumnDef<ClassRecord, unknown>[] {
  const columns: ColumnDef<ClassRecord, unknown>[] = [
    {
      id: "grade",
      accessorKey: "grade",
      header: t("classes.field.grade"),
      cell: ({ row }) => t("classes.gradeOption", { grade: row.original.grade }),
    },
    { id: "section", accessorKey: "section", header: t("classes.field.section") },
  ];
  if (options.showSchool) {
    columns.push({
      id: "school",
      accessorKey: "schoolName",
      header: t("classes.field.school"),
      enableSorting: false,
    });
  }
  columns.push(
    {
      id: "schoolYear",
      accessorKey: "schoolYearFrom",
      header: t("classes.field.schoolYear"),
      cell: ({ row }) => schoolYearText(t, row.original),
    },
    {
      id: "students",
      accessorKey: "students",
      header: t("classes.field.students"),
      meta: { align: "end" },
    },
    {
      id: "teachers",
      accessorKey: "teachers",
      header: t("classes.field.teachers"),
      meta: { align: "end" },
    },
    {
      id: "averageCompletion",
      accessorKey: "averageCompletion",
      header: t("classes.field.averageCompletion"),
      meta: { align: "end" },
      cell: ({ row }) => <CompletionValue percent={row.original.averageCompletion} />,
    },
  );
  return columns;
}
