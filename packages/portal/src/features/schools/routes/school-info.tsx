import type { MessageKey } from "@lms/core";
import { useI18n } from "../../../lib/i18n";
import { useSchoolInView } from "../../../hooks/use-school-in-view";

const FIELDS = [
  "schoolCode",
  "schoolName",
  "depedSchoolId",
  "sector",
  "address",
  "barangay",
  "city",
  "cityMunicipality",
  "province",
  "region",
  "country",
  "zipCode",
  "lmsUrl",
  "websiteUrl",
  "subscriptionType",
] as const;

export default function SchoolInfoTab() {
  const { t, intl } = useI18n();
  const school = useSchoolInView();
  const valueOf = (name: (typeof FIELDS)[number]) => {
    const value = school[name];
    if (!value) return "—";
    if (name === "sector") return t(`schools.sector.${value}` as MessageKey);
    if (name === "subscriptionType") return t(`schools.subscription.${value}` as MessageKey);
    return value;
  };
  const date = (iso: string | null) =>
    iso ? intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" }) : "";
  return (
    <section className="rounded-card border border-border bg-surface p-6">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-3">
        {FIELDS.map((name) => (
          <div key={name}>
            <dt className="text-xs font-medium text-muted-foreground">
              {t(`schools.field.${name}`)}
            </dt>
            <dd className="mt-0.5 text-sm break-words text-foreground">{valueOf(name)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-6 text-xs text-muted-foreground">
        {t("timestamp.created", { date: date(school.createdAt), by: school.createdBy ?? "—" })}
        {school.updatedBy ? (
          <>
            {" · "}
            {t("timestamp.updated", { date: date(school.updatedAt), by: school.updatedBy })}
          </>
        ) : null}
      </p>
    </section>
  );
}
