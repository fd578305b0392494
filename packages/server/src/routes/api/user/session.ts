import { CONTRACT, USER_STATUS, adminChangePasswordSchema, changePasswordSchema } from "@lms/core";
import { implement } from "../../../dispatch/commands";
import { requireRight } from "../../../services/caller";
import { parseWith } from "../../../lib/command-io";
import { ApiError, unauthenticated } from "../../../lib/errors";
import { fieldValue } from "../../../lib/form";
import { checkPasswordLink } from "../../../services/abuse-limits";
import {
  changeOtherPassword,
  changeOwnPassword,
  usePasswordLink,
} from "../../../services/passwords";
import { loginAnswer, signIn } from "../../../services/sign-in";

const userSpecs = CONTRACT.user;

/** The user resource's sign-in, session and password commands. */
export const sessionCommands = {
  login: implement(userSpecs.login, {
    async handler({ app, input, request }) {
      const { user, session } = await signIn(app, request, input.userName, input.password);
      return { data: await loginAnswer(app, user.id, session) };
    },
  }),

  getisloggedinstatus: implement(userSpecs.getisloggedinstatus, {
    async handler({ caller, form }) {
      const asked = fieldValue(form.entries, "userid", "userId");
      if (asked !== undefined && asked !== "" && Number(asked) !== caller.userId) {
        throw unauthenticated(false);
      }
      return { data: { userId: caller.userId } };
    },
  }),

  logout: implement(userSpecs.logout, {
    async handler({ app, caller }) {
      await app.auth.revokeSession(caller.sessionId);
      return { message: "auth.loggedOut" };
    },
  }),

  forgotpassword: implement(userSpecs.forgotpassword, {
    async handler({ app, input, request }) {
      const rules = app.config.rateLimits;
      const email = input.email.toLowerCase();
      await app.auth.countAttempt(`forgot:address:${request.ip}`, rules.forgotPerAddress);
      await app.auth.countAttempt(`forgot:account:${email}`, rules.forgotPerAccount);
      const user = await app.repos.users.findByEmail(email);
      // The same answer whether the account exists or not (API.md: no account enumeration).
      if (user && user.status === USER_STATUS.active) {
        await app.repos.transaction(async (tx) => {
          await app.repos.tokens.expireLinks(tx, user.id, "reset");
          await app.auth.issueLinks(
            tx,
            "reset",
            [{ userId: user.id, email: user.email, firstName: user.firstName, lang: user.lang }],
            null,
          );
        });
        app.auth.deliver();
      }
      return { message: "auth.resetLinkSent" };
    },
  }),

  verifytoken: implement(userSpecs.verifytoken, {
    async handler({ app, input, request }) {
      await checkPasswordLink(
        app,
        request.ip,
        input.kind,
        input.token,
        () =>
          new ApiError(
            410,
            input.kind === "reset" ? "auth.forgotLinkExpired" : "auth.registrationLinkExpired",
          ),
      );
      return { data: { valid: true, kind: input.kind } };
    },
  }),

  resetpassword: implement(userSpecs.resetpassword, {
    handler: ({ app, input, request, audit }) =>
      usePasswordLink(app, request.ip, "reset", input.token, input.newPassword, audit),
  }),

  setpassword: implement(userSpecs.setpassword, {
    handler: ({ app, input, request, audit }) =>
      usePasswordLink(app, request.ip, "activation", input.token, input.newPassword, audit),
  }),

  changepassword: implement(userSpecs.changepassword, {
    // Another user's password: a users/modify right, and that user within the caller's reach.
    target: {
      user: "userId",
      act: "act",
      otherThanCaller: true,
      right: { module: "users", right: "modify" },
    },
    async handler({ app, caller, form }) {
      const target = fieldValue(form.entries, "userId");
      if (target !== undefined && target !== "" && Number(target) !== caller.userId) {
        requireRight(caller, "users", "modify");
        await changeOtherPassword(app, caller, parseWith(adminChangePasswordSchema, form));
        return { message: "users.passwordChanged" };
      }
      await changeOwnPassword(app, caller, parseWith(changePasswordSchema, form));
      return { message: "password.changed" };
    },
  }),
};
