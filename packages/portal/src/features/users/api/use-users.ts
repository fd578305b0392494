import {
  encodeListRequest,
  type ListParams,
  type RoleRecord,
  type SchoolRecord,
  type UserInput,
  type UserRecord,
} from "@lms/core";
import { useCallback } from "react";
import { useSWRConfig } from "swr";
import { useApiClient } from "../../../lib/api-context";
import { useCommand, useListQuery, useRecordQuery } from "../../../lib/data";
import { TRASH_PATHS } from "../../../hooks/use-trash";
import { USER_PATH } from "../../../lib/api-paths";

export function useUsers(params: ListParams, enabled = true) {
  return useListQuery<UserRecord>(USER_PATH, params, enabled);
}

export function useUser(id: number | null) {
  return useRecordQuery<UserRecord>(USER_PATH, id ? { id } : null);
}

/** The roles a user can be given, for selects and filters (up to 50, by name). */
export function useRoleOptions() {
  return useListQuery<RoleRecord>("/role/", {
    page: 1,
    rowsPerPage: 50,
    sortBy: "roleName",
    sortOrder: "asc",
    search: "",
  });
}

/** Schools to choose from, searched by name (global roles only see more than their own). */
export function useSchoolOptions(search: string, enabled: boolean) {
  return useListQuery<SchoolRecord>(
    "/school/",
    { page: 1, rowsPerPage: 50, sortBy: "schoolName", sortOrder: "asc", search },
    enabled,
  );
}

/** Which users a bulk action applies to: chosen ids, or every row matching the list. */
export type UserSelection = { ids: number[] } | { matching: ListParams };

function selectionEntries(selection: UserSelection): [string, string][] {
  if ("ids" in selection) {
    return selection.ids.length === 1
      ? [["id", String(selection.ids[0])]]
      : [["ids", JSON.stringify(selection.ids)]];
  }
  return [
    ["allMatching", "1"],
    ...encodeListRequest(selection.matching).filter(([name]) => name !== "cmdType"),
  ];
}

export function useUserCommands() {
  const run = useCommand();
  const save = useCallback(
    (values: UserInput, options: { id?: number }) =>
      run<UserRecord>({
        path: USER_PATH,
        cmdType: options.id ? "update" : "create",
        fields: { ...values, ...(options.id ? { id: options.id } : {}) },
      }),
    [run],
  );
  const remove = useCallback(
    (selection: UserSelection) =>
      run({ path: USER_PATH, cmdType: "delete", entries: selectionEntries(selection) }, [
        ...TRASH_PATHS,
      ]),
    [run],
  );
  const bulk = useCallback(
    (cmdType: "activate" | "deactivate" | "resendactivation", selection: UserSelection) =>
      run({ path: USER_PATH, cmdType, entries: selectionEntries(selection) }),
    [run],
  );
  const changePassword = useCallback(
    (userId: number, values: { newPassword: string; confirmPassword: string }) =>
      run({ path: USER_PATH, cmdType: "changepassword", fields: { userId, ...values } }),
    [run],
  );
  return { save, remove, bulk, changePassword };
}

/** One CSV row's result; a row with a code (csv.invalidRow, csv.duplicateRow) has errors. */
export interface BulkRowResult {
  line: number;
  userName: string;
  email: string;
  /** The role's name and the school's code (the file's cells until the server has checked it). */
  role: string;
  school: string;
  /** What a run does with the row; null for a row with errors. */
  action: "create" | "update" | "skip" | null;
  code: string | null;
  message: string | null;
  errors: {
    field: string;
    code: string;
    message: string;
    values?: Record<string, string | number>;
  }[];
}

export interface BulkUploadAnswer {
  mode: "add" | "upsert";
  dryRun: boolean;
  total: number;
  created: number;
  updated: number;
  /** Rows with errors. */
  errors: number;
  rows: BulkRowResult[];
}

export function rowHasErrors(row: BulkRowResult): boolean {
  return row.code !== null || row.errors.length > 0;
}

/** Rows of the file, rows checked and rows written so far (issue 14). */
export interface BulkUploadProgress {
  total: number;
  checked: number;
  written: number;
}

/**
 * Runs a bulk upload (dry or real) with the server's progress lines handed to onProgress as the
 * rows are checked and written; the user lists are read again after a real run.
 */
export function useBulkUpload() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (
      file: File,
      mode: "add" | "upsert",
      dryRun: boolean,
      schoolId?: number,
      onProgress: (progress: BulkUploadProgress) => void = () => {},
    ) => {
      const result = await client.requestWithProgress<BulkUploadAnswer, BulkUploadProgress>(
        {
          path: USER_PATH,
          cmdType: "bulkupload",
          fields: {
            mode,
            dryRun: dryRun ? "1" : "0",
            progress: "1",
            ...(schoolId ? { schoolId } : {}),
          },
          files: { file: { blob: file, filename: file.name } },
        },
        onProgress,
      );
      if (result.ok && !dryRun) {
        await mutate((key) => Array.isArray(key) && key[0] === USER_PATH);
      }
      return result;
    },
    [client, mutate],
  );
}

/**
 * The bulk-upload template from the server (cmdType template): roles by name and the school's
 * code (`schoolId`'s, from a school's Users tab), so that nobody needs to know the ids.
 */
export function useBulkUploadTemplate() {
  const client = useApiClient();
  return useCallback(
    (schoolId?: number) =>
      client.download({
        path: USER_PATH,
        cmdType: "template",
        fields: schoolId ? { schoolId } : {},
      }),
    [client],
  );
}
