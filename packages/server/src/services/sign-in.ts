import { USER_STATUS, isLang, type LoginAnswer, type MessageKey } from "@lms/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, unauthenticated } from "../lib/errors";
import { GLOBAL_SCOPE } from "./caller";
import { reserveSignIn } from "./abuse-limits";
import { recordSignIn } from "./audit";

/**
 * A sign-in with a user name and password, as the main service's `login` and the class service's
 * /login/token.php both take it: rate limited (services/abuse-limits.ts), refused for a wrong
 * password (401) or an inactive account, disabled school or disabled role (403), every attempt
 * in the audit trail (issue 13). Answers the user and its new session.
 */
export async function signIn(
  app: FastifyInstance,
  request: FastifyRequest,
  userName: string,
  password: string,
) {
  // Counted before the password is verified; a wrong password stays counted.
  const attempt = await reserveSignIn(app, request.ip, userName);
  const user = await app.repos.users.findForLogin(userName);
  const refuse = async (status: 401 | 403, code: MessageKey) => {
    await recordSignIn(app, request, { userName, user, ok: false, reason: code });
    return new ApiError(status, code);
  };
  const valid = await app.auth.verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !valid) throw await refuse(401, "auth.invalidCredentials");
  await attempt.succeeded();
  const school = user.schoolId === null ? null : await app.repos.schools.findById(user.schoolId);
  if (user.status !== USER_STATUS.active) throw await refuse(403, "auth.accountInactive");
  if (school && !school.enabled) throw await refuse(403, "auth.schoolDisabled");
  if (!(await app.repos.roles.findById(user.roleId))?.enabled) {
    throw await refuse(403, "auth.roleDisabled");
  }
  const session = await app.auth.startSession(user.id, request.ip);
  await recordSignIn(app, request, { userName, user, ok: true });
  return { user, session };
}

/** What a sign-in answers: the session's tokens, the user's profile, language and rights. */
export async function loginAnswer(
  app: FastifyInstance,
  userId: number,
  session: { token: string; wsToken: string; sessionKey: string },
): Promise<LoginAnswer> {
  const record = await app.repos.users.get(userId, GLOBAL_SCOPE);
  if (!record) throw unauthenticated(false);
  const permissions = await app.repos.roles.permissionsOf(record.roleId);
  const role = await app.repos.roles.findById(record.roleId);
  return {
    token: session.token,
    wsToken: session.wsToken,
    sessionKey: session.sessionKey,
    profile: {
      userId: record.id,
      userName: record.userName,
      firstName: record.firstName,
      roleId: record.roleId,
      schoolId: record.schoolId,
      children: record.children,
    },
    photo: record.photo,
    lang: isLang(record.lang) ? record.lang : "es",
    ...(permissions && role?.enabled ? { permissions } : {}),
  };
}
