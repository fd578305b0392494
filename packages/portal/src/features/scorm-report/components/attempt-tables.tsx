import type { ScormInteraction, ScormObjective } from "@lms/core";
import { useT } from "../../../lib/i18n";
import { resultText, secondsText, statusText } from "../../../lib/scorm-status-text";

const TH = "py-2 pe-3 text-start font-medium";
const TD = "py-2 pe-3 align-top break-words";

/**
 * An attempt's interactions as a plain table (every row, no paging: one attempt holds few); it
 * scrolls sideways inside its box on a narrow screen.
 */
function InteractionsTable({ rows }: { rows: ScormInteraction[] }) {
  const t = useT();
  return (
    <div className="overflow-x-auto rounded-card border border-border">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">{t("scormReport.interactions")}</caption>
        <thead>
          <tr className="border-b border-border text-xs text-muted-foreground">
            <th scope="col" className={`${TH} ps-3`}>
              {t("scormReport.field.question")}
            </th>
            <th scope="col" className={TH}>
              {t("scormReport.field.type")}
            </th>
            <th scope="col" className={TH}>
              {t("scormReport.field.learnerResponse")}
            </th>
            <th scope="col" className={TH}>
              {t("scormReport.field.correctResponses")}
            </th>
            <th scope="col" className={TH}>
              {t("scormReport.field.result")}
            </th>
            <th scope="col" className={TH}>
              {t("scormReport.field.latency")}
            </th>
            <th scope="col" className={TH}>
              {t("scormReport.field.timestamp")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.index} className="border-b border-border last:border-0">
              <th scope="row" className={`${TD} ps-3 text-start font-normal`}>
                <span className="block font-medium text-foreground">
                  {row.description || row.id}
                </span>
                {row.description ? (
                  <span className="block text-xs text-muted-foreground">{row.id}</span>
                ) : null}
              </th>
              <td className={TD}>{row.type}</td>
              <td className={TD}>{row.learnerResponse}</td>
              <td className={TD}>{row.correctResponses.join(" | ")}</td>
              <td className={TD}>{resultText(row.result, t)}</td>
              <td className={TD}>{secondsText(row.latencySeconds, t)}</td>
              <td className={TD}>{row.timestamp}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ObjectivesTable({ rows }: { rows: ScormObjective[] }) {
  const t = useT();
  return (
    <div className="overflow-x-auto rounded-card border border-border">
      <table className="w-full min-w-[28rem] text-sm">
        <caption className="sr-only">{t("scormReport.objectives")}</caption>
        <thead>
          <tr className="border-b border-border text-xs text-muted-foreground">
            <th scope="col" className={`${TH} ps-3`}>
              {t("scormReport.field.objective")}
            </th>
            <th scope="col" className={TH}>
              {t("scormReport.success")}
            </th>
            <th scope="col" className={TH}>
              {t("scormReport.completion")}
            </th>
            <th scope="col" className={TH}>
              {t("scormReport.score")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.index} className="border-b border-border last:border-0">
              <th scope="row" className={`${TD} ps-3 text-start font-medium text-foreground`}>
                {row.description || row.id}
              </th>
              <td className={TD}>{statusText(row.successStatus, t)}</td>
              <td className={TD}>{statusText(row.completionStatus, t)}</td>
              <td className={TD}>{row.score === null ? "" : `${row.score}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export { InteractionsTable, ObjectivesTable };
