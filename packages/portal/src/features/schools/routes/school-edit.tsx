import { FullPageSpinner, PageHeader } from "@lms/ui";
import { Navigate, useNavigate, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import NotFoundPage from "../../../components/not-found-page";
import { useT } from "../../../lib/i18n";
import { useSchool } from "../api/use-schools";
import { SchoolForm } from "../components/school-form";

export default function SchoolEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const { id = "" } = useParams();
  const schoolId = /^\d+$/.test(id) ? Number(id) : null;
  const { data, error, loading } = useSchool(schoolId);
  // SPEC.md §2: /schools/create/edit is not a school.
  if (id === "create") return <Navigate to={paths.notFound.getHref()} replace />;
  if (schoolId === null || error) return <NotFoundPage />;
  if (loading || !data) return <FullPageSpinner label={t("app.loading")} />;
  return (
    <div className="flex max-w-4xl flex-col gap-6 p-6">
      <PageHeader title={t("schools.editTitle")} description={data.schoolName} />
      <SchoolForm school={data} onDone={() => navigate(paths.schools.info.getHref(data.id))} />
    </div>
  );
}
