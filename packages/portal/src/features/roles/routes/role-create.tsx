import { PageHeader } from "@lms/ui";
import { Navigate, useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useSession } from "../../../lib/api-context";
import { useT } from "../../../lib/i18n";
import { RoleForm } from "../components/role-form";

/** /roles-and-permissions/create */
export default function RoleCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const { permissions } = useSession();
  // The server refuses anyway; a role without the add right does not get the form at all.
  if (permissions && !permissions.roles.add)
    return <Navigate to={paths.notFound.getHref()} replace />;
  return (
    <div className="flex max-w-4xl flex-col gap-6 p-6">
      <PageHeader title={t("roles.createTitle")} />
      <RoleForm
        onDone={(saved) =>
          navigate(saved ? paths.roles.view.getHref(saved.id) : paths.roles.list.getHref())
        }
      />
    </div>
  );
}
