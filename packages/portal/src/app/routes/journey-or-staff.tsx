import { FullPageSpinner } from "@lms/ui";
import { Suspense, type ComponentType } from "react";
import { useLearnerRole } from "../../hooks/use-learner-role";
import { CourseJourneyPage } from "../../features/journey/routes/course-journey";
import { MaterialPlayer } from "../../features/materials/components/material-player";
import { useT } from "../../lib/i18n";

/** A course's page: the journey for a student or a parent, the staff's own screen for staff. */
export function JourneyOrStaff({ staff: StaffPage }: { staff: ComponentType }) {
  const t = useT();
  const role = useLearnerRole();
  if (role !== "staff") return <CourseJourneyPage mode={role} player={MaterialPlayer} />;
  return (
    <Suspense fallback={<FullPageSpinner label={t("app.loading")} />}>
      <StaffPage />
    </Suspense>
  );
}
