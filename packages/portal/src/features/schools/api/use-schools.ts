import { COMMANDS, type ListParams, type SchoolInput } from "@lms/core";
import { useCallback } from "react";
import { useList, useRead, useRun } from "../../../lib/data";
import { TRASH_PATHS } from "../../../hooks/use-trash";

const school = COMMANDS.school;
export const SCHOOL_PATH = "/school/";

export function useSchools(params: ListParams) {
  return useList(school.list, params);
}

export function useSchool(id: number | null) {
  return useRead(school.get, id ? { id } : null);
}

export function useSchoolCommands() {
  const run = useRun();
  const save = useCallback(
    (values: SchoolInput, options: { id?: number; version?: number; logo?: File | null }) => {
      const files = options.logo
        ? { logo: { blob: options.logo, filename: options.logo.name } }
        : undefined;
      const fields = values;
      return options.id
        ? run(school.update, { ...fields, id: options.id, version: options.version }, { files })
        : run(school.create, fields, { files });
    },
    [run],
  );
  const remove = useCallback(
    (id: number, confirmCode?: string) =>
      run(school.delete, { id, confirmCode }, { invalidates: TRASH_PATHS }),
    [run],
  );
  const setStatus = useCallback(
    (ids: number[], enabled: boolean) =>
      run(school.setstatus, { status: enabled ? "enabled" : "disabled" }, { selection: { ids } }),
    [run],
  );
  return { save, remove, setStatus };
}
