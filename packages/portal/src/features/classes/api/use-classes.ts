import type { ClassDetails, ClassRecord, ListParams } from "@lms/core";
import { useCallback } from "react";
import { useCommand, useListQuery, useRecordQuery } from "../../../lib/data";
import { USER_PATH } from "../../../lib/api-paths";

export const CLASS_PATH = "/class/";

export function useClasses(params: ListParams, enabled = true) {
  return useListQuery<ClassRecord>(CLASS_PATH, params, enabled);
}

export function useClass(id: string | null) {
  return useRecordQuery<ClassDetails>(CLASS_PATH, id ? { id } : null);
}

/** The other classes of a class's grade and school year: the sections its students may move to. */
export function useSiblingClasses(record: ClassRecord | undefined) {
  return useListQuery<ClassRecord>(
    CLASS_PATH,
    {
      page: 1,
      rowsPerPage: 50,
      sortBy: "section",
      sortOrder: "asc",
      search: "",
      filters: record
        ? [
            { key: "grade", values: [String(record.grade)] },
            { key: "schoolYear", values: [String(record.schoolYearFrom)] },
          ]
        : [],
      extra: { schoolId: record?.schoolId },
    },
    Boolean(record),
  );
}

export function useClassCommands() {
  const run = useCommand();
  const move = useCallback(
    (classId: string, studentIds: number[], section: string) =>
      run<{ count: number; from: string; to: string }>(
        {
          path: CLASS_PATH,
          cmdType: "move",
          fields: { id: classId, ids: JSON.stringify(studentIds), section },
        },
        [CLASS_PATH, USER_PATH],
      ),
    [run],
  );
  return { move };
}
