import { RIGHTS, permissionsWithin, type PermissionModule, type Permissions } from "@lms/core";
import type { Caller } from "./commands";

/** The modules that administer people and access; global users are held to these. */
const ADMINISTRATION: readonly PermissionModule[] = ["schools", "users", "roles"];

/**
 * May the caller give a user a role with these permissions? A caller with a school cannot give a
 * role with more rights than its own (issue 4 "Security"). A global user (lsg) manages the
 * schools' people, so it may give school roles, but nothing above its own administration rights
 * (an lsg cannot make an admin).
 */
export function mayGrant(target: Permissions, caller: Caller): boolean {
  if (caller.schoolId !== null) return permissionsWithin(target, caller.permissions);
  return ADMINISTRATION.every((module) =>
    RIGHTS.every((right) => !target[module][right] || caller.permissions[module][right]),
  );
}
