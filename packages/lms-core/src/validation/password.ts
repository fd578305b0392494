import type { $RefinementCtx } from "zod/v4/core";
import { PASSWORD_LIMITS, STRENGTH } from "../constants";
import { encodeMessage } from "./message";

export const PASSWORD_CRITERIA = [
  "uppercase",
  "lowercase",
  "number",
  "special",
  "noRepeat",
] as const;
export type PasswordCriterion = (typeof PASSWORD_CRITERIA)[number];

const TESTS: Record<PasswordCriterion, (password: string) => boolean> = {
  uppercase: (p) => /\p{Lu}/u.test(p),
  lowercase: (p) => /\p{Ll}/u.test(p),
  number: (p) => /\d/.test(p),
  special: (p) => /[^\p{L}\p{N}\s]/u.test(p),
  // "no more than two identical characters in a row"
  noRepeat: (p) => p.length > 0 && !/(.)\1\1/su.test(p),
};

export function passwordCriteria(password: string): Record<PasswordCriterion, boolean> {
  return Object.fromEntries(PASSWORD_CRITERIA.map((c) => [c, TESTS[c](password)])) as Record<
    PasswordCriterion,
    boolean
  >;
}

export function hasValidPasswordLength(password: string): boolean {
  return (
    password.length >= PASSWORD_LIMITS.minLength && password.length <= PASSWORD_LIMITS.maxLength
  );
}

export type StrengthLevel = "red" | "yellow" | "green";

export interface PasswordStrength {
  /** Valid count: the length rule plus each of the five criteria met (0 to 6). */
  count: number;
  total: typeof STRENGTH.total;
  level: StrengthLevel;
}

/** SPEC.md §5: valid count / 6; red below 4, yellow at 4 or more, green at 6. */
export function passwordStrength(password: string): PasswordStrength {
  const met = Object.values(passwordCriteria(password)).filter(Boolean).length;
  const count = met + (hasValidPasswordLength(password) ? 1 : 0);
  return { count, total: STRENGTH.total, level: strengthLevel(count) };
}

export function strengthLevel(count: number): StrengthLevel {
  if (count >= STRENGTH.greenAt) return "green";
  if (count >= STRENGTH.yellowFrom) return "yellow";
  return "red";
}

type Ctx = $RefinementCtx<string>;

const add = (ctx: Ctx, message: string) => ctx.addIssue({ code: "custom", message });

/** The rules of a new password: 8 to 128 characters, at least 3 of the 5 criteria (SPEC.md §5). */
export function newPasswordCheck(value: string, ctx: Ctx) {
  if (value === "") return add(ctx, encodeMessage("validation.required"));
  if (value.length < PASSWORD_LIMITS.minLength)
    return add(ctx, encodeMessage("validation.minLength", { n: PASSWORD_LIMITS.minLength }));
  if (value.length > PASSWORD_LIMITS.maxLength)
    return add(ctx, encodeMessage("validation.maxLength", { n: PASSWORD_LIMITS.maxLength }));
  const met = Object.values(passwordCriteria(value)).filter(Boolean).length;
  if (met < PASSWORD_LIMITS.minCriteria) add(ctx, encodeMessage("validation.passwordCriteria"));
}

/** The rules of a password typed to sign in or to confirm identity: required, at most 128. */
export function currentPasswordCheck(value: string, ctx: Ctx) {
  if (value === "") return add(ctx, encodeMessage("validation.required"));
  if (value.length > PASSWORD_LIMITS.maxLength)
    add(ctx, encodeMessage("validation.maxLength", { n: PASSWORD_LIMITS.maxLength }));
}

/** Adds the confirmation rule to an object with newPassword and confirmPassword. */
export function confirmationMatches(
  value: { newPassword: string; confirmPassword: string },
  ctx: $RefinementCtx<{ newPassword: string; confirmPassword: string }>,
) {
  if (value.confirmPassword !== "" && value.confirmPassword !== value.newPassword) {
    ctx.addIssue({
      code: "custom",
      path: ["confirmPassword"],
      message: encodeMessage("validation.passwordMismatch"),
    });
  }
}
