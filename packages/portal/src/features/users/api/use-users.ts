import {
  COMMANDS,
  callCommand,
  type BulkRowResult,
  type BulkUploadMode,
  type BulkUploadProgress,
  type ListParams,
  type UserInput,
} from "@lms/core";
import { useCallback } from "react";
import { useApiClient } from "../../../lib/api-context";
import { useList, useRead, useRun } from "../../../lib/data";
import { TRASH_PATHS } from "../../../hooks/use-trash";

const user = COMMANDS.user;

export function useUsers(params: ListParams, enabled = true) {
  return useList(user.list, params, enabled);
}

export function useUser(id: number | null) {
  return useRead(user.get, id ? { id } : null);
}

/** The roles a user can be given, for selects and filters (up to 50, by name). */
export function useRoleOptions() {
  return useList(COMMANDS.role.list, {
    page: 1,
    rowsPerPage: 50,
    sortBy: "roleName",
    sortOrder: "asc",
    search: "",
  });
}

/** Schools to choose from, searched by name (global roles only see more than their own). */
export function useSchoolOptions(search: string, enabled: boolean) {
  return useList(
    COMMANDS.school.list,
    { page: 1, rowsPerPage: 50, sortBy: "schoolName", sortOrder: "asc", search },
    enabled,
  );
}

/** Which users a bulk action applies to: chosen ids, or every row matching the list. */
export type UserSelection = { ids: number[] } | { matching: ListParams };

export function useUserCommands() {
  const run = useRun();
  const save = useCallback(
    (values: UserInput, options: { id?: number; version?: number }) =>
      options.id
        ? run(user.update, { ...values, id: options.id, version: options.version })
        : run(user.create, values),
    [run],
  );
  const remove = useCallback(
    (selection: UserSelection) => run(user.delete, {}, { selection, invalidates: TRASH_PATHS }),
    [run],
  );
  const bulk = useCallback(
    (cmdType: "activate" | "deactivate" | "resendactivation", selection: UserSelection) =>
      run(user[cmdType], {}, { selection }),
    [run],
  );
  const changePassword = useCallback(
    (userId: number, values: { newPassword: string; confirmPassword: string }) =>
      run(user.changepassword, { userId, ...values }),
    [run],
  );
  return { save, remove, bulk, changePassword };
}

export function rowHasErrors(row: BulkRowResult): boolean {
  return row.code !== null || row.errors.length > 0;
}

/**
 * Runs a bulk upload (dry or real) with the server's progress lines handed to onProgress as the
 * rows are checked and written; the user lists are read again after a real run.
 */
export function useBulkUpload() {
  const run = useRun();
  return useCallback(
    (
      file: File,
      mode: BulkUploadMode,
      dryRun: boolean,
      schoolId?: number,
      onProgress: (progress: BulkUploadProgress) => void = () => {},
    ) =>
      run(
        user.bulkupload,
        { mode, dryRun: dryRun ? "1" : "0", progress: "1", ...(schoolId ? { schoolId } : {}) },
        {
          files: { file: { blob: file, filename: file.name } },
          onProgress: (progress) => onProgress(progress as BulkUploadProgress),
          invalidates: dryRun ? [] : [user.bulkupload.path],
        },
      ),
    [run],
  );
}

/**
 * The bulk-upload template from the server (cmdType template): roles by name and the school's
 * code (`schoolId`'s, from a school's Users tab), so that nobody needs to know the ids.
 */
export function useBulkUploadTemplate() {
  const client = useApiClient();
  return useCallback(
    (schoolId?: number) => callCommand(client, user.template, schoolId ? { schoolId } : {}),
    [client],
  );
}
