import type { DataTableLabels } from "@lms/ui";
import { useMemo } from "react";
import { useT } from "./i18n";

/** Every DataTable text from the catalogue. */
export function useTableLabels(): DataTableLabels {
  const t = useT();
  return useMemo(
    () => ({
      search: t("common.search"),
      searchPlaceholder: t("common.searchPlaceholder"),
      rowsPerPage: t("table.rowsPerPage"),
      pageInfo: ({ from, to, total }) => t("table.range", { from, to, total }),
      pageInfoEstimate: ({ from, to, total }) => t("table.rangeEstimate", { from, to, total }),
      firstPage: t("table.firstPage"),
      previousPage: t("table.previousPage"),
      nextPage: t("table.nextPage"),
      lastPage: t("table.lastPage"),
      actions: t("common.actions"),
      editRow: (row) => `${t("common.edit")}: ${row}`,
      rowActions: (row) => `${t("table.rowActions")}: ${row}`,
      selectRow: (row) => `${t("table.selectRow")}: ${row}`,
      selectPage: t("table.selectPage"),
      selectedCount: (count) => t("table.selected", { count }),
      selectAllMatching: (total) => t("table.selectAllMatching", { total }),
      allMatchingSelected: (total) => t("table.allMatchingSelected", { total }),
      clearSelection: t("table.clearSelection"),
      filterAll: t("common.all"),
      loading: t("app.loading"),
      empty: t("table.noResults"),
    }),
    [t],
  );
}
