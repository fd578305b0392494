import { callCommand, type CommandSpec, type ListParams } from "@lms/core";
import { toast } from "@lms/ui";
import { useCallback, useState } from "react";
import { useApiClient } from "./api-context";
import { failureText } from "./errors";
import { useI18n } from "./i18n";

function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A CSV export of the contract: the list protocol in, a file out. */
export type ExportCommand = CommandSpec & { answer: "file" };

/** Exports every row matching a list's search and filters as CSV (`contract.<resource>.export`). */
export function useExport(command: ExportCommand) {
  const client = useApiClient();
  const i18n = useI18n();
  const [exporting, setExporting] = useState(false);
  const run = useCallback(
    async (params: ListParams) => {
      setExporting(true);
      try {
        const result = await callCommand(client, command, params as never);
        if (result.ok) saveBlob(result.blob, result.filename);
        else toast.error(failureText(result, i18n));
      } finally {
        setExporting(false);
      }
    },
    [client, command, i18n],
  );
  return { exportCsv: run, exporting };
}

export { saveBlob };
