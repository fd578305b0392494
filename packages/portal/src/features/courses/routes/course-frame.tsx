import { FullPageSpinner } from "@lms/ui";
import { Outlet, useParams } from "react-router-dom";
import { LoadFailure } from "../../../components/load-failure";
import type { CourseInView } from "../../../hooks/use-course-in-view";
import { useT } from "../../../lib/i18n";
import { recordId } from "../../../lib/params";
import { useCourse } from "../api/use-courses";
import { useCourseElements } from "../api/use-elements";

/**
 * The frame of a course's material pages: it reads the course (and, at an address with a
 * {sectionId}, that element of it) and hands them to the page inside; a course or element that
 * does not exist is the not-found page.
 */
export default function CourseFrame() {
  const t = useT();
  const params = useParams();
  const courseId = recordId(params.courseId);
  const inElement = params.sectionId !== undefined;
  const elementId = recordId(params.sectionId);
  const course = useCourse(courseId);
  const list = useCourseElements(inElement ? courseId : null);

  if (courseId === null || (inElement && elementId === null)) return <LoadFailure error={null} />;
  if (course.error)
    return <LoadFailure error={course.error} onRetry={() => void course.reload()} />;
  if (list.error) return <LoadFailure error={list.error} onRetry={() => void list.reload()} />;
  if (!course.data || (inElement && !list.elements))
    return <FullPageSpinner label={t("app.loading")} />;
  const element = inElement ? list.elements?.find((e) => e.id === elementId) : null;
  if (element === undefined) return <LoadFailure error={null} />;
  const context: CourseInView = { course: course.data, element };
  return <Outlet context={context} />;
}
