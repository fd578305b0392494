import { MATERIAL_TYPES, type MaterialType } from "@lms/core";
import { FullPageSpinner, PageHeader } from "@lms/ui";
import { Link, useNavigate, useParams } from "react-router-dom";
import { paths } from "../../../app/paths";
import { useT } from "../../../lib/i18n";
import { useCourse } from "../api/use-courses";
import { useCourseElements } from "../api/use-elements";
import { LoadFailure } from "../../../components/load-failure";
import { MaterialForm } from "../components/material-form";
import { useCourseRights } from "../components/use-rights";
import { recordId } from "../../../lib/params";

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
  const courseId = recordId(params.courseId);
  const elementId = recordId(params.sectionId);
  const type = params.materialName;
  const rights = useCourseRights();
  const course = useCourse(courseId);
  const list = useCourseElements(courseId);

  if (courseId === null || elementId === null || !isMaterialType(type))
    return <LoadFailure error={null} />;
  const failure = course.error ?? list.error;
  if (failure) return <LoadFailure error={failure} onRetry={() => void list.reload()} />;
  if (!course.data || !list.elements) return <FullPageSpinner label={t("app.loading")} />;
  const element = list.elements.find((e) => e.id === elementId);
  if (!element) return <LoadFailure error={null} />;
  const back = paths.courses.view.getHref(courseId);

  return (
    <div className="flex max-w-3xl flex-col gap-6 p-6">
      <PageHeader
        eyebrow={
          <Link to={back} className="hover:underline">
            {t("courses.backToCourse", { name: course.data.courseName })}
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
