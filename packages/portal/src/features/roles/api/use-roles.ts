import { COMMANDS, type ListParams } from "@lms/core";
import { useCallback, useMemo } from "react";
import { useList, useRead, useRun } from "../../../lib/data";
import { moduleKeysFrom, roleCommandFields } from "../utils/permissions";
import { TRASH_PATHS } from "../../../hooks/use-trash";

const role = COMMANDS.role;
export const ROLE_PATH = "/role/";
/** A role change can change the caller's own rights, which come with the profile read. */
const PROFILE_PATH = COMMANDS.user.profile.path;

/** cmdType=list: one page of roles. */
export function useRoles(params: ListParams) {
  return useList(role.list, params);
}

/** cmdType=get: one role by id. */
export function useRole(id: number | null) {
  return useRead(role.get, id ? { id } : null);
}

/**
 * cmdType=modules: the modules a role's matrix shows. Until it answers (or if it fails) every
 * module of API.md is shown, so the matrix never waits on it.
 */
export function useRoleModules() {
  const { data, loading } = useRead(role.modules, undefined);
  const modules = useMemo(() => moduleKeysFrom(data), [data]);
  return { modules, loading };
}

/** create, update, delete and setstatus; each revalidates the role reads. */
export function useRoleCommands() {
  const run = useRun();
  const save = useCallback(
    (
      values: { roleName: string; description: string; enabled: boolean; permissions: unknown },
      id?: number,
      version?: number,
    ) => {
      const invalidates = [ROLE_PATH, PROFILE_PATH];
      return id
        ? run(role.update, { ...roleCommandFields(values), id, version }, { invalidates })
        : run(role.create, roleCommandFields(values), { invalidates });
    },
    [run],
  );
  const remove = useCallback(
    (id: number) => run(role.delete, { id }, { invalidates: TRASH_PATHS }),
    [run],
  );
  const setStatus = useCallback(
    (id: number, enabled: boolean) =>
      run(
        role.setstatus,
        { id, status: enabled ? "enabled" : "disabled" },
        { invalidates: [ROLE_PATH, PROFILE_PATH] },
      ),
    [run],
  );
  return { save, remove, setStatus };
}
