import { FullPageSpinner } from "@lms/ui";
import { useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { useCourse } from "../api/use-courses";
import { useCourseElements } from "../api/use-elements";
import { LoadFailure } from "../components/load-failure";
import { StudentPreview } from "../components/student-preview";
import { recordId } from "../utils/params";
import { studentView } from "../utils/student-view";

/**
 * /courses/{courseId}/elements/{elementId}/student-mode: one element as a student sees it.
 * An unpublished element is one students do not see at all, and the preview says so.
 */
export default function ElementStudentModePage() {
  const t = useT();
  const params = useParams();
  const courseId = recordId(params.courseId);
  const elementId = recordId(params.elementId);
  const course = useCourse(courseId);
  const list = useCourseElements(courseId);

  if (courseId === null || elementId === null) return <LoadFailure error={null} />;
  const failure = course.error ?? list.error;
  if (failure) return <LoadFailure error={failure} onRetry={() => void list.reload()} />;
  if (!course.data || !list.elements) return <FullPageSpinner label={t("app.loading")} />;
  const element = list.elements.find((e) => e.id === elementId);
  if (!element) return <LoadFailure error={null} />;

  return (
    <div className="flex max-w-6xl flex-col gap-6 p-6">
      <StudentPreview
        course={course.data}
        title={`${course.data.courseName}: ${element.name}`}
        view={studentView([element])}
        exitHref={paths.courses.element.getHref(courseId, elementId)}
        emptyText={t("elements.notPublishedPreview")}
      />
    </div>
  );
}
