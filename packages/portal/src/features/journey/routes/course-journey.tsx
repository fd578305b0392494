import { FullPageSpinner } from "@lms/ui";
import { useParams, useSearchParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { LoadFailure } from "../../../components/load-failure";
import { recordId } from "../../../lib/params";
import { useJourneyPath } from "../api/use-journey";
import { JourneyView } from "../components/journey-view";

/**
 * /courses/{courseId} for a student (the course journey) and, with ?child=, for a parent (the
 * child's journey, read-only); /courses/{courseId}/elements/{elementId}?material= plays a
 * material of it.
 */
export function CourseJourneyPage({ mode }: { mode: "student" | "parent" }) {
  const t = useT();
  const params = useParams();
  const [search] = useSearchParams();
  const courseId = recordId(params.courseId);
  const elementId = recordId(params.elementId);
  const childId = mode === "parent" ? recordId(search.get("child") ?? undefined) : null;
  const path = useJourneyPath(mode === "parent" && childId === null ? null : courseId, childId);

  if (courseId === null || (mode === "parent" && childId === null))
    return <LoadFailure error={null} />;
  if (path.error) return <LoadFailure error={path.error} onRetry={() => void path.reload()} />;
  if (!path.data) return <FullPageSpinner label={t("app.loading")} />;

  return (
    <div className="flex max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <JourneyView
        path={path.data}
        mode={mode}
        base={paths.courses.view.getHref(courseId)}
        elementId={elementId}
        childId={childId}
        backHref={
          mode === "parent"
            ? { pathname: paths.courses.list.getHref(), search: `?child=${childId}` }
            : paths.courses.list.getHref()
        }
        backLabel={t(mode === "parent" ? "journey.backToChildren" : "journey.backToMyCourses")}
      />
    </div>
  );
}
