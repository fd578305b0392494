import { z } from "zod";
import { USERNAME_MIN_LENGTH } from "../constants";
import { EMAIL_RULES, checkText, isBlank, requiredTextCheck, type TextRuleOptions } from "./checks";
import { encodeMessage } from "./message";
import { currentPasswordCheck, newPasswordCheck } from "./password";

const requiredMessage = encodeMessage("validation.required");

/**
 * A required text field: trimmed; empty gives 'This field is required.'
 */
export function requiredText(options: Omit<TextRuleOptions, "required"> = {}) {
  return z.string({ error: requiredMessage }).trim().superRefine(requiredTextCheck(options));
}

/**
 * An optional text field: empty, null or missing is accepted (and becomes ""), and no other
 * rule runs on an empty value.
 */
export function optionalText(options: Omit<TextRuleOptions, "required"> = {}) {
  return z
    .string({ error: encodeMessage("validation.invalidValue") })
    .trim()
    .nullish()
    .transform((value) => value ?? "")
    .superRefine((value, ctx) => {
      if (isBlank(value)) return;
      checkText(value, options, ctx);
    });
}

export function text(options: TextRuleOptions = {}) {
  const { required, ...rest } = options;
  return required ? requiredText(rest) : optionalText(rest);
}

export const personName = (required: boolean, max = 50) => text({ required, name: true, max });
export const emailAddress = (required: boolean) => text({ required, ...EMAIL_RULES });
export const urlText = (required: boolean) => text({ required, url: true, max: 2048 });

/** E-mail or username: minimum 4 (SPEC.md §5, 'Minimum length of 4 character/number'). */
export const userNameOrEmail = () =>
  requiredText({ min: USERNAME_MIN_LENGTH, minMessage: "minLength4", max: 254 });

/** A username: letters, digits, dot, underscore, hyphen; at least 4. */
export const userName = () =>
  requiredText({
    min: USERNAME_MIN_LENGTH,
    minMessage: "minLength4",
    max: 50,
    pattern: { regex: /^[A-Za-z0-9._-]+$/, key: "validation.nameFormat" },
  });

/** A boolean from a form control or a multipart field ("true"/"false", "1"/"0", "on"). */
export const booleanField = () =>
  z.preprocess(
    (value) => {
      if (typeof value === "boolean") return value;
      if (value === "true" || value === "1" || value === "on" || value === 1) return true;
      if (value === "false" || value === "0" || value === "" || value === 0) return false;
      return value;
    },
    z.boolean({ error: encodeMessage("validation.invalidValue") }),
  );

/** An integer, from a number or its text; out of range gives its own message. */
export function integerField(min: number, max: number) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z
      .number({ error: requiredMessage })
      .int({ error: encodeMessage("validation.integerRange", { min, max }) })
      .min(min, { error: encodeMessage("validation.integerRange", { min, max }) })
      .max(max, { error: encodeMessage("validation.integerRange", { min, max }) }),
  );
}

export function optionalIntegerField(min: number, max: number) {
  return z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    integerField(min, max).optional(),
  );
}

/**
 * The version of the record its caller read (issue 45), sent back by an update: a record changed
 * since answers 409. Left out (another school app), the update writes over whatever is stored.
 */
export const versionField = () =>
  optionalIntegerField(1, 2 ** 31 - 1).describe(
    "The record's `version` as read (its detail answers it). Changed since: 409 `errors.staleRecord` with the record as it is now, nothing written. Left out: the update writes over whatever is stored.",
  );

/** One of a fixed set of values; anything else is 'This field is required.' when empty. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, {
    error: (iss) =>
      iss.input === undefined || iss.input === ""
        ? requiredMessage
        : encodeMessage("validation.invalidValue"),
  });
}

/** A JSON value sent as text in one form field (API.md: nested values travel as JSON text). */
export function jsonField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return Symbol.for("invalid-json");
    }
  }, schema);
}

/** A new password: 8 to 128 characters, at least 3 of the 5 criteria (SPEC.md §5). */
export function newPasswordField() {
  return z.string({ error: encodeMessage("validation.required") }).superRefine(newPasswordCheck);
}

/** A password typed to sign in or to confirm identity. */
export function currentPasswordField() {
  return z
    .string({ error: encodeMessage("validation.required") })
    .superRefine(currentPasswordCheck);
}
