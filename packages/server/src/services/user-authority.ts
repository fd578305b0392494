import { GLOBAL_ROLE_IDS, RIGHTS, type PermissionModule, type Permissions } from "@lms/core";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../db/client";
import type { Caller } from "./caller";
import { forbidden, invalidField, notFound } from "../lib/errors";

/**
 * The one place that decides whether a caller may act on another user (issue 12, "Authority has a
 * ceiling"; Moodle's rule: nobody acts on a user who can do more than they can). Every command that
 * changes, notifies or creates another user asks here: user create/update/delete/activate/
 * deactivate/resendactivation, changepassword with a userId, bulk upload, class move.
 *
 * The rule:
 * - scope: a caller bound to a school reaches only the users of that school (else 404, as every
 *   out-of-scope record); global users (admin, rex admin, lsg) reach every user;
 * - ceiling: every right the target's role has in the authority modules (AUTHORITY_MODULES:
 *   schools, users, roles; module × access/add/view/modify, as stored, even while the role is
 *   disabled) the caller's role has too. The caller's rights are those of its session (a disabled
 *   role has none). Learning rights (courses, materials, reports) are not compared: they are what
 *   a teacher or a learner does with content, not power over other users, and the lsg, a global
 *   manager of schools and their users (ARCHITECTURE.md "Data"), holds none of them. With the
 *   seeded rights: admin and rex admin reach everyone, each other included; an lsg reaches school
 *   admins, teachers, students, parents and other lsg users, never admin or rex admin (their
 *   roles and schools rights exceed its own); a school admin reaches the users of its school,
 *   other school admins included;
 * - self: nobody uses the admin commands on themselves (delete, deactivate, a password without the
 *   current one...), and an edit of one's own record keeps one's role and school;
 * - a role given (create, update, bulk upload) is within the caller's authority rights by the
 *   same comparison, and a caller bound to a school gives only school roles in its own school.
 *
 * Editing a role is stricter (role-authority.ts): a role never gets a right, of any module, that
 * its editor lacks.
 */

/**
 * The modules that give power over people and the portal itself, the only ones the ceiling
 * compares. Learning rights (courses, materials, reports) are what a teacher or learner does with
 * content, not power over other users: comparing them would keep a manager of users (the lsg, a
 * custom registrar) from the teachers, students and parents it manages. The admin (every right)
 * stays out of reach of an lsg all the same, by its roles and schools rights.
 */
export const AUTHORITY_MODULES = [
  "schools",
  "users",
  "roles",
] as const satisfies readonly PermissionModule[];

/** A user as far as authority goes. */
export interface TargetUser {
  id: number;
  roleId: number;
  schoolId: number | null;
}

/** What the caller does to the target: `edit` (user update, bulk upload upsert) or any other act. */
export type Act = "act" | "edit";

export type Verdict = "allowed" | "outOfScope" | "forbidden";

/**
 * True when the caller's rights include every right of `target` (a role, a user's role) in the
 * authority modules; learning rights are not compared (AUTHORITY_MODULES).
 */
export function rightsCover(caller: Caller, target: Permissions): boolean {
  return AUTHORITY_MODULES.every((module) =>
    RIGHTS.every((right) => !target[module][right] || caller.permissions[module][right]),
  );
}

/** Whether the target is in the caller's reach at all (its school, or any for a global caller). */
export function inScope(caller: Caller, target: Pick<TargetUser, "schoolId">): boolean {
  return caller.schoolId === null || target.schoolId === caller.schoolId;
}

/**
 * The decision for one target whose role's rights are known (undefined: the role is gone, which
 * nobody may act through). Pure: the async helpers below read the rows and call it.
 */
export function verdictOn(
  caller: Caller,
  target: TargetUser,
  targetRights: Permissions | undefined,
  act: Act = "act",
): Verdict {
  if (!inScope(caller, target)) return "outOfScope";
  if (target.id === caller.userId && act !== "edit") return "forbidden";
  if (!targetRights || !rightsCover(caller, targetRights)) return "forbidden";
  return "allowed";
}

