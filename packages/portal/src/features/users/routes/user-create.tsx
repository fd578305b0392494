import { PageHeader } from "@lms/ui";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { UserForm } from "../components/user-form";

export default function UserCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="flex max-w-5xl flex-col gap-6 p-6">
      <PageHeader title={t("users.createTitle")} />
      <UserForm
        onDone={(saved) =>
          navigate(saved ? paths.users.details.getHref(saved.id) : paths.users.list.getHref())
        }
      />
    </div>
  );
}
