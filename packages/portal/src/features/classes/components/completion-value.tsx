import { useI18n } from "../../../lib/i18n";

/** A completion percent in the user's language, or a dash when there is nothing to complete. */
export function CompletionValue({ percent }: { percent: number | null }) {
  const { intl } = useI18n();
  if (percent === null) return <>—</>;
  return <>{intl.formatNumber(percent / 100, { style: "percent" })}</>;
}
