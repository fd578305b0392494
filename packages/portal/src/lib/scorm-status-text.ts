import type { MessageKey, Translator } from "@lms/core";

const STATUS_KEYS: Record<string, MessageKey> = {
  completed: "scormReport.status.completed",
  incomplete: "scormReport.status.incomplete",
  "not attempted": "scormReport.status.notAttempted",
  unknown: "scormReport.status.unknown",
  passed: "scormReport.status.passed",
  failed: "scormReport.status.failed",
};

const RESULT_KEYS: Record<string, MessageKey> = {
  correct: "scormReport.result.correct",
  incorrect: "scormReport.result.incorrect",
  unanticipated: "scormReport.result.unanticipated",
  neutral: "scormReport.result.neutral",
};

/** A SCORM status (2004 names; the server reads 1.2's into them) in the user's language. */
export function statusText(status: string, t: Translator["t"]): string {
  return Object.hasOwn(STATUS_KEYS, status) ? t(STATUS_KEYS[status]!) : status;
}

/** An interaction's result: a named one translated, a numeric one (SCORM allows it) as it is. */
export function resultText(result: string, t: Translator["t"]): string {
  return Object.hasOwn(RESULT_KEYS, result) ? t(RESULT_KEYS[result]!) : result;
}

/** A latency in seconds, rounded to a tenth; empty when the package reported none. */
export function secondsText(seconds: number | null, t: Translator["t"]): string {
  return seconds === null ? "" : t("scormReport.seconds", { n: Math.round(seconds * 10) / 10 });
}
