import { Spinner } from "@lms/ui";
import { useT } from "../lib/i18n";

/** A part of a page that is still loading (the whole-page spinner would cover the page). */
export function InlineLoading() {
  const t = useT();
  return (
    <div className="flex justify-center py-10 text-primary">
      <Spinner label={t("app.loading")} />
    </div>
  );
}
