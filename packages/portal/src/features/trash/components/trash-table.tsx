import { DataTable } from "@lms/ui";
import { useMemo } from "react";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useI18n } from "../../../lib/i18n";
import { toListParams, useListState } from "../../../lib/list-state";
import { useTableLabels } from "../../../lib/table-labels";
import { useTrash, useTrashCommands, type TrashPath } from "../../../hooks/use-trash";
import { trashColumns } from "./trash-columns";

/**
 * One recycle bin (issue 13): what was deleted from a path, searchable, sortable and paged, with
 * Restore and Delete forever on each row, each confirmed. A failed restore says why (its code or
 * name is taken again; what it belongs to is in the bin) in the user's language.
 */
export function TrashTable({ path, caption }: { path: TrashPath; caption: string }) {
  const i18n = useI18n();
  const { t } = i18n;
  const [state, setState] = useListState(`trash${path}`, {
    sortBy: "deletedAt",
    sortOrder: "desc",
  });
  const params = toListParams(state);
  const { page, loading } = useTrash(path, params);
  const { restore, purge } = useTrashCommands(path);
  const confirmed = useConfirmedAction();
  const labels = useTableLabels();
  const columns = useMemo(() => trashColumns(i18n), [i18n]);

  return (
    <DataTable
      caption={caption}
      columns={columns}
      data={page?.rows ?? []}
      totalCount={page?.totalCount ?? 0}
      loading={loading}
      state={state}
      onStateChange={setState}
      labels={labels}
      getRowLabel={(row) => row.label}
      rowActions={(row) => [
        {
          label: t("trash.restore"),
          onSelect: () =>
            void confirmed({
              title: t("trash.restore"),
              message: t("trash.restoreMessage", { name: row.label }),
              confirmLabel: t("trash.restore"),
              run: () => restore(row.id),
              success: t("trash.restored"),
            }),
        },
        {
          label: t("trash.deleteForever"),
          destructive: true,
          onSelect: () =>
            void confirmed({
              title: t("trash.deleteForever"),
              message: t("trash.purgeMessage", { name: row.label }),
              confirmLabel: t("trash.deleteForever"),
              tone: "destructive",
              run: () => purge(row.id),
              success: t("trash.purged"),
            }),
        },
      ]}
    />
  );
}
