import { CourseJourneyPage } from "./course-journey";

/** /courses/{courseId}[/elements/{elementId}]/student-mode: the journey's preview for staff. */
export default function StudentModePage() {
  return <CourseJourneyPage mode="preview" />;
}
