import type { ListParams, RoleRecord } from "@lms/core";
import { useCallback, useMemo } from "react";
import { useCommand, useListQuery, useRecordQuery } from "../../../lib/data";
import { moduleKeysFrom, roleCommandFields } from "../utils/permissions";
import { TRASH_PATHS } from "../../../hooks/use-trash";

export const ROLE_PATH = "/role/";
/** A role change can change the caller's own rights, which come with the profile read. */
const PROFILE_PATH = "/user/";

/** cmdType=list: one page of roles. */
export function useRoles(params: ListParams) {
  return useListQuery<RoleRecord>(ROLE_PATH, params);
}

/** cmdType=get: one role by id. */
export function useRole(id: number | null) {
  return useRecordQuery<RoleRecord>(ROLE_PATH, id ? { id } : null);
}

/**
 * cmdType=modules: the modules a role's matrix shows. Until it answers (or if it fails) every
 * module of API.md is shown, so the matrix never waits on it.
 */
export function useRoleModules() {
  const { data, loading } = useRecordQuery<unknown>(ROLE_PATH, {}, "modules");
  const modules = useMemo(() => moduleKeysFrom(data), [data]);
  return { modules, loading };
}

/** create, update, delete and setstatus; each revalidates the role reads. */
export function useRoleCommands() {
  const run = useCommand();
  const save = useCallback(
    (
      values: { roleName: string; description: string; enabled: boolean; permissions: unknown },
      id?: number,
    ) =>
      run<RoleRecord>(
        {
          path: ROLE_PATH,
          cmdType: id ? "update" : "create",
          fields: roleCommandFields(values, id),
        },
        [ROLE_PATH, PROFILE_PATH],
      ),
    [run],
  );
  const remove = useCallback(
    (id: number) => run({ path: ROLE_PATH, cmdType: "delete", fields: { id } }, [...TRASH_PATHS]),
    [run],
  );
  const setStatus = useCallback(
    (id: number, enabled: boolean) =>
      run(
        {
          path: ROLE_PATH,
          cmdType: "setstatus",
          fields: { id, status: enabled ? "enabled" : "disabled" },
        },
        [ROLE_PATH, PROFILE_PATH],
      ),
    [run],
  );
  return { save, remove, setStatus };
}
