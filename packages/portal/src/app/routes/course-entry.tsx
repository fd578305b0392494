import { FullPageSpinner } from "@lms/ui";
import { lazy, Suspense } from "react";
import { useT } from "../../lib/i18n";
import { useLearnerRole } from "../../features/journey/hooks/use-learner-role";
import { CourseJourneyPage } from "../../features/journey/routes/course-journey";

const CourseViewPage = lazy(() => import("./course-screen"));

/** /courses/{courseId}: the journey for a student or a parent, the course screen for staff. */
export default function CourseEntry() {
  const t = useT();
  const role = useLearnerRole();
  if (role !== "staff") return <CourseJourneyPage mode={role} />;
  return (
    <Suspense fallback={<FullPageSpinner label={t("app.loading")} />}>
      <CourseViewPage />
    </Suspense>
  );
}
