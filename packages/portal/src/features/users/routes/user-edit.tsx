import { FullPageSpinner, PageHeader } from "@lms/ui";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import NotFoundPage from "../../../components/not-found-page";
import { fullName } from "../../../lib/names";
import { UserForm } from "../components/user-form";
import { useUserFromRoute } from "./use-user-param";

export default function UserEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const { data, notFound } = useUserFromRoute();
  if (notFound) return <NotFoundPage />;
  if (!data) return <FullPageSpinner label={t("app.loading")} />;
  return (
    <div className="flex max-w-5xl flex-col gap-6 p-6">
      <PageHeader
        title={t("users.editTitle")}
        description={fullName(data, { salutation: false })}
      />
      <UserForm user={data} onDone={() => navigate(paths.users.details.getHref(data.id))} />
    </div>
  );
}
