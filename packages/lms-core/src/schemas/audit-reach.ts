import type { Permissions } from "./role";

/**
 * Who reads the audit trail (issue 13): a global user with the roles module's modify right
 * (admin, rex admin) reads every record; a school's user with the users module's modify right
 * (school admin) reads its school's; anyone else, none. The server's command and the portal's
 * menu both ask this. A module of its own, free of zod: the portal's opening code asks it.
 */
export type AuditReach = "all" | "school" | null;

export function auditReach(caller: {
  schoolId: number | null;
  permissions: Permissions | null | undefined;
}): AuditReach {
  const permissions = caller.permissions;
  if (!permissions) return null;
  if (caller.schoolId === null) return permissions.roles?.modify === true ? "all" : null;
  return permissions.users?.modify === true ? "school" : null;
}
