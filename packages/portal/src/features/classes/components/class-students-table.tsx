import type { ClassDetails, ClassStudent, Translator } from "@lms/core";
import { Button, DataTable, StatusChip } from "@lms/ui";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { paths } from "../../../app/paths";
import { renderRouterLink } from "../../../components/router-link";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import { useTableLabels } from "../../../lib/table-labels";
import { MoveStudentsDialog } from "./move-students-dialog";
import { useLocalTable } from "./use-local-table";

const studentName = (s: ClassStudent) => `${s.lastName}, ${s.firstName}`;

const SPEC = {
  text: (s: ClassStudent) => `${s.firstName} ${s.lastName} ${s.userName}`,
  sort: {
    name: (s: ClassStudent) => studentName(s),
    userName: (s: ClassStudent) => s.userName,
    progress: (s: ClassStudent) => s.percent,
  },
};

function studentColumns(t: Translator["t"]): ColumnDef<ClassStudent, unknown>[] {
  return [
    { id: "name", accessorFn: studentName, header: t("classes.field.name") },
    { id: "userName", accessorKey: "userName", header: t("users.field.userName") },
    {
      id: "status",
      accessorKey: "status",
      header: t("users.field.status"),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.status === 0 ? (
          <StatusChip status="active">{t("common.active")}</StatusChip>
        ) : (
          <StatusChip status="inactive">{t("common.inactive")}</StatusChip>
        ),
    },
    {
      id: "progress",
      accessorKey: "percent",
      header: t("classes.field.progress"),
      cell: ({ row }) =>
        row.original.percent === null
          ? t("classes.noProgress")
          : t("classes.progressValue", {
              percent: row.original.percent,
              done: row.original.done,
              total: row.original.total,
            }),
    },
  ];
}

/** A class's students with their progress; with users modify, chosen ones move to another section. */
export function ClassStudentsTable({ record }: { record: ClassDetails }) {
  const t = useT();
  const { permissions } = useSession();
  const labels = useTableLabels();
  const columns = useMemo(() => studentColumns(t), [t]);
  const { state, setState, page } = useLocalTable(record.studentList, SPEC, {
    sortBy: "name",
    sortOrder: "asc",
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [moving, setMoving] = useState(false);
  const canMove = Boolean(permissions?.users.modify);

  return (
    <>
      <DataTable
        caption={t("classes.field.students")}
        columns={columns}
        data={page.rows}
        totalCount={page.total}
        state={state}
        onStateChange={setState}
        labels={{ ...labels, empty: t("classes.noStudents") }}
        getRowLabel={studentName}
        getRowHref={
          permissions?.users.view
            ? (student) => `#${paths.users.details.getHref(student.id)}`
            : undefined
        }
        renderLink={renderRouterLink}
        selectable={canMove}
        selectedIds={selected}
        onSelectionChange={setSelected}
        bulkActions={
          <Button size="sm" variant="outline" onClick={() => setMoving(true)}>
            {t("classes.moveStudents")}
          </Button>
        }
      />
      {canMove ? (
        <MoveStudentsDialog
          record={record}
          studentIds={selected.map(Number)}
          open={moving}
          onOpenChange={setMoving}
          onMoved={() => setSelected([])}
        />
      ) : null}
    </>
  );
}
