import type { FastifyInstance } from "fastify";
import { by, type Caller } from "./caller";
import { ApiError, invalidField } from "../lib/errors";
import { checkPasswordLink } from "./abuse-limits";
import type { AuditNote } from "./audit";
import { userInReach } from "./user-authority";

/** A new password's hash; a common password is refused (422 on `newPassword`). */
async function newPasswordHash(app: FastifyInstance, password: string): Promise<string> {
  if (app.auth.isCommon(password)) throw invalidField("newPassword", "validation.passwordCommon");
  return app.auth.hashPassword(password);
}

/**
 * 422 on `currentPassword` unless it is the user's password (missing: required; wrong:
 * incorrect), counted like a password change's guesses.
 */
export async function assertCurrentPassword(
  app: FastifyInstance,
  user: { id: number; passwordHash: string | null },
  password: string | undefined,
): Promise<void> {
  if (!password) throw invalidField("currentPassword", "validation.required");
  const rule = app.config.rateLimits.loginPerAccount;
  const key = `password:account:${user.id}`;
  await app.auth.assertUnderLimit(key, rule);
  if (!(await app.auth.verifyPassword(user.passwordHash, password))) {
    await app.auth.recordFailure(key, rule);
    throw invalidField("currentPassword", "validation.passwordIncorrect");
  }
}

/** Reset (forgot password) and set (activation) links: single use; sessions end. */
export async function usePasswordLink(
  app: FastifyInstance,
  address: string,
  kind: "reset" | "activation",
  token: string,
  newPassword: string,
  audit: AuditNote,
) {
  const expired = () =>
    new ApiError(410, kind === "reset" ? "auth.forgotLinkExpired" : "auth.passwordSetFailed");
  // The link is counted and checked before any hashing work (issue 12).
  await checkPasswordLink(app, address, kind, token, expired);
  const hash = await newPasswordHash(app, newPassword);
  const done = await app.repos.transaction(async (tx) => {
    const link = await app.auth.consumeLink(tx, kind, token);
    if (!link) return false;
    // The audit trail names the link's user as the one who set the password.
    const user = await app.repos.users.findById(link.userId, undefined, tx);
    if (user) {
      audit.actor = {
        id: user.id,
        name: user.userName,
        roleId: user.roleId,
        schoolId: user.schoolId,
      };
    }
    audit.recordIds = [link.userId];
    await app.repos.users.setPassword(tx, link.userId, hash, null);
    await app.auth.revokeUserSessions(tx, link.userId);
    return true;
  });
  if (!done) throw expired();
  return { message: kind === "reset" ? ("auth.resetDone" as const) : ("auth.setDone" as const) };
}

/** Another user's new password (a users/modify right, checked by the command); sessions end. */
export async function changeOtherPassword(
  app: FastifyInstance,
  caller: Caller,
  input: { userId: number; newPassword: string },
): Promise<void> {
  // Declared as the command's target, and asked again for the very id parsed here.
  await userInReach(app, caller, input.userId);
  const hash = await newPasswordHash(app, input.newPassword);
  await app.repos.transaction(async (tx) => {
    await app.repos.users.setPassword(tx, input.userId, hash, by(caller));
    await app.auth.revokeUserSessions(tx, input.userId);
  });
}

/** The caller's own new password, given its current one; its other sessions end. */
export async function changeOwnPassword(
  app: FastifyInstance,
  caller: Caller,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  const user = await app.repos.users.findById(caller.userId);
  await assertCurrentPassword(
    app,
    user ?? { id: caller.userId, passwordHash: null },
    input.currentPassword,
  );
  const hash = await newPasswordHash(app, input.newPassword);
  await app.repos.transaction(async (tx) => {
    await app.repos.users.setPassword(tx, caller.userId, hash, by(caller));
    // A password change ends the user's other sessions (issue 4 "Sessions").
    await app.auth.revokeUserSessions(tx, caller.userId, caller.sessionId);
  });
}
