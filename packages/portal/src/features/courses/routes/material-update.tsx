import { Button, FullPageSpinner, PageHeader } from "@lms/ui";
import { Link, useNavigate, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { useMaterial } from "../api/use-course-materials";
import { useCourse } from "../api/use-courses";
import { LoadFailure } from "../../../components/load-failure";
import { MaterialForm } from "../components/material-form";
import { useCourseRights } from "../components/use-rights";
import { recordId } from "../../../lib/params";

/** /courses/{courseId}/update-material/{materialId}: change a material (its type stays). */
export default function MaterialUpdatePage() {
  const t = useT();
  const navigate = useNavigate();
  const params = useParams();
  const courseId = recordId(params.courseId);
  const materialId = recordId(params.materialId);
  const rights = useCourseRights();
  const course = useCourse(courseId);
  const material = useMaterial(materialId);

  if (courseId === null || materialId === null) return <LoadFailure error={null} />;
  const failure = course.error ?? material.error;
  if (failure) return <LoadFailure error={failure} onRetry={() => void material.reload()} />;
  if (!course.data || !material.data) return <FullPageSpinner label={t("app.loading")} />;
  const data = material.data;
  // A material of another course is not reachable under this course's address.
  if (data.courseId !== courseId) return <LoadFailure error={null} />;
  const back = paths.courses.view.getHref(courseId);

  return (
    <div className="flex max-w-3xl flex-col gap-6 p-6">
      <PageHeader
        eyebrow={
          <Link to={back} className="hover:underline">
            {t("courses.backToCourse", { name: course.data.courseName })}
          </Link>
        }
        title={t("materials.editTitle")}
        description={`${t(`materials.type.${data.type}`)} · ${data.name}`}
        actions={
          data.type === "quiz" && rights.modifyMaterial ? (
            <Button variant="outline" asChild>
              <Link to={paths.courses.quizSettings.getHref(courseId, data.id)}>
                {t("quiz.settingsTitle")}
              </Link>
            </Button>
          ) : null
        }
      />
      <MaterialForm
        key={data.updatedAt ?? data.createdAt}
        courseId={courseId}
        elementId={data.elementId}
        type={data.type}
        material={data}
        currentFile={
          data.files?.[0]
            ? {
                // A package is named by its upload, not by its first entry.
                name: data.type === "scorm" ? data.name : data.files[0].path,
                url: (data.type === "scorm" ? data.launchUrl : undefined) ?? data.files[0].url,
              }
            : undefined
        }
        readOnly={!rights.modifyMaterial}
        onDone={() => navigate(back)}
      />
    </div>
  );
}
