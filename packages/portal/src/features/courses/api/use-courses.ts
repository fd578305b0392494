import type { CourseRecord, CourseValues, ListParams } from "@lms/core";
import { useCallback } from "react";
import { useCommand, useListQuery, useRecordQuery } from "../../../lib/data";
import { TRASH_PATHS } from "../../../hooks/use-trash";

export const COURSE_PATH = "/course/";

/** One page of the course list (API-DETAILS.md: filters gradeLevel, published, schoolId). */
export function useCourses(params: ListParams) {
  return useListQuery<CourseRecord>(COURSE_PATH, params);
}

/** One course (cmdType=get). */
export function useCourse(id: number | null) {
  return useRecordQuery<CourseRecord>(COURSE_PATH, id ? { id } : null);
}

export function useCourseCommands() {
  const run = useCommand();
  /** create or update, with the course image as the optional `image` file part. */
  const save = useCallback(
    (values: CourseValues, options: { id?: number; image?: File | null }) =>
      run<CourseRecord>({
        path: COURSE_PATH,
        cmdType: options.id ? "update" : "create",
        fields: { ...values, ...(options.id ? { id: options.id } : {}) },
        files: options.image
          ? { image: { blob: options.image, filename: options.image.name } }
          : undefined,
      }),
    [run],
  );
  const remove = useCallback(
    (id: number, confirmCode?: string) =>
      run({ path: COURSE_PATH, cmdType: "delete", fields: { id, confirmCode } }, [...TRASH_PATHS]),
    [run],
  );
  const setPublished = useCallback(
    (id: number, published: boolean) =>
      run({ path: COURSE_PATH, cmdType: published ? "publish" : "unpublish", fields: { id } }),
    [run],
  );
  return { save, remove, setPublished };
}
