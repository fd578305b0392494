import { z } from "zod";
import { PASSWORD_LIMITS, USERNAME_MIN_LENGTH } from "../constants";
import type { MessageKey } from "../i18n/es";
import { encodeMessage, type MessageValues } from "./message";

/** SPEC.md §5: letters, comma, period, apostrophe, space and hyphen only. */
export const NAME_PATTERN = /^[\p{L}\p{M},.'’\- ]+$/u;
/** A pragmatic e-mail test: one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Control characters (other than tab and newlines) are never valid text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export interface TextRuleOptions {
  required?: boolean;
  /** Minimum length; skipped when the field is optional and empty (SPEC.md §5). */
  min?: number;
  /** Which minimum text to show: "Must be at least N characters long." (default) or the other one. */
  minMessage?: "minLength" | "minChars" | "minLength4";
  max?: number;
  name?: boolean;
  email?: boolean;
  url?: boolean;
  /** A further pattern with its own message key. */
  pattern?: { regex: RegExp; key: MessageKey };
}

type Ctx = z.RefinementCtx;

function issue(ctx: Ctx, key: MessageKey, values?: MessageValues) {
  ctx.addIssue({ code: "custom", message: encodeMessage(key, values) });
}

/** True when an optional text field was left empty. */
function isBlank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === "";
}

function checkText(value: string, options: TextRuleOptions, ctx: Ctx) {
  const trimmed = value.trim();
  if (CONTROL_CHARACTERS.test(value)) {
    issue(ctx, "validation.invalidValue");
    return;
  }
  if (options.min !== undefined && trimmed.length < options.min) {
    const key = options.minMessage ?? "minLength";
    issue(ctx, `validation.${key}`, { n: options.min });
    return;
  }
  if (options.max !== undefined && trimmed.length > options.max) {
    issue(ctx, "validation.maxLength", { n: options.max });
    return;
  }
  if (options.name && !NAME_PATTERN.test(trimmed)) issue(ctx, "validation.nameFormat");
  else if (options.email && !EMAIL_PATTERN.test(trimmed)) issue(ctx, "validation.email");
  else if (options.url && !isHttpUrl(trimmed)) issue(ctx, "validation.url");
  else if (options.pattern && !options.pattern.regex.test(trimmed)) issue(ctx, options.pattern.key);
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

const requiredMessage = encodeMessage("validation.required");

/**
 * A required text field: trimmed; empty gives 'This field is required.'
 */
export function requiredText(options: Omit<TextRuleOptions, "required"> = {}) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .superRefine((value, ctx) => {
      if (value === "") {
        issue(ctx, "validation.required");
        return;
      }
      checkText(value, options, ctx);
    });
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
export const emailAddress = (required: boolean) => text({ required, email: true, max: 254 });
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

/** SPEC.md §5: what a paste may not contain. Returns the message when the paste is refused. */
export function checkPaste(
  pasted: string,
  kind: "name" | "email" | "number" | "text" = "text",
): string | null {
  const invalid =
    CONTROL_CHARACTERS.test(pasted) ||
    (kind === "name" && !NAME_PATTERN.test(pasted.trim() || "a")) ||
    (kind === "email" && /\s/.test(pasted.trim())) ||
    (kind === "number" && !/^\d*$/.test(pasted.trim()));
  return invalid ? encodeMessage("validation.paste") : null;
}

export { PASSWORD_LIMITS };
