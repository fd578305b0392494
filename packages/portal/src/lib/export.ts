import { encodeListRequest, type ListParams } from "@lms/core";
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

/** Exports every row matching a list's search and filters as CSV (cmdType=export). */
export function useExport(path: string) {
  const client = useApiClient();
  const i18n = useI18n();
  const [exporting, setExporting] = useState(false);
  const run = useCallback(
    async (params: ListParams) => {
      setExporting(true);
      try {
        const result = await client.download({
          path,
          entries: encodeListRequest(params, "export"),
        });
        if (result.ok) saveBlob(result.blob, result.filename);
        else toast.error(failureText(result, i18n));
      } finally {
        setExporting(false);
      }
    },
    [client, i18n, path],
  );
  return { exportCsv: run, exporting };
}

export { saveBlob };
