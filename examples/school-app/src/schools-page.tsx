import { listParamsOf, type ListPage, type SchoolRecord } from "@lms/core";
import {
  createDataTableState,
  DataTable,
  PageHeader,
  StatusChip,
  type ColumnDef,
  type DataTableState,
} from "@lms/ui";
import { useEffect, useState } from "react";
import { client } from "./client";

const columns: ColumnDef<SchoolRecord>[] = [
  { accessorKey: "schoolCode", header: "Code" },
  { accessorKey: "schoolName", header: "Name" },
  { accessorKey: "city", header: "City" },
  {
    accessorKey: "enabled",
    header: "Status",
    cell: ({ row }) => (
      <StatusChip status={row.original.enabled ? "active" : "inactive"}>
        {row.original.enabled ? "Active" : "Inactive"}
      </StatusChip>
    ),
  },
];

/** A server-side list: the table's state goes through @lms/core's list adapter to /school/. */
export function SchoolsPage() {
  const [state, setState] = useState<DataTableState>(() => createDataTableState());
  const [page, setPage] = useState<ListPage<SchoolRecord> | null>(null);
  const [failure, setFailure] = useState("");

  useEffect(() => {
    let current = true;
    void client.list<SchoolRecord>("/school/", listParamsOf(state)).then((result) => {
      if (!current) return;
      if (result.ok) setPage(result.data);
      else setFailure(result.message);
    });
    return () => {
      current = false;
    };
  }, [state]);

  return (
    <main className="p-6">
      <PageHeader title="Schools" />
      {failure ? (
        <p role="alert">{failure}</p>
      ) : (
        <DataTable
          columns={columns}
          data={page?.rows ?? []}
          totalCount={page?.totalCount ?? 0}
          loading={page === null}
          state={state}
          onStateChange={setState}
          getRowLabel={(school) => school.schoolName}
        />
      )}
    </main>
  );
}
