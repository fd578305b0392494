import { z } from "zod";
import { LANGUAGES } from "../../constants";
import type { LoginAnswer } from "../../api/types";
import type { ChangePasswordFields, ProfileAnswer } from "../../api/user-types";
import { setLanguageSchema, verifyTokenSchema } from "../../schemas/auth";
import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  setPasswordSchema,
} from "../../schemas/sign-in";
import { updateProfileSchema } from "../../schemas/user";
import { commandSpec } from "../define";
import { answerType } from "../inputs";

const tooManyAttempts = { 429: ["auth.tooManyAttempts"] } as const;

/**
 * changepassword's fields: the server chooses the schema once it knows the caller (its own
 * password, or another user's with `userId`) and checks them itself, so the input is left whole.
 */
export const changePasswordInput = z
  .custom<ChangePasswordFields>(() => true)
  .transform((): Record<string, never> => ({}));

/** The user resource's sign-in, session, password and own-profile commands. */
export const userSessionSpecs = {
  login: commandSpec({
    description:
      "Signs in with user name and password; answers the token, profile and permissions.",
    access: "public",
    input: loginSchema,
    output: answerType<LoginAnswer>(),
    effect: "read",
    errors: {
      401: ["auth.invalidCredentials", "auth.sessionExpired"],
      403: ["auth.accountInactive", "auth.schoolDisabled", "auth.roleDisabled"],
      ...tooManyAttempts,
    },
  }),
  getisloggedinstatus: commandSpec({
    description: "Tells whether the token is still signed in.",
    access: "signedIn",
    output: z.object({ userId: z.number().int() }),
    effect: "read",
  }),
  logout: commandSpec({
    description: "Ends the caller's session.",
    access: "signedIn",
    audited: false,
  }),
  forgotpassword: commandSpec({
    description: "Sends a password reset link to the account's email address.",
    access: "public",
    input: forgotPasswordSchema,
    effect: "read",
    errors: tooManyAttempts,
  }),
  verifytoken: commandSpec({
    description: "Checks a password link's token before the new password is chosen.",
    access: "public",
    input: verifyTokenSchema,
    output: z.object({ valid: z.literal(true), kind: z.enum(["reset", "activation"]) }),
    effect: "read",
    errors: {
      410: ["auth.forgotLinkExpired", "auth.registrationLinkExpired"],
      ...tooManyAttempts,
    },
  }),
  resetpassword: commandSpec({
    description: "Sets a new password with a reset link's token.",
    access: "public",
    input: resetPasswordSchema,
    errors: { 410: ["auth.forgotLinkExpired"], ...tooManyAttempts },
  }),
  setpassword: commandSpec({
    description: "Sets the first password with an activation link's token.",
    access: "public",
    input: setPasswordSchema,
    errors: { 410: ["auth.passwordSetFailed"], ...tooManyAttempts },
  }),
  changepassword: commandSpec({
    description: "Changes the caller's own password (current password required).",
    access: "signedIn",
    input: changePasswordInput,
    errors: { 404: ["errors.notFound"], ...tooManyAttempts },
  }),
  profile: commandSpec({
    description: "The caller's user record and role permissions.",
    access: "signedIn",
    output: answerType<ProfileAnswer>(),
    effect: "read",
    errors: { 404: ["errors.notFound"] },
  }),
  updateprofile: commandSpec({
    description: "Updates the caller's own profile, photo included.",
    access: "signedIn",
    input: updateProfileSchema,
    output: answerType<ProfileAnswer>(),
    errors: {
      404: ["errors.notFound"],
      409: ["errors.userUpdateConflict", "errors.staleRecord"],
      ...tooManyAttempts,
    },
  }),
  setlanguage: commandSpec({
    description: "Sets the caller's interface language.",
    access: "signedIn",
    input: setLanguageSchema,
    output: z.object({ lang: z.enum(LANGUAGES) }),
    effect: "read",
  }),
};
