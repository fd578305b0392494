import { isLang } from "@lms/core";
import { Button, EmptyState, FullPageSpinner, PageHeader } from "@lms/ui";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { failureText } from "../../../lib/errors";
import { useSession } from "../../../lib/api-context";
import { useI18n } from "../../../lib/i18n";
import { useProfile } from "../api/use-profile";
import { authorizedImageUrl } from "../../../lib/image-url";
import { fullName, initialsOf } from "../../../lib/names";
import { builtInRoleKey } from "../utils/profile";

/** /profile/details: my photo, names, username, e-mail, role, school and language. */
export default function ProfileDetailsPage() {
  const i18n = useI18n();
  const { t } = i18n;
  const { token } = useSession();
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

  const roleKey = builtInRoleKey(data.roleId);
  const role = data.roleName || (roleKey ? t(roleKey) : "—");
  const rows: [string, string][] = [
    [t("users.field.salutation"), data.salutation],
    [t("users.field.firstName"), data.firstName],
    [t("users.field.middleName"), data.middleName],
    [t("users.field.lastName"), data.lastName],
    [t("users.field.suffix"), data.suffix],
    [t("users.field.userName"), data.userName],
    [t("users.field.email"), data.email],
    [t("users.field.role"), role],
    [t("users.field.school"), data.schoolName ?? ""],
    [t("users.field.language"), isLang(data.lang) ? t(`language.${data.lang}`) : ""],
  ];

  return (
    <div className="flex max-w-4xl flex-col gap-6 p-6">
      <PageHeader
        title={t("profile.title")}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={paths.profile.changePassword.getHref()}>{t("profile.changePassword")}</Link>
            </Button>
            <Button asChild>
              <Link to={paths.profile.edit.getHref()}>{t("profile.editTitle")}</Link>
            </Button>
          </>
        }
      />
      <section className="flex flex-col gap-6 rounded-card border border-border bg-surface p-6 sm:flex-row">
        <div className="shrink-0">
          {data.photo ? (
            <img
              src={authorizedImageUrl(data.photo, token, data.updatedAt)}
              alt={t("profile.photoAlt")}
              className="size-32 rounded-full border border-border bg-muted object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-32 items-center justify-center rounded-full bg-primary-soft text-3xl font-semibold text-primary-soft-foreground"
            >
              {initialsOf(data)}
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <h2 className="text-lg font-semibold break-words text-foreground">{fullName(data)}</h2>
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="mt-0.5 text-sm break-words text-foreground">{value || "—"}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </div>
  );
}
