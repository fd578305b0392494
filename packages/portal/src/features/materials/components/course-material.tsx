import { FullPageSpinner } from "@lms/ui";
import type { CourseRecord, MaterialDetail } from "@lms/core";
import type { ReactNode } from "react";
import { useParams } from "react-router-dom";
import { LoadFailure } from "../../../components/load-failure";
import { useCourseInView } from "../../../hooks/use-course-in-view";
import { useT } from "../../../lib/i18n";
import { recordId } from "../../../lib/params";
import { useMaterial } from "../api/use-materials";

/**
 * The material of the address's {materialId}, for a page in the course's frame: one of another
 * course (or, with `quizOnly`, any but a quiz) is not reachable under this course's address.
 */
export function CourseMaterial({
  quizOnly = false,
  children,
}: {
  quizOnly?: boolean;
  children: (course: CourseRecord, material: MaterialDetail) => ReactNode;
}) {
  const t = useT();
  const params = useParams();
  const { course } = useCourseInView();
  const materialId = recordId(params.materialId);
  const material = useMaterial(materialId);

  if (materialId === null) return <LoadFailure error={null} />;
  if (material.error)
    return <LoadFailure error={material.error} onRetry={() => void material.reload()} />;
  if (!material.data) return <FullPageSpinner label={t("app.loading")} />;
  const data = material.data;
  if (data.courseId !== course.id || (quizOnly && data.type !== "quiz"))
    return <LoadFailure error={null} />;
  return children(course, data);
}
