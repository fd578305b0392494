import { FullPageSpinner, PageHeader } from "@lms/ui";
import { Link, useNavigate, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { useMaterial } from "../api/use-materials";
import { useCourseInView } from "../../../hooks/use-course-in-view";
import { LoadFailure } from "../../../components/load-failure";
import { QuizSettingsForm } from "../components/quiz-settings-form";
import { useCourseRights } from "../../../hooks/use-course-rights";
import { recordId } from "../../../lib/params";

/** /courses/{courseId}/quiz-settings/{materialId}: a quiz's settings and questions. */
export default function QuizSettingsPage() {
  const t = useT();
  const navigate = useNavigate();
  const params = useParams();
  const { course } = useCourseInView();
  const courseId = course.id;
  const materialId = recordId(params.materialId);
  const rights = useCourseRights();
  const material = useMaterial(materialId);

  if (materialId === null) return <LoadFailure error={null} />;
  if (material.error)
    return <LoadFailure error={material.error} onRetry={() => void material.reload()} />;
  if (!material.data) return <FullPageSpinner label={t("app.loading")} />;
  const data = material.data;
  // Only a quiz of this course has quiz settings.
  if (data.courseId !== courseId || data.type !== "quiz") return <LoadFailure error={null} />;
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
        quiz={data.quiz}
        readOnly={!rights.modifyMaterial}
        onDone={() => navigate(back)}
      />
    </div>
  );
}
