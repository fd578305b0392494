import type { ClassTeacher, Translator } from "@lms/core";
import { DataTable } from "@lms/ui";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useT } from "../../../lib/i18n";
import { useTableLabels } from "../../../lib/table-labels";
import { useLocalTable } from "./use-local-table";

const teacherName = (l: ClassTeacher) => `${l.lastName}, ${l.firstName}`;

const SPEC = {
  text: (l: ClassTeacher) => `${l.firstName} ${l.lastName} ${l.userName} ${l.subject}`,
  sort: { name: teacherName, subject: (l: ClassTeacher) => l.subject },
};

function teacherColumns(t: Translator["t"]): ColumnDef<ClassTeacher, unknown>[] {
  return [
    { id: "name", accessorFn: teacherName, header: t("classes.field.name") },
    { id: "subject", accessorKey: "subject", header: t("classes.field.subject") },
  ];
}

/** The assigned-load rows that cover a class: one row per teacher and subject. */
export function ClassTeachersTable({ teachers }: { teachers: ClassTeacher[] }) {
  const t = useT();
  const labels = useTableLabels();
  const columns = useMemo(() => teacherColumns(t), [t]);
  const { state, setState, page } = useLocalTable(teachers, SPEC, {
    sortBy: "name",
    sortOrder: "asc",
  });
  return (
    <DataTable
      caption={t("classes.field.teachers")}
      columns={columns}
      data={page.rows}
      totalCount={page.total}
      state={state}
      onStateChange={setState}
      getRowId={(row) => `${row.id}-${row.subject}`}
      getRowLabel={(row) => `${teacherName(row)} · ${row.subject}`}
      labels={{ ...labels, empty: t("classes.noTeachers") }}
    />
  );
}
