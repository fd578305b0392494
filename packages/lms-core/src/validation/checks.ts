import type { $RefinementCtx } from "zod/v4/core";
import type { MessageKey } from "../i18n/es";
import { encodeMessage, type MessageValues } from "./message";

// The text rules of every schema, free of zod's runtime so zod and zod/mini schemas share them.

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

type Ctx = $RefinementCtx<string>;

function issue(ctx: Ctx, key: MessageKey, values?: MessageValues) {
  ctx.addIssue({ code: "custom", message: encodeMessage(key, values) });
}

/** True when an optional text field was left empty. */
export function isBlank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === "";
}

export function checkText(value: string, options: TextRuleOptions, ctx: Ctx) {
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

/** The rules of a required text field, on its trimmed value (for zod and zod/mini schemas). */
export function requiredTextCheck(options: Omit<TextRuleOptions, "required"> = {}) {
  return (value: string, ctx: Ctx) => {
    if (value === "") {
      issue(ctx, "validation.required");
      return;
    }
    checkText(value, options, ctx);
  };
}

/** A value that must not be empty, taken as typed (a password's confirmation). */
export function requiredCheck(value: string, ctx: Ctx) {
  if (value === "") issue(ctx, "validation.required");
}

/** The rules of an e-mail address field. */
export const EMAIL_RULES = { email: true, max: 254 } as const satisfies TextRuleOptions;
/** The rules of an e-mailed link's token (reset password, activation). */
export const LINK_TOKEN_RULES = { max: 200 } as const satisfies TextRuleOptions;

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
