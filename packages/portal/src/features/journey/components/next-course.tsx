import { ArrowRightIcon } from "lucide-react";
import { Button } from "@lms/ui";
import { Link } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import type { CourseSummary } from "@lms/core";

/** The next course to take: the first unfinished one after this one in My courses (or before). */
export function nextCourseOf(courses: CourseSummary[], courseId: number): CourseSummary | null {
  const index = courses.findIndex((c) => c.course.id === courseId);
  const ordered = [...courses.slice(index + 1), ...courses.slice(0, Math.max(index, 0))];
  return ordered.find((c) => !c.complete && c.course.id !== courseId) ?? null;
}

export function NextCourseButton({ next }: { next: CourseSummary }) {
  const t = useT();
  return (
    <Button asChild>
      <Link to={paths.courses.view.getHref(next.course.id)}>
        {t("journey.nextCourseNamed", { name: next.course.courseName })}
        <ArrowRightIcon />
      </Link>
    </Button>
  );
}
