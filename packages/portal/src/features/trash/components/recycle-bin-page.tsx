import { Button, PageHeader } from "@lms/ui";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { useT } from "../../../lib/i18n";

/** A module's recycle bin screen: its title, the way back to the live list, and the bin. */
export function RecycleBinPage({
  module,
  backHref,
  children,
}: {
  /** The module's name, as its list screen is titled. */
  module: string;
  backHref: string;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        title={t("trash.pageTitle", { module })}
        actions={
          <Button asChild variant="outline">
            <Link to={backHref}>{t("common.back")}</Link>
          </Button>
        }
      />
      {children}
    </div>
  );
}
