import type { Translator } from "@lms/core";

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;
export type SizeUnit = (typeof UNITS)[number];

/**
 * A byte count in the largest unit that keeps it at 1 or more (1024 bytes to a kilobyte, as the
 * 2 MB image limit counts). One decimal below 10, none above; null for no size (links, pages).
 */
export function humanSize(
  bytes: number | null | undefined,
): { value: number; unit: SizeUnit } | null {
  if (bytes == null || !Number.isFinite(bytes) || bytes <= 0) return null;
  let value = bytes;
  let index = 0;
  while (value >= 1024 && index < UNITS.length - 1) {
    value /= 1024;
    index++;
  }
  const digits = index === 0 || value >= 10 ? 0 : 1;
  const factor = 10 ** digits;
  return { value: Math.round(value * factor) / factor, unit: UNITS[index]! };
}

/** The size in the user's language ("1.5 MB", "1,5 MB"...), or an empty string. */
export function formatSize(
  bytes: number | null | undefined,
  intl: Pick<Translator["intl"], "formatNumber">,
): string {
  const size = humanSize(bytes);
  if (!size) return "";
  return intl.formatNumber(size.value, {
    style: "unit",
    unit: size.unit,
    unitDisplay: "short",
    maximumFractionDigits: 1,
  });
}
