import { JsonText } from "../../src/lib/json-text";

/** A page's records, read back where a list held in memory wrote them as JSON. */
export function recordsOf<T>(rows: T[] | JsonText): T[] {
  return rows instanceof JsonText ? (JSON.parse(rows.text) as T[]) : rows;
}

/** A list's page with its records read back (see recordsOf). */
export function readBack<P extends { rows: unknown[] | JsonText }>(
  page: P,
): Omit<P, "rows"> & { rows: Exclude<P["rows"], JsonText> } {
  return { ...page, rows: recordsOf(page.rows) as Exclude<P["rows"], JsonText> };
}
