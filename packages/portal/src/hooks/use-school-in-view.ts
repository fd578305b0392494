import type { SchoolRecord } from "@lms/core";
import { useOutletContext } from "react-router-dom";

/** The school in view, for the tab pages inside a school's details layout. */
export function useSchoolInView(): SchoolRecord {
  return useOutletContext<SchoolRecord>();
}
