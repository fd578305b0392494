import { COMMANDS, type CourseValues, type ListParams } from "@lms/core";
import { useCallback } from "react";
import { useList, useRead, useRun } from "../../../lib/data";
import { TRASH_PATHS } from "../../../hooks/use-trash";

const course = COMMANDS.course;
export const COURSE_PATH = "/course/";

/** One page of the course list (API-DETAILS.md: filters gradeLevel, published, schoolId). */
export function useCourses(params: ListParams) {
  return useList(course.list, params);
}

/** One course (cmdType=get). */
export function useCourse(id: number | null) {
  return useRead(course.get, id ? { id } : null);
}

export function useCourseCommands() {
  const run = useRun();
  /** create or update, with the course image as the optional `image` file part. */
  const save = useCallback(
    (values: CourseValues, options: { id?: number; version?: number; image?: File | null }) => {
      const files = options.image
        ? { image: { blob: options.image, filename: options.image.name } }
        : undefined;
      return options.id
        ? run(course.update, { ...values, id: options.id, version: options.version }, { files })
        : run(course.create, values, { files });
    },
    [run],
  );
  const remove = useCallback(
    (id: number, confirmCode?: string) =>
      run(course.delete, { id, confirmCode }, { invalidates: TRASH_PATHS }),
    [run],
  );
  const setPublished = useCallback(
    (id: number, published: boolean) => run(published ? course.publish : course.unpublish, { id }),
    [run],
  );
  return { save, remove, setPublished };
}
