import { Button, EmptyState, FullPageSpinner, PageHeader } from "@lms/ui";
import { useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { failureText } from "../../../lib/errors";
import { useI18n } from "../../../lib/i18n";
import { useProfile } from "../api/use-profile";
import { ProfileForm } from "../components/profile-form";

/** /profile/edit */
export default function ProfileEditPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const navigate = useNavigate();
  const { data, error, loading, reload } = useProfile();

  if (error && !data)
    return (
      <EmptyState
        title={failureText(error.failure, i18n)}
        action={
          <Button variant="outline" onClick={() => void reload()}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  if (loading || !data) return <FullPageSpinner label={t("app.loading")} />;

  return (
    <div className="flex max-w-4xl flex-col gap-6 p-6">
      <PageHeader title={t("profile.editTitle")} description={data.userName} />
      <ProfileForm
        key={data.id}
        user={data}
        onDone={() => navigate(paths.profile.details.getHref())}
      />
    </div>
  );
}
