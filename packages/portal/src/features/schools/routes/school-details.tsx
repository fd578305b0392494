import { Button, FullPageSpinner, PageHeader, StatusChip } from "@lms/ui";
import { Link, Outlet, useOutletContext, useParams } from "react-router-dom";
import type { SchoolRecord } from "@lms/core";
import { paths } from "../../../app/paths";
import { RouteTabs } from "../../../components/route-tabs";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import NotFoundPage from "../../../components/not-found-page";
import { useSchool } from "../api/use-schools";

const TABS = ["info", "users", "classes", "settings"] as const;
type Tab = (typeof TABS)[number];

/** The school in view, for the tab pages inside the details layout. */
export function useSchoolInView(): SchoolRecord {
  return useOutletContext<SchoolRecord>();
}

/** /schools/{id}/{tab}: school information, users, classes and settings (SPEC.md §2). */
export default function SchoolDetailsLayout() {
  const t = useT();
  const { permissions } = useSession();
  const { id = "" } = useParams();
  const schoolId = /^\d+$/.test(id) ? Number(id) : null;
  const { data, error, loading } = useSchool(schoolId);

  if (schoolId === null || error) return <NotFoundPage />;
  if (loading || !data) return <FullPageSpinner label={t("app.loading")} />;

  const hrefOf = (name: Tab) => paths.schools[name].getHref(data.id);
  return (
    <div className="flex flex-col gap-6 p-6">
      <PageHeader
        title={data.schoolName}
        description={
          <span className="flex items-center gap-2">
            {data.schoolCode}
            <StatusChip status={data.enabled ? "enabled" : "disabled"}>
              {t(data.enabled ? "common.enabled" : "common.disabled")}
            </StatusChip>
          </span>
        }
        actions={
          permissions?.schools.modify ? (
            <Button asChild variant="outline">
              <Link to={paths.schools.edit.getHref(data.id)}>{t("common.edit")}</Link>
            </Button>
          ) : null
        }
      />
      <RouteTabs
        label={t("schools.detailsTitle")}
        tabs={TABS.map((name) => ({ href: hrefOf(name), label: t(`schools.tab.${name}`) }))}
      />
      <Outlet context={data} />
    </div>
  );
}
