import type { ApiFailure, FieldError, Translator } from "@lms/core";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { isMessageKey as isKey } from "./i18n";

/**
 * The text of a failed call in the user's language: the catalogue text of its code when there is
 * one; 'No internet connection' when offline; the generic text only for the truly unexpected.
 */
export function failureText(failure: ApiFailure, i18n: Translator): string {
  if (failure.status === 0) return i18n.t("errors.noInternet");
  if (isKey(failure.code)) return i18n.t(failure.code, failureValues(failure));
  if (failure.status === 403) return i18n.t("errors.forbidden");
  if (failure.status === 404) return i18n.t("errors.notFound");
  if (failure.status === 413) return i18n.t("errors.tooLarge");
  if (failure.status === 429) return i18n.t("errors.tooManyRequests");
  if (failure.status === 422 || failure.status === 400) {
    const first = failure.errors?.[0];
    if (first) return fieldErrorText(first, i18n);
  }
  return i18n.t("errors.generic");
}

function failureValues(failure: ApiFailure) {
  return failure.errors?.[0]?.values;
}

export function fieldErrorText(error: FieldError, i18n: Translator): string {
  return isKey(error.code) ? i18n.t(error.code, error.values) : error.message;
}

/**
 * Puts the server's per-field errors on the form fields they name; returns false when none of
 * them matched a field, so the caller shows a toast instead.
 */
export function applyFieldErrors<T extends FieldValues>(
  failure: ApiFailure,
  setError: UseFormSetError<T>,
  fieldNames: readonly string[],
): boolean {
  let applied = false;
  for (const error of failure.errors ?? []) {
    if (!fieldNames.includes(error.field)) continue;
    const message = isKey(error.code)
      ? `${error.code}${encodeValues(error.values)}`
      : error.message;
    setError(error.field as Path<T>, { type: "server", message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

function encodeValues(values: FieldError["values"]): string {
  if (!values || Object.keys(values).length === 0) return "";
  return `?${new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]))}`;
}
