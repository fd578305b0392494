import { rowsRead, type JsonText } from "../../src/lib/json-text";

/** A list's page with its records read back where a list held in memory wrote them as JSON. */
export function readBack<P extends { rows: unknown[] | JsonText }>(
  page: P,
): Omit<P, "rows"> & { rows: Exclude<P["rows"], JsonText> } {
  return { ...page, rows: rowsRead(page.rows) as Exclude<P["rows"], JsonText> };
}
