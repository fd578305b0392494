import type { z } from "zod";
import type { FieldError } from "../api/types";
import { englishMessage } from "../i18n/intl";
import { decodeMessage } from "./message";

/**
 * Turns a failed parse into API.md's per-field errors: a stable code (the catalogue key), the
 * English text and the values, so any client can show it in its user's language.
 */
export function toFieldErrors(error: Pick<z.core.$ZodError, "issues">, row?: number): FieldError[] {
  return error.issues.map((issue) => {
    const descriptor = decodeMessage(issue.message);
    const known = descriptor.key.includes(".") && englishMessage(issue.message) !== issue.message;
    return {
      field: issue.path.map(String).join("."),
      ...(row === undefined ? {} : { row }),
      code: known ? descriptor.key : "validation.invalidValue",
      message: known ? englishMessage(issue.message) : englishMessage("validation.invalidValue"),
      ...(known && descriptor.values ? { values: descriptor.values } : {}),
    };
  });
}
