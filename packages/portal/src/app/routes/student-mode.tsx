import { CourseJourneyPage } from "../../features/journey/routes/course-journey";
import { MaterialPlayer } from "../../features/materials/components/material-player";

/** /courses/{courseId}[/elements/{elementId}]/student-mode: the journey's preview for staff. */
export default function StudentModePage() {
  return <CourseJourneyPage mode="preview" player={MaterialPlayer} />;
}
