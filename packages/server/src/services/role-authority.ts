import { permissionsWithin, type Permissions } from "@lms/core";
import type { FastifyInstance } from "fastify";
import type { Caller } from "./caller";
import { forbidden } from "../lib/errors";

/** A role as far as authority goes. */
export interface RoleTarget {
  id: number;
  builtIn: boolean;
  permissions: Permissions;
}

/**
 * Whether the caller may create or change a role (issue 12, "Authority has a ceiling"): a role
 * never gets a right its editor lacks, in any module (learning rights too, unlike the ceiling over
 * users in user-authority.ts, which compares only the authority modules), so nobody raises a role
 * (nor, through it, its users) above themselves. For a change (update, delete, setstatus) of an existing role, also:
 * - nobody changes the role they sign in with;
 * - the role's current rights are within the editor's (nobody lowers or disables a role above them);
 * - a caller bound to a school changes neither a built-in role (every school uses it) nor a custom
 *   role held by a user outside its school (global users included).
 * Throws 403 when refused. A change takes effect on the holders' very next call: the session
 * cache forgets every session when a role or its rights change (0004_auth_notify.sql).
 */
export async function assertMayEditRole(
  app: FastifyInstance,
  caller: Caller,
  role: RoleTarget | null,
  rights?: Permissions,
): Promise<void> {
  if (rights && !permissionsWithin(rights, caller.permissions)) throw forbidden();
  if (!role) return;
  if (role.id === caller.roleId) throw forbidden();
  if (!permissionsWithin(role.permissions, caller.permissions)) throw forbidden();
  if (caller.schoolId === null) return;
  if (role.builtIn) throw forbidden();
  const schools = await app.repos.roles.schoolsOfHolders(role.id);
  if (schools.some((schoolId) => schoolId !== caller.schoolId)) throw forbidden();
}
