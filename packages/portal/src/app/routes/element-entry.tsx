import { lazy } from "react";
import { JourneyOrStaff } from "./journey-or-staff";

const ElementViewPage = lazy(() => import("../../features/courses/routes/element-view"));

/**
 * /courses/{courseId}/elements/{elementId}: where a student plays a material of the element
 * (?material=), the element screen for staff.
 */
export default function ElementEntry() {
  return <JourneyOrStaff staff={ElementViewPage} />;
}
