import type { CourseRecord, Translator } from "@lms/core";
import type { ColumnDef } from "@tanstack/react-table";
import { PublishedChip } from "../../../components/published-chip";

/** Columns of the course list (SPEC.md §3 course; sortBy names of API.md). */
export function courseColumns(t: Translator["t"]): ColumnDef<CourseRecord, unknown>[] {
  return [
    { id: "courseName", accessorKey: "courseName", header: t("courses.field.courseName") },
    { id: "courseCode", accessorKey: "courseCode", header: t("courses.field.courseCode") },
    {
      id: "gradeLevel",
      accessorKey: "gradeLevel",
      header: t("courses.field.gradeLevel"),
      cell: ({ row }) => t("courses.gradeOption", { n: row.original.gradeLevel }),
    },
    { id: "subject", accessorKey: "subject", header: t("courses.field.subject") },
    { id: "section", accessorKey: "section", header: t("courses.field.section") },
    {
      id: "published",
      accessorKey: "published",
      header: t("common.status"),
      cell: ({ row }) => <PublishedChip published={row.original.published} t={t} />,
    },
  ];
}
