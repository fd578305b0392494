import { FullPageSpinner, PageHeader } from "@lms/ui";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import NotFoundPage from "../../../components/not-found-page";
import { useT } from "../../../lib/i18n";
import { LoadFailure } from "../../../components/load-failure";
import { useClass } from "../api/use-classes";
import { classNameText, schoolYearText } from "../components/class-columns";
import { ClassCoursesTable } from "../components/class-courses-table";
import { ClassStudentsTable } from "../components/class-students-table";
import { ClassTeachersTable } from "../components/class-teachers-table";
import { CompletionValue } from "../components/completion-value";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-foreground">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-base font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * /schools/{id}/classes/{classId} and /classes/{classId}: a class's students with their
 * progress, the teachers whose load covers it with their subjects, and the courses it takes.
 */
export default function ClassDetailsPage() {
  const t = useT();
  const { id, classId = "" } = useParams();
  const query = useClass(classId || null);

  if (query.error) return <LoadFailure error={query.error} onRetry={() => void query.reload()} />;
  if (!query.data) return <FullPageSpinner label={t("app.loading")} />;
  const record = query.data;
  if (id !== undefined && id !== String(record.schoolId)) return <NotFoundPage />;
  const back = id ? paths.schools.classes.getHref(id) : paths.classes.list.getHref();

  return (
    <div className="flex max-w-6xl flex-col gap-6 p-6">
      <PageHeader
        eyebrow={
          <Link to={back} className="hover:underline">
            {t("classes.backToClasses")}
          </Link>
        }
        title={classNameText(t, record)}
        description={`${record.schoolName} · ${schoolYearText(t, record)}`}
      />
      <dl className="grid grid-cols-3 gap-4 rounded-card border border-border bg-surface p-4 sm:max-w-xl">
        <Fact label={t("classes.field.students")}>{record.students}</Fact>
        <Fact label={t("classes.field.teachers")}>{record.teachers}</Fact>
        <Fact label={t("classes.field.averageCompletion")}>
          <CompletionValue percent={record.averageCompletion} />
        </Fact>
      </dl>
      <Section title={t("classes.field.students")}>
        <ClassStudentsTable record={record} />
      </Section>
      <Section title={t("classes.field.teachers")}>
        <ClassTeachersTable teachers={record.teacherList} />
      </Section>
      <Section title={t("classes.courses")}>
        <ClassCoursesTable courses={record.courseList} />
      </Section>
    </div>
  );
}
