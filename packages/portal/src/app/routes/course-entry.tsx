import { lazy } from "react";
import { JourneyOrStaff } from "./journey-or-staff";

const CourseScreen = lazy(() => import("./course-screen"));

/** /courses/{courseId}: the journey for a student or a parent, the course screen for staff. */
export default function CourseEntry() {
  return <JourneyOrStaff staff={CourseScreen} />;
}
