import { Button, FullPageSpinner, PageHeader, StatusChip } from "@lms/ui";
import { useId } from "react";
import { Link, Navigate, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useSession } from "../../../lib/api-context";
import { useI18n } from "../../../lib/i18n";
import { useRole } from "../api/use-roles";
import { RoleLoadFailure } from "../components/role-load-failure";
import { RolePermissions } from "../components/role-permissions";
import { grantedCount, roleIdFrom, toPermissions, visibleTimestamps } from "../utils/permissions";

/** /roles-and-permissions/{id}: a role with its read-only matrix and timestamps. */
export default function RoleViewPage() {
  const { t, intl } = useI18n();
  const { permissions } = useSession();
  const headingId = useId();
  const { id } = useParams();
  const roleId = roleIdFrom(id);
  const { data, error, loading, reload } = useRole(roleId);
  if (roleId === null) return <Navigate to={paths.notFound.getHref()} replace />;
  if (error) return <RoleLoadFailure error={error} onRetry={() => void reload()} />;
  if (loading || !data) return <FullPageSpinner label={t("app.loading")} />;

  const matrix = toPermissions(data.permissions);
  const count = grantedCount(matrix);
  const stamps = visibleTimestamps(data);
  const date = (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" }) : "—";

  return (
    <div className="flex max-w-4xl flex-col gap-6 p-6">
      <PageHeader
        eyebrow={
          <Link
            to={paths.roles.list.getHref()}
            className="text-sm text-primary underline-offset-4 hover:underline"
          >
            {t("common.back")}
          </Link>
        }
        title={data.roleName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {t("roles.viewTitle")}
            <StatusChip status={data.enabled ? "enabled" : "disabled"}>
              {t(data.enabled ? "common.enabled" : "common.disabled")}
            </StatusChip>
            {data.builtIn ? <StatusChip status="neutral">{t("roles.builtIn")}</StatusChip> : null}
          </span>
        }
        actions={
          permissions?.roles.modify ? (
            <Button asChild variant="outline">
              <Link to={paths.roles.edit.getHref(data.id)}>{t("common.edit")}</Link>
            </Button>
          ) : null
        }
      />
      <section className="rounded-card border border-border bg-surface p-6">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium text-muted-foreground">
              {t("roles.field.roleName")}
            </dt>
            <dd className="mt-0.5 text-sm break-words text-foreground">{data.roleName}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-muted-foreground">{t("roles.field.status")}</dt>
            <dd className="mt-0.5 text-sm text-foreground">
              {t(data.enabled ? "common.enabled" : "common.disabled")}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium text-muted-foreground">
              {t("roles.field.description")}
            </dt>
            <dd className="mt-0.5 text-sm break-words whitespace-pre-line text-foreground">
              {data.description || "—"}
            </dd>
          </div>
        </dl>
      </section>
      <section className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id={headingId} className="text-base font-semibold text-foreground">
            {t("roles.field.permissions")}
          </h2>
          <p className="text-sm text-muted-foreground">
            {t("roles.rightsGranted", { granted: count.granted, total: count.total })}
          </p>
        </div>
        <RolePermissions labelledBy={headingId} value={matrix} readOnly />
      </section>
      <p className="text-xs text-muted-foreground">
        {t("timestamp.created", { date: date(stamps.created.at), by: stamps.created.by ?? "—" })}
        {stamps.updated ? (
          <>
            {" · "}
            {t("timestamp.updated", { date: date(stamps.updated.at), by: stamps.updated.by })}
          </>
        ) : null}
      </p>
    </div>
  );
}
