import { FullPageSpinner } from "@lms/ui";
import { useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { useJourneyPath } from "../api/use-journey";
import { JourneyView } from "../components/journey-view";
import { LoadFailure } from "../../../components/load-failure";
import { recordId } from "../../../lib/params";

/**
 * /courses/{courseId}/student-mode: the course on the student's own journey screens; staff see
 * every item open and nothing is recorded.
 */
export default function CourseStudentModePage() {
  const t = useT();
  const { courseId: param } = useParams();
  const courseId = recordId(param);
  const path = useJourneyPath(courseId);

  if (courseId === null) return <LoadFailure error={null} />;
  if (path.error) return <LoadFailure error={path.error} onRetry={() => void path.reload()} />;
  if (!path.data) return <FullPageSpinner label={t("app.loading")} />;

  return (
    <div className="flex max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <JourneyView
        path={path.data}
        mode="preview"
        base={paths.courses.studentMode.getHref(courseId)}
        elementId={null}
        backHref={paths.courses.view.getHref(courseId)}
        backLabel={t("courses.exitStudentMode")}
      />
    </div>
  );
}
