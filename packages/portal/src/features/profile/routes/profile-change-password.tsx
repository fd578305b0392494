import { PageHeader } from "@lms/ui";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { ChangePasswordForm } from "../components/change-password-form";

/** /profile/change-password: update my own password. */
export default function ProfileChangePasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div className="flex max-w-xl flex-col gap-6 p-6">
      <PageHeader title={t("password.changeTitle")} />
      <ChangePasswordForm onDone={() => navigate(paths.profile.details.getHref())} />
    </div>
  );
}
