import { FullPageSpinner } from "@lms/ui";
import { lazy, Suspense } from "react";
import { useT } from "../../lib/i18n";
import { useLearnerRole } from "../../hooks/use-learner-role";
import { ChildrenCoursesPage } from "../../features/journey/routes/children-courses";
import { MyCoursesPage } from "../../features/journey/routes/my-courses";

const CoursesListPage = lazy(() => import("../../features/courses/routes/courses-list"));

/** /courses: My courses for a student, the children's courses for a parent, else the list. */
export default function CoursesEntry() {
  const t = useT();
  const role = useLearnerRole();
  if (role === "student") return <MyCoursesPage />;
  if (role === "parent") return <ChildrenCoursesPage />;
  return (
    <Suspense fallback={<FullPageSpinner label={t("app.loading")} />}>
      <CoursesListPage />
    </Suspense>
  );
}
