import type { Translator } from "@lms/core";

/** Time spent in words: under a minute, minutes, or hours and minutes. */
export function durationText(seconds: number, t: Translator["t"]): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 1) return t("journey.underMinute");
  if (minutes < 60) return t("journey.minutes", { count: minutes });
  return t("journey.hoursMinutes", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
