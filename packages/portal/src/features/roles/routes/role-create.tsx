import { PageHeader } from "@lms/ui";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { RoleForm } from "../components/role-form";

/** /roles-and-permissions/create */
export default function RoleCreatePage() {
  const t = useT();
  const navigate = useNavigate();
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
