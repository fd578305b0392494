import { COMMANDS, type ClassRecord, type ListParams } from "@lms/core";
import { useCallback } from "react";
import { useList, useRead, useRun } from "../../../lib/data";
import { USER_PATH } from "../../../lib/api-paths";

const classes = COMMANDS.class;
export const CLASS_PATH = "/class/";

export function useClasses(params: ListParams, enabled = true) {
  return useList(classes.list, params, enabled);
}

export function useClass(id: string | null) {
  return useRead(classes.get, id ? { id } : null);
}

/** The other classes of a class's grade and school year: the sections its students may move to. */
export function useSiblingClasses(record: ClassRecord | undefined) {
  return useList(
    classes.list,
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
  const run = useRun();
  const move = useCallback(
    (classId: string, studentIds: number[], section: string) =>
      run(
        classes.move,
        { id: classId, ids: JSON.stringify(studentIds), section },
        { invalidates: [CLASS_PATH, USER_PATH] },
      ),
    [run],
  );
  return { move };
}
