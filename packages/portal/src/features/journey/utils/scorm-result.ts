import type { ScormResult, Translator } from "@lms/core";

const STATUS_KEYS = {
  passed: "quiz.passed",
  failed: "quiz.failed",
  completed: "journey.state.complete",
  incomplete: "journey.state.inProgress",
  browsed: "journey.state.inProgress",
  unknown: "journey.state.inProgress",
} as const;

/**
 * A SCORM material's result as the progress table shows it: "name: status · score% · attempts",
 * or that the package never reported anything once opened.
 */
export function scormResultText(result: ScormResult, t: Translator["t"]): string {
  if (result.noData && !result.complete) return `${result.name}: ${t("scorm.noData")}`;
  const reported = result.status !== null && Object.hasOwn(STATUS_KEYS, result.status);
  // Complete without a verdict from the package (a teacher marked it): complete.
  const status =
    result.complete && result.status !== "passed" && result.status !== "failed"
      ? t("journey.state.complete")
      : reported
        ? t(STATUS_KEYS[result.status as keyof typeof STATUS_KEYS])
        : t("journey.scormNotAttempted");
  return [
    `${result.name}: ${status}`,
    ...(result.score === null ? [] : [`${result.score}%`]),
    ...(result.attempts ? [t("journey.attemptsCount", { count: result.attempts })] : []),
  ].join(" · ");
}
