import { FullPageSpinner } from "@lms/ui";
import { lazy, Suspense } from "react";
import { useT } from "../../lib/i18n";
import { useLearnerRole } from "../../features/journey/hooks/use-learner-role";
import { CourseJourneyPage } from "../../features/journey/routes/course-journey";

const ElementViewPage = lazy(() => import("../../features/courses/routes/element-view"));

/**
 * /courses/{courseId}/elements/{elementId}: where a student plays a material of the element
 * (?material=), the element screen for staff.
 */
export default function ElementEntry() {
  const t = useT();
  const role = useLearnerRole();
  if (role !== "staff") return <CourseJourneyPage mode={role} />;
  return (
    <Suspense fallback={<FullPageSpinner label={t("app.loading")} />}>
      <ElementViewPage />
    </Suspense>
  );
}
