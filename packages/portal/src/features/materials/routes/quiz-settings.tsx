import { PageHeader } from "@lms/ui";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { CourseMaterial } from "../components/course-material";
import { QuizSettingsForm } from "../components/quiz-settings-form";
import { useCourseRights } from "../../../hooks/use-course-rights";

/** /courses/{courseId}/quiz-settings/{materialId}: a quiz's settings and questions. */
export default function QuizSettingsPage() {
  const t = useT();
  const navigate = useNavigate();
  const rights = useCourseRights();
  return (
    <CourseMaterial quizOnly>
      {(course, data) => {
        const courseId = course.id;
        const back = paths.courses.view.getHref(courseId);
        return (
          <div className="flex max-w-4xl flex-col gap-6 p-6">
            <PageHeader
              eyebrow={
                <Link to={back} className="hover:underline">
                  {t("courses.backToCourse", { name: course.courseName })}
                </Link>
              }
              title={t("quiz.settingsTitle")}
              description={data.name}
            />
            <QuizSettingsForm
              key={data.updatedAt ?? data.createdAt}
              materialId={data.id}
              version={data.version}
              quiz={data.quiz}
              readOnly={!rights.modifyMaterial}
              onDone={() => navigate(back)}
            />
          </div>
        );
      }}
    </CourseMaterial>
  );
}
