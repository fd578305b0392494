import type { AuditRecord } from "@lms/core";

/** One line of a record's "changes" column. */
export interface ChangeLine {
  field: string;
  /** A change of one record: the old and the new value. */
  from?: string;
  to?: string;
  /** Anything else (a bulk action's ids, status, counts; a refused sign-in's reason). */
  value?: string;
}

export function formatValue(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === "") return empty;
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) {
    return value.map((v) => formatValue(v, empty)).join(", ");
  }
  return JSON.stringify(value);
}

/** Fields of a bulk action's record, never an [old, new] pair. */
const NOT_PAIRS = new Set(["ids", "filters"]);

/**
 * The "changes" of an audit record as lines a person reads: `field: old -> new` for a change of
 * one record, `field: value` for the rest.
 */
export function changeLines(changes: AuditRecord["changes"], empty = "—"): ChangeLine[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, value]) => {
    if (!NOT_PAIRS.has(field) && Array.isArray(value) && value.length === 2) {
      return { field, from: formatValue(value[0], empty), to: formatValue(value[1], empty) };
    }
    return { field, value: formatValue(value, empty) };
  });
}

/** The changes as one line of text (the cell's tooltip, the screen reader). */
export function changesText(changes: AuditRecord["changes"], empty = "—"): string {
  return changeLines(changes, empty)
    .map((line) =>
      line.value === undefined
        ? `${line.field}: ${line.from} -> ${line.to}`
        : `${line.field}: ${line.value}`,
    )
    .join("; ");
}
