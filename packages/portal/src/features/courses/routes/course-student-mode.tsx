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

/** /courses/{courseId}/student-mode: the course as a student sees it; nothing is recorded. */
export default function CourseStudentModePage() {
  const t = useT();
  const { courseId: param } = useParams();
  const courseId = recordId(param);
  const course = useCourse(courseId);
  const list = useCourseElements(courseId);

  if (courseId === null) return <LoadFailure error={null} />;
  const failure = course.error ?? list.error;
  if (failure) return <LoadFailure error={failure} onRetry={() => void list.reload()} />;
  if (!course.data || !list.elements) return <FullPageSpinner label={t("app.loading")} />;

  return (
    <div className="flex max-w-6xl flex-col gap-6 p-6">
      <StudentPreview
        course={course.data}
        title={course.data.courseName}
        view={studentView(list.elements)}
        exitHref={paths.courses.view.getHref(courseId)}
        emptyText={t("courses.previewEmpty")}
      />
    </div>
  );
}
