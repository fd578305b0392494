import { COMMANDS, type ListParams } from "@lms/core";
import { Button } from "@lms/ui";
import { useExport } from "../../../lib/export";
import { useT } from "../../../lib/i18n";

type Report = "attempts" | "interactions" | "objectives";

const LABELS = {
  attempts: "scormReport.exportAttempts",
  interactions: "scormReport.exportInteractions",
  objectives: "scormReport.exportObjectives",
} as const;

function ExportReport({ params, report }: { params: ListParams; report: Report }) {
  const t = useT();
  const { exportCsv, exporting } = useExport(COMMANDS.scormreport.export);
  return (
    <Button
      variant="outline"
      pending={exporting}
      onClick={() => void exportCsv({ ...params, extra: { ...params.extra, report } })}
    >
      {t(LABELS[report])}
    </Button>
  );
}

/**
 * The report's CSV buttons: the rows the list's search and sort select (`params`), as attempts,
 * interactions or objectives; `params.extra` may narrow them to one attempt.
 */
export function ReportExports({
  params,
  reports,
}: {
  params: ListParams;
  reports: readonly Report[];
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {reports.map((report) => (
        <ExportReport key={report} params={params} report={report} />
      ))}
    </div>
  );
}
