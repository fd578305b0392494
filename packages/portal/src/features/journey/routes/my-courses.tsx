import { EmptyState, PageHeader } from "@lms/ui";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { InlineLoading } from "../../../components/inline-loading";
import { LoadFailure } from "../../../components/load-failure";
import { useMyCourses } from "../api/use-journey";
import { CourseCard } from "../components/course-card";
import { nextCourseOf } from "../components/next-course";

/** /courses for a student: My courses, each with its progress and where to go on. */
export function MyCoursesPage() {
  const t = useT();
  const courses = useMyCourses();
  const rows = courses.data;
  return (
    <div className="flex flex-col gap-6 p-4 sm:p-6">
      <PageHeader title={t("journey.myCourses")} description={t("journey.myCoursesIntro")} />
      {courses.error ? (
        <LoadFailure error={courses.error} onRetry={() => void courses.reload()} />
      ) : !rows ? (
        <InlineLoading />
      ) : rows.length === 0 ? (
        <EmptyState title={t("journey.noCourses")} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {rows.map((summary) => (
            <li key={summary.course.id} className="flex">
              <div className="flex w-full flex-col [&>article]:flex-1">
                <CourseCard
                  summary={summary}
                  href={paths.courses.view.getHref(summary.course.id)}
                  next={summary.complete ? nextCourseOf(rows, summary.course.id) : null}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
