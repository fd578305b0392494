import { Button, PageHeader } from "@lms/ui";
import { Link, useNavigate } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { CourseMaterial } from "../components/course-material";
import { MaterialForm } from "../components/material-form";
import { useCourseRights } from "../../../hooks/use-course-rights";

/** /courses/{courseId}/update-material/{materialId}: change a material (its type stays). */
export default function MaterialUpdatePage() {
  const t = useT();
  const navigate = useNavigate();
  const rights = useCourseRights();
  return (
    <CourseMaterial>
      {(course, data) => {
        const courseId = course.id;
        const back = paths.courses.view.getHref(courseId);
        return (
          <div className="flex max-w-3xl flex-col gap-6 p-6">
            <PageHeader
              eyebrow={
                <Link to={back} className="hover:underline">
                  {t("courses.backToCourse", { name: course.courseName })}
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
                      url:
                        (data.type === "scorm" ? data.launchUrl : undefined) ?? data.files[0].url,
                    }
                  : undefined
              }
              readOnly={!rights.modifyMaterial}
              onDone={() => navigate(back)}
            />
          </div>
        );
      }}
    </CourseMaterial>
  );
}
