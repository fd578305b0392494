import { REGISTERED, ROLE_IDS, USER_STATUS, classIdOf, type UserRecord } from "@lms/core";
import { Button, FullPageSpinner, PageHeader, StatusChip } from "@lms/ui";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useSession } from "../../../lib/api-context";
import { useConfirmedAction } from "../../../lib/confirmed-action";
import { useI18n } from "../../../lib/i18n";
import NotFoundPage from "../../../components/not-found-page";
import { canSeeClasses } from "../../../lib/class-href";
import { useUserCommands } from "../api/use-users";
import { fullName } from "../../../lib/names";
import { roleLabel } from "../components/role-label";
import { useUserFromRoute } from "./use-user-param";

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-foreground">{children || "—"}</dd>
    </div>
  );
}

export default function UserDetailsPage() {
  const { t, intl } = useI18n();
  const { permissions } = useSession();
  const { data: user, notFound } = useUserFromRoute();
  const { bulk } = useUserCommands();
  const confirmed = useConfirmedAction();
  if (notFound) return <NotFoundPage />;
  if (!user) return <FullPageSpinner label={t("app.loading")} />;
  const name = fullName(user, { salutation: false });
  const active = user.status === USER_STATUS.active;
  const date = (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" }) : "";

  const act = (command: "activate" | "deactivate" | "resendactivation") =>
    void confirmed({
      title: t("confirm.statusTitle"),
      message: t(
        command === "activate"
          ? "users.confirmActivate"
          : command === "deactivate"
            ? "users.confirmDeactivate"
            : "users.confirmResend",
        { name },
      ),
      confirmLabel: t(
        command === "activate"
          ? "users.activate"
          : command === "deactivate"
            ? "users.deactivate"
            : "users.resendActivation",
      ),
      tone: command === "deactivate" ? "destructive" : "default",
      run: () => bulk(command, { ids: [user.id] }),
      success: t(
        command === "activate"
          ? "users.activated"
          : command === "deactivate"
            ? "users.deactivated"
            : "users.activationSent",
      ),
    });

  return (
    <div className="flex max-w-5xl flex-col gap-6 p-6">
      <PageHeader
        title={name}
        description={
          <span className="flex items-center gap-2">
            {roleLabel(t, user.roleId, user.roleName)}
            <StatusChip status={active ? "active" : "inactive"}>
              {t(active ? "common.active" : "common.inactive")}
            </StatusChip>
          </span>
        }
        actions={
          permissions?.users.modify ? (
            <>
              <Button variant="outline" onClick={() => act(active ? "deactivate" : "activate")}>
                {t(active ? "users.deactivate" : "users.activate")}
              </Button>
              {user.registered === REGISTERED.no ? (
                <Button variant="outline" onClick={() => act("resendactivation")}>
                  {t("users.resendActivation")}
                </Button>
              ) : null}
              <Button asChild variant="outline">
                <Link to={paths.users.changePassword.getHref(user.id)}>
                  {t("users.changePassword")}
                </Link>
              </Button>
              <Button asChild>
                <Link to={paths.users.edit.getHref(user.id)}>{t("common.edit")}</Link>
              </Button>
            </>
          ) : null
        }
      />
      <UserFacts user={user} />
      <p className="text-xs text-muted-foreground">
        {t("timestamp.created", { date: date(user.createdAt), by: user.createdBy ?? "—" })}
        {user.updatedBy ? (
          <>
            {" · "}
            {t("timestamp.updated", { date: date(user.updatedAt), by: user.updatedBy })}
          </>
        ) : null}
      </p>
    </div>
  );
}

function UserFacts({ user }: { user: UserRecord }) {
  const { t } = useI18n();
  const { profile, permissions } = useSession();
  const classId = user.roleId === ROLE_IDS.student ? classIdOf(user) : null;
  return (
    <section className="flex flex-col gap-6 rounded-card border border-border bg-surface p-6">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item label={t("users.field.userName")}>{user.userName}</Item>
        <Item label={t("users.field.email")}>{user.email}</Item>
        <Item label={t("users.field.school")}>{user.schoolName ?? ""}</Item>
        <Item label={t("users.field.registered")}>
          {t(user.registered === REGISTERED.yes ? "users.registered.yes" : "users.registered.no")}
        </Item>
        {user.employeeNumber ? (
          <Item label={t("users.field.employeeNumber")}>{user.employeeNumber}</Item>
        ) : null}
        {user.learningReferenceNumber ? (
          <Item label={t("users.field.learningReferenceNumber")}>
            {user.learningReferenceNumber}
          </Item>
        ) : null}
        {user.grade ? <Item label={t("users.field.grade")}>{user.grade}</Item> : null}
        {user.section ? <Item label={t("users.field.section")}>{user.section}</Item> : null}
        {classId && user.schoolId && canSeeClasses(profile?.roleId, permissions) ? (
          <Item label={t("classes.class")}>
            <Link
              to={paths.schools.classDetails.getHref(user.schoolId, classId)}
              className="font-medium text-primary hover:underline"
            >
              {t("classes.name", { grade: user.grade ?? "", section: user.section })}
            </Link>
          </Item>
        ) : null}
        {user.schoolYearFrom ? (
          <Item label={`${t("users.field.schoolYearFrom")} – ${t("users.field.schoolYearTo")}`}>
            {user.schoolYearFrom}–{user.schoolYearTo ?? ""}
          </Item>
        ) : null}
        {user.title ? <Item label={t("users.field.title")}>{user.title}</Item> : null}
      </dl>
      {user.assignedLoad.length > 0 ? (
        <div>
          <h2 className="text-sm font-semibold">{t("users.section.load")}</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {user.assignedLoad.map((row) => (
              <li key={`${row.grade}-${row.subject}-${row.section}`}>
                <StatusChip status="neutral">
                  {t("users.field.grade")} {row.grade} · {row.subject} · {row.section}
                </StatusChip>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {user.parent && (user.parent.firstName || user.parent.email) ? (
        <div>
          <h2 className="text-sm font-semibold">{t("users.section.parent")}</h2>
          <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Item label={t("users.field.parentFirstName")}>
              {[user.parent.firstName, user.parent.lastName].filter(Boolean).join(" ")}
            </Item>
            <Item label={t("users.field.parentEmail")}>{user.parent.email}</Item>
            <Item label={t("users.field.parentMobile")}>{user.parent.mobile}</Item>
          </dl>
        </div>
      ) : null}
    </section>
  );
}
