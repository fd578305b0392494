import type { ListParams, SchoolInput, SchoolRecord } from "@lms/core";
import { useCallback } from "react";
import { useCommand, useListQuery, useRecordQuery } from "../../../lib/data";
import { TRASH_PATHS } from "../../../hooks/use-trash";

export const SCHOOL_PATH = "/school/";

export function useSchools(params: ListParams) {
  return useListQuery<SchoolRecord>(SCHOOL_PATH, params);
}

export function useSchool(id: number | null) {
  return useRecordQuery<SchoolRecord>(SCHOOL_PATH, id ? { id } : null);
}

export function useSchoolCommands() {
  const run = useCommand();
  const save = useCallback(
    (values: SchoolInput, options: { id?: number; logo?: File | null }) =>
      run<SchoolRecord>({
        path: SCHOOL_PATH,
        cmdType: options.id ? "update" : "create",
        fields: { ...values, ...(options.id ? { id: options.id } : {}) },
        files: options.logo
          ? { logo: { blob: options.logo, filename: options.logo.name } }
          : undefined,
      }),
    [run],
  );
  const remove = useCallback(
    (id: number, confirmCode?: string) =>
      run({ path: SCHOOL_PATH, cmdType: "delete", fields: { id, confirmCode } }, [...TRASH_PATHS]),
    [run],
  );
  const setStatus = useCallback(
    (ids: number[], enabled: boolean) =>
      run({
        path: SCHOOL_PATH,
        cmdType: "setstatus",
        fields: {
          id: ids.length === 1 ? ids[0] : undefined,
          ids: ids.length > 1 ? ids : undefined,
          status: enabled ? "enabled" : "disabled",
        },
      }),
    [run],
  );
  return { save, remove, setStatus };
}
