import type { ClassCourse, Translator } from "@lms/core";
import { DataTable } from "@lms/ui";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { paths } from "../../../app/paths";
import { renderRouterLink } from "../../../components/router-link";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import { useTableLabels } from "../../../lib/table-labels";
import { CompletionValue } from "./completion-value";
import { useLocalTable } from "./use-local-table";

const SPEC = {
  text: (c: ClassCourse) => `${c.courseName} ${c.courseCode} ${c.subject}`,
  sort: {
    courseName: (c: ClassCourse) => c.courseName,
    courseCode: (c: ClassCourse) => c.courseCode,
    subject: (c: ClassCourse) => c.subject,
    averageCompletion: (c: ClassCourse) => c.averageCompletion,
  },
};

function courseColumns(t: Translator["t"]): ColumnDef<ClassCourse, unknown>[] {
  return [
    { id: "courseName", accessorKey: "courseName", header: t("classes.field.course") },
    { id: "courseCode", accessorKey: "courseCode", header: t("classes.field.courseCode") },
    { id: "subject", accessorKey: "subject", header: t("classes.field.subject") },
    {
      id: "averageCompletion",
      accessorKey: "averageCompletion",
      header: t("classes.field.averageCompletion"),
      meta: { align: "end" },
      cell: ({ row }) => <CompletionValue percent={row.original.averageCompletion} />,
    },
  ];
}

/** The published courses a class takes, each with the class's average completion. */
export function ClassCoursesTable({ courses }: { courses: ClassCourse[] }) {
  const t = useT();
  const { permissions } = useSession();
  const labels = useTableLabels();
  const columns = useMemo(() => courseColumns(t), [t]);
  const { state, setState, page } = useLocalTable(courses, SPEC, {
    sortBy: "courseName",
    sortOrder: "asc",
  });
  return (
    <DataTable
      caption={t("classes.courses")}
      columns={columns}
      data={page.rows}
      totalCount={page.total}
      state={state}
      onStateChange={setState}
      getRowLabel={(row) => row.courseName}
      getRowHref={
        permissions?.courses.view ? (row) => `#${paths.courses.view.getHref(row.id)}` : undefined
      }
      renderLink={renderRouterLink}
      labels={{ ...labels, empty: t("classes.noCourses") }}
    />
  );
}
