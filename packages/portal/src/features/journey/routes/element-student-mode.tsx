import { FullPageSpinner } from "@lms/ui";
import { useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { useJourneyPath } from "../api/use-journey";
import { JourneyView } from "../components/journey-view";
import { LoadFailure } from "../../../components/load-failure";
import { recordId } from "../../../lib/params";

/**
 * /courses/{courseId}/elements/{elementId}/student-mode: one element on the student's journey
 * screens. An unpublished element is one students do not see at all, and the preview says so.
 */
export default function ElementStudentModePage() {
  const t = useT();
  const params = useParams();
  const courseId = recordId(params.courseId);
  const elementId = recordId(params.elementId);
  const path = useJourneyPath(courseId);

  if (courseId === null || elementId === null) return <LoadFailure error={null} />;
  if (path.error) return <LoadFailure error={path.error} onRetry={() => void path.reload()} />;
  if (!path.data) return <FullPageSpinner label={t("app.loading")} />;

  return (
    <div className="flex max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <JourneyView
        path={path.data}
        mode="preview"
        base={paths.courses.elementStudentMode.getHref(courseId, elementId)}
        elementId={elementId}
        backHref={paths.courses.element.getHref(courseId, elementId)}
        backLabel={t("courses.exitStudentMode")}
      />
    </div>
  );
}
