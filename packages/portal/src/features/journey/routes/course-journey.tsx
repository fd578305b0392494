import { FullPageSpinner } from "@lms/ui";
import { useParams, useSearchParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { LoadFailure } from "../../../components/load-failure";
import { recordId } from "../../../lib/params";
import { useJourneyPath } from "../api/use-journey";
import {
  JourneyView,
  type JourneyMode,
  type MaterialPlayerComponent,
} from "../components/journey-view";

/** Where the journey's links lead and its back button returns, by mode. */
function placesOf(
  mode: JourneyMode,
  courseId: number,
  elementId: number | null,
  childId: number | null,
) {
  if (mode === "preview")
    return elementId === null
      ? {
          base: paths.courses.studentMode.getHref(courseId),
          backHref: paths.courses.view.getHref(courseId),
        }
      : {
          base: paths.courses.elementStudentMode.getHref(courseId, elementId),
          backHref: paths.courses.element.getHref(courseId, elementId),
        };
  return {
    base: paths.courses.view.getHref(courseId),
    backHref:
      mode === "parent"
        ? { pathname: paths.courses.list.getHref(), search: `?child=${childId}` }
        : paths.courses.list.getHref(),
  };
}

const BACK_LABELS = {
  student: "journey.backToMyCourses",
  parent: "journey.backToChildren",
  preview: "courses.exitStudentMode",
} as const;

/**
 * /courses/{courseId} for a student (the course journey) and, with ?child=, for a parent (the
 * child's journey, read-only); /courses/{courseId}/elements/{elementId}?material= plays a
 * material of it. In preview (student mode, /courses/{courseId}[/elements/{elementId}]/student-mode)
 * staff see the course or one element on the student's screens, every item open and nothing
 * recorded; an unpublished element is one students do not see at all, and the preview says so.
 */
export function CourseJourneyPage({
  mode,
  player,
}: {
  mode: JourneyMode;
  player: MaterialPlayerComponent;
}) {
  const t = useT();
  const params = useParams();
  const [search] = useSearchParams();
  const courseId = recordId(params.courseId);
  const elementId = recordId(params.elementId);
  const childId = mode === "parent" ? recordId(search.get("child") ?? undefined) : null;
  const path = useJourneyPath(mode === "parent" && childId === null ? null : courseId, childId);

  if (
    courseId === null ||
    (mode === "parent" && childId === null) ||
    (mode === "preview" && params.elementId !== undefined && elementId === null)
  )
    return <LoadFailure error={null} />;
  if (path.error) return <LoadFailure error={path.error} onRetry={() => void path.reload()} />;
  if (!path.data) return <FullPageSpinner label={t("app.loading")} />;

  return (
    <div className="flex max-w-7xl flex-col gap-6 p-4 sm:p-6">
      <JourneyView
        path={path.data}
        mode={mode}
        player={player}
        elementId={elementId}
        childId={childId}
        {...placesOf(mode, courseId, elementId, childId)}
        backLabel={t(BACK_LABELS[mode])}
      />
    </div>
  );
}
