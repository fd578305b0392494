import type { CourseRecord } from "@lms/core";
import { useOutletContext } from "react-router-dom";

/** The course a page inside a course's frame works in; with the element when its address names one. */
export interface CourseInView {
  course: CourseRecord;
  element: { id: number; name: string } | null;
}

export function useCourseInView(): CourseInView {
  return useOutletContext<CourseInView>();
}
