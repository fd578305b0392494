import { MATERIAL_TYPES, type MaterialType } from "@lms/core";
import { PageHeader } from "@lms/ui";
import { Link, useNavigate, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { useCourseInView } from "../../../hooks/use-course-in-view";
import { LoadFailure } from "../../../components/load-failure";
import { MaterialForm } from "../components/material-form";
import { useCourseRights } from "../../../hooks/use-course-rights";

function isMaterialType(value: string | undefined): value is MaterialType {
  return (MATERIAL_TYPES as readonly string[]).includes(value ?? "");
}

/**
 * /courses/{courseId}/create-material/{sectionId}/{materialName}: a new material of one type in
 * one element (the section). A new quiz goes on to its settings.
 */
export default function MaterialCreatePage() {
  const t = useT();
  const navigate = useNavigate();
  const params = useParams();
  const type = params.materialName;
  const rights = useCourseRights();
  const { course, element } = useCourseInView();

  if (!element || !isMaterialType(type)) return <LoadFailure error={null} />;
  const courseId = course.id;
  const elementId = element.id;
  const back = paths.courses.view.getHref(courseId);

  return (
    <div className="flex max-w-3xl flex-col gap-6 p-6">
      <PageHeader
        eyebrow={
          <Link to={back} className="hover:underline">
            {t("courses.backToCourse", { name: course.courseName })}
          </Link>
        }
        title={`${t("materials.createTitle")}: ${t(`materials.type.${type}`)}`}
        description={t("materials.inElement", { element: element.name })}
      />
      <MaterialForm
        courseId={courseId}
        elementId={elementId}
        type={type}
        readOnly={!rights.addMaterial}
        onDone={(saved) =>
          navigate(
            saved && type === "quiz"
              ? paths.courses.quizSettings.getHref(courseId, saved.id)
              : back,
          )
        }
      />
    </div>
  );
}
