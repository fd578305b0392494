import type { CourseRecord } from "@lms/core";
import type { courses } from "../db/schema";
import { timestamps } from "../plugins/app/repositories/records";

type CourseRow = typeof courses.$inferSelect;

/** What a course write stores. */
export type CourseWrite = Pick<
  CourseRow,
  | "courseName"
  | "courseCode"
  | "gradeLevel"
  | "subject"
  | "section"
  | "description"
  | "published"
  | "schoolId"
>;

/** Who is looking at courses: the parts of the caller that decide which ones it sees. */
export interface CourseViewer {
  userId: number;
  roleId: number;
  schoolId: number | null;
  grade: number | null;
  section: string;
}

/** A course as the API answers it. */
export function toCourseRecord(row: CourseRow): CourseRecord {
  const { searchText: _search, image, ...rest } = row;
  return {
    ...rest,
    image: image ? `/api/file/course/${row.id}` : null,
    ...timestamps(row),
  };
}
