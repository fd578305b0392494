import { ClassesTable } from "../../features/classes/components/classes-table";
import { CourseViewPage } from "../../features/courses/routes/course-view";
import { CourseProgress } from "../../features/journey/components/course-progress";
import { MATERIAL_PIECES } from "./material-pieces";

/**
 * The course screen for staff: the course, with the progress and classes tabs and the materials'
 * pieces filled in.
 */
export default function CourseScreen() {
  return (
    <CourseViewPage
      tabs={{
        progress: (courseId) => <CourseProgress courseId={courseId} />,
        classes: (courseId) => <ClassesTable courseId={courseId} listKey="course-classes" />,
      }}
      materials={MATERIAL_PIECES}
    />
  );
}
