import {
  EmptyState,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@lms/ui";
import { useId } from "react";
import { useSearchParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { InlineLoading } from "../../../components/inline-loading";
import { LoadFailure } from "../../../components/load-failure";
import { useChildren, useMyCourses } from "../api/use-journey";
import { CourseCard } from "../components/course-card";

/** /courses for a parent: a child's courses with their progress, read-only. */
export function ChildrenCoursesPage() {
  const t = useT();
  const labelId = useId();
  const [search, setSearch] = useSearchParams();
  const children = useChildren(true);
  const list = children.data ?? [];
  const chosen = list.find((c) => String(c.userId) === search.get("child")) ?? list[0] ?? null;
  const courses = useMyCourses(chosen?.userId ?? null, chosen !== null);

  return (
    <div className="flex flex-col gap-6 p-4 sm:p-6">
      <PageHeader title={t("journey.childrenCourses")} description={t("journey.childrenIntro")} />
      {children.error ? (
        <LoadFailure error={children.error} onRetry={() => void children.reload()} />
      ) : !children.data ? (
        <InlineLoading />
      ) : !chosen ? (
        <EmptyState title={t("journey.noChildren")} />
      ) : (
        <>
          <div className="flex max-w-sm flex-col gap-1.5">
            <span id={labelId} className="text-sm font-medium text-foreground">
              {t("journey.child")}
            </span>
            <Select
              value={String(chosen.userId)}
              onValueChange={(value) => setSearch({ child: value }, { replace: true })}
            >
              <SelectTrigger aria-labelledby={labelId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {list.map((child) => (
                  <SelectItem key={child.userId} value={String(child.userId)}>
                    {child.firstName} {child.lastName}
                    {child.grade ? ` · ${t("courses.gradeOption", { n: child.grade })}` : ""}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {courses.error ? (
            <LoadFailure error={courses.error} onRetry={() => void courses.reload()} />
          ) : !courses.data ? (
            <InlineLoading />
          ) : courses.data.length === 0 ? (
            <EmptyState title={t("journey.childNoCourses")} />
          ) : (
            <ul
              aria-label={t("journey.coursesOf", { name: chosen.firstName })}
              className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
            >
              {courses.data.map((summary) => (
                <li key={summary.course.id} className="flex">
                  <div className="flex w-full flex-col [&>article]:flex-1">
                    <CourseCard
                      summary={summary}
                      readOnly
                      href={{
                        pathname: paths.courses.view.getHref(summary.course.id),
                        search: `?child=${chosen.userId}`,
                      }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
