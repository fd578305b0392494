import { z } from "zod";
import { LANGUAGES } from "../constants";
import { encodeMessage } from "../validation/message";
import { LINK_TOKEN_RULES, requiredCheck } from "../validation/checks";
import { confirmationMatches } from "../validation/password";
import { currentPasswordField, newPasswordField, oneOf, requiredText } from "../validation/rules";

const confirmField = () =>
  z.string({ error: encodeMessage("validation.required") }).superRefine(requiredCheck);

/** One's own password: the new one must differ from the current one (SPEC.md §5). */
export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordField(),
    newPassword: newPasswordField(),
    confirmPassword: confirmField(),
  })
  .superRefine((value, ctx) => {
    confirmationMatches(value, ctx);
    if (value.newPassword !== "" && value.newPassword === value.currentPassword) {
      ctx.addIssue({
        code: "custom",
        path: ["newPassword"],
        message: encodeMessage("validation.passwordSameAsCurrent"),
      });
    }
  });

/** An administrator setting another user's password. */
export const adminChangePasswordSchema = z
  .object({
    userId: z.coerce
      .number({ error: encodeMessage("validation.required") })
      .int()
      .positive(),
    newPassword: newPasswordField(),
    confirmPassword: confirmField(),
  })
  .superRefine(confirmationMatches);

export const verifyTokenSchema = z.object({
  token: requiredText(LINK_TOKEN_RULES),
  kind: oneOf(["reset", "activation"]),
});

export const setLanguageSchema = z.object({ lang: oneOf(LANGUAGES) });

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type AdminChangePasswordInput = z.input<typeof adminChangePasswordSchema>;
