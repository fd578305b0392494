import { lazy } from "react";
import { JourneyOrStaff } from "./journey-or-staff";

const ElementScreen = lazy(() => import("./element-screen"));

/**
 * /courses/{courseId}/elements/{elementId}: where a student plays a material of the element
 * (?material=), the element screen for staff.
 */
export default function ElementEntry() {
  return <JourneyOrStaff staff={ElementScreen} />;
}
