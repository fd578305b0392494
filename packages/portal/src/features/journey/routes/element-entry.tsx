import { FullPageSpinner } from "@lms/ui";
import { lazy, Suspense } from "react";
import { useT } from "../../../lib/i18n";
import { useLearnerRole } from "../hooks/use-learner-role";
import { CourseJourneyPage } from "./course-journey";

const ElementViewPage = lazy(() => import("../../courses/routes/element-view"));

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
