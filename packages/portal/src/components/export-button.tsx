import type { ListParams } from "@lms/core";
import { Button } from "@lms/ui";
import { useExport, type ExportCommand } from "../lib/export";
import { useT } from "../lib/i18n";

/** A list's Export button: downloads the rows its search, filters and sort select, as CSV. */
export function ExportButton({ command, params }: { command: ExportCommand; params: ListParams }) {
  const t = useT();
  const { exportCsv, exporting } = useExport(command);
  return (
    <Button variant="outline" pending={exporting} onClick={() => void exportCsv(params)}>
      {t("common.export")}
    </Button>
  );
}
