import type { CommandAccess, PermissionModule, Permissions, Right } from "@lms/core";
import { forbidden } from "../lib/errors";
import type { Scope } from "../plugins/app/repositories/records";

/** The signed-in user a command runs for, read from the database on every request. */
export interface Caller {
  userId: number;
  userName: string;
  firstName: string;
  lastName: string;
  roleId: number;
  /** null: a global user (admin, rex admin, lsg) who sees every school. */
  schoolId: number | null;
  grade: number | null;
  section: string;
  permissions: Permissions;
  sessionId: number;
}

/** Who may run a command: a right of the permission matrix, any signed-in user, or anyone. */
export type Access = CommandAccess;

export function can(caller: Caller, module: PermissionModule, right: Right): boolean {
  return caller.permissions[module]?.[right] === true;
}

/** Throws 403 unless the caller has the right. */
export function requireRight(caller: Caller, module: PermissionModule, right: Right): void {
  if (!can(caller, module, right)) throw forbidden();
}

/** Every school: a global user's reach, and the server's own reads. */
export const GLOBAL_SCOPE: Scope = { schoolId: null };

/** The caller's reach: its school, or every school for a global user. */
export const scopeOf = (caller: Caller): Scope => ({ schoolId: caller.schoolId });

/** Who did it, for the audit columns. */
export const by = (caller: Caller | null): string | null => caller?.userName ?? null;
