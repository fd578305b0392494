import { Button, FullPageSpinner, PageHeader, StatusChip } from "@lms/ui";
import { Link, Outlet, useNavigate, useParams } from "react-router-dom";
import { GLOBAL_ROLE_IDS, type RoleId } from "@lms/core";
import { paths } from "../../../app/paths";
import { RouteTabs } from "../../../components/route-tabs";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import NotFoundPage from "../../../components/not-found-page";
import { useConfirmedDelete } from "../../../hooks/use-confirmed-delete";
import { SCHOOL_PATH, useSchool, useSchoolCommands } from "../api/use-schools";

const TABS = ["info", "users", "classes", "settings"] as const;
type Tab = (typeof TABS)[number];

/** /schools/{id}/{tab}: school information, users, classes and settings (SPEC.md §2). */
export default function SchoolDetailsLayout() {
  const t = useT();
  const navigate = useNavigate();
  const { permissions, profile } = useSession();
  const { remove } = useSchoolCommands();
  const confirmedDelete = useConfirmedDelete();
  const { id = "" } = useParams();
  const schoolId = /^\d+$/.test(id) ? Number(id) : null;
  const { data, error, loading } = useSchool(schoolId);

  if (schoolId === null || error) return <NotFoundPage />;
  if (loading || !data) return <FullPageSpinner label={t("app.loading")} />;

  const hrefOf = (name: Tab) => paths.schools[name].getHref(data.id);
  // Deleting a school is for global users (API.md); a school admin edits their own school only.
  const mayDelete =
    Boolean(permissions?.schools.modify) &&
    GLOBAL_ROLE_IDS.includes(Number(profile?.roleId) as RoleId);
  const deleteSchool = async () => {
    const done = await confirmedDelete({
      path: SCHOOL_PATH,
      id: data.id,
      run: (confirmCode) => remove(data.id, confirmCode),
      success: t("schools.deleted"),
    });
    if (done) void navigate(paths.schools.list.getHref());
  };
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
          <>
            {permissions?.schools.modify ? (
              <Button asChild variant="outline">
                <Link to={paths.schools.edit.getHref(data.id)}>{t("common.edit")}</Link>
              </Button>
            ) : null}
            {mayDelete ? (
              <Button variant="destructive" onClick={() => void deleteSchool()}>
                {t("common.delete")}
              </Button>
            ) : null}
          </>
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
