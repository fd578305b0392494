import { FullPageSpinner, PageHeader } from "@lms/ui";
import { Navigate, useNavigate, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import { useRole } from "../api/use-roles";
import { RoleForm } from "../components/role-form";
import { RoleLoadFailure } from "../components/role-load-failure";
import { roleIdFrom } from "../utils/permissions";

/** /roles-and-permissions/{id}/edit */
export default function RoleEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const { id } = useParams();
  const { permissions } = useSession();
  const roleId = roleIdFrom(id);
  const { data, error, loading, reload } = useRole(roleId);
  // The server refuses anyway; a role without the modify right does not get the form at all.
  if (roleId === null || (permissions && !permissions.roles.modify))
    return <Navigate to={paths.notFound.getHref()} replace />;
  if (error) return <RoleLoadFailure error={error} onRetry={() => void reload()} />;
  if (loading || !data) return <FullPageSpinner label={t("app.loading")} />;
  return (
    <div className="flex max-w-4xl flex-col gap-6 p-6">
      <PageHeader title={t("roles.editTitle")} description={data.roleName} />
      <RoleForm
        key={data.id}
        role={data}
        onDone={() => navigate(paths.roles.view.getHref(data.id))}
      />
    </div>
  );
}