/**
 * The decision on giving a role to a user (create, update, bulk upload row): the role's rights
 * are within the caller's in the authority modules (rightsCover), a caller bound to a school keeps the user in its school (so it never
 * gives a global role), and nobody changes their own role or school. `schoolId`: the school the
 * user will have (null for a global role). Undefined rights: the role does not exist.
 */
export function verdictOnRole(
  caller: Caller,
  role: { roleId: number; rights: Permissions | undefined; schoolId: number | null },
  self?: TargetUser,
): "allowed" | "unknownRole" | "outOfScope" | "forbidden" {
  if (!role.rights) return "unknownRole";
  if (!rightsCover(caller, role.rights)) return "forbidden";
  if (caller.schoolId !== null && role.schoolId !== caller.schoolId) return "outOfScope";
  if (self && (self.roleId !== role.roleId || self.schoolId !== role.schoolId)) return "forbidden";
  return "allowed";
}

/** The school a user of this role has: none for a global role, else the one asked for. */
export function schoolForRole(roleId: number, schoolId: number | null | undefined): number | null {
  return (GLOBAL_ROLE_IDS as readonly number[]).includes(roleId) ? null : (schoolId ?? null);
}

/** Reads each role's rights once. */
export function roleRightsReader(app: FastifyInstance, db?: Executor) {
  const known = new Map<number, Promise<Permissions | undefined>>();
  return (roleId: number) => {
    let rights = known.get(roleId);
    if (!rights) {
      rights = app.repos.roles.permissionsOf(roleId, db);
      known.set(roleId, rights);
    }
    return rights;
  };
}

/** Throws the API answer of a refusal: 404 out of scope, 403 above the caller. */
function enforce(verdict: Verdict): void {
  if (verdict === "outOfScope") throw notFound();
  if (verdict === "forbidden") throw forbidden();
}

/**
 * The user `userId` if the caller may act on it; 404 when it does not exist or is out of scope,
 * 403 when it is the caller (for `act`) or its role's authority rights exceed the caller's.
 */
export async function userInReach(
  app: FastifyInstance,
  caller: Caller,
  userId: number,
  act: Act = "act",
  db?: Executor,
) {
  const user = await app.repos.users.findById(userId, undefined, db);
  if (!user || !inScope(caller, user)) throw notFound();
  enforce(verdictOn(caller, user, await app.repos.roles.permissionsOf(user.roleId, db), act));
  return user;
}

/**
 * Checks users already read in the caller's scope (bulk actions, class move): one refusal refuses
 * them all (403), so that the action's transaction changes nobody.
 */
export async function assertUsersInReach(
  app: FastifyInstance,
  caller: Caller,
  users: readonly TargetUser[],
  db?: Executor,
): Promise<void> {
  const rightsOf = roleRightsReader(app, db);
  for (const user of users) enforce(verdictOn(caller, user, await rightsOf(user.roleId)));
}

/**
 * Checks the role (and school) a create or update gives a user: 422 on `roleId` when the role
 * does not exist, 403 when it is above the caller, outside its school, or a change of the caller's
 * own role or school. Returns the school to store.
 */
export async function assertMayGiveRole(
  app: FastifyInstance,
  caller: Caller,
  values: { roleId: number; schoolId?: number | null },
  self?: TargetUser,
): Promise<number | null> {
  const schoolId = schoolForRole(values.roleId, values.schoolId);
  const verdict = verdictOnRole(
    caller,
    { roleId: values.roleId, rights: await app.repos.roles.permissionsOf(values.roleId), schoolId },
    self,
  );
  if (verdict === "unknownRole") throw invalidField("roleId", "validation.invalidValue");
  if (verdict !== "allowed") throw forbidden();
  return schoolId;
}
