import { Readable } from "node:stream";
import { decodeListFilters, toFieldErrors, type ListFilter } from "@lms/core";
import type { FastifyReply } from "fastify";
import { csvChunks } from "./csv";
import { invalid, invalidField } from "./errors";
import { fieldValue, fieldsObject, type RequestForm } from "./form";

/** Any zod schema of @lms/core: the server validates with the very objects the portal uses. */
export interface InputSchema {
  _zod: { output: unknown };
  safeParse(data: unknown): { success: boolean; data?: unknown; error?: unknown };
}

/** Filters of a list request, plus the extra fields a page adds (API.md: e.g. schoolId). */
export function filtersOf(form: RequestForm, extras: readonly string[] = []): ListFilter[] {
  const filters = decodeListFilters(form.entries);
  for (const name of extras) {
    const value = fieldValue(form.entries, name);
    if (value !== undefined && value !== "") filters.push({ key: name, values: [value] });
  }
  return filters;
}

/** Validates fields with a schema chosen by the handler (one command, two shapes). */
export function parseWith<S extends InputSchema>(
  schema: S,
  form: RequestForm,
): S extends { _zod: { output: infer O } } ? O : never {
  const parsed = schema.safeParse(fieldsObject(form.entries));
  if (!parsed.success) {
    throw invalid(toFieldErrors(parsed.error as Parameters<typeof toFieldErrors>[0]));
  }
  return parsed.data as S extends { _zod: { output: infer O } } ? O : never;
}

/** The columns of an export: the list's fields, or those asked for (each one it has). */
export function exportColumns(requested: string, available: readonly string[]): string[] {
  const text = requested.trim();
  if (!text) return [...available];
  let names: unknown;
  try {
    names = text.startsWith("[") ? JSON.parse(text) : text.split(",");
  } catch {
    names = undefined;
  }
  const wanted = Array.isArray(names) ? names.map((n) => String(n).trim()).filter(Boolean) : [];
  // A column the export does not have is a 422 on `columns` (API-DETAILS.md "CSV exports").
  if (wanted.length === 0 || wanted.some((n) => !available.includes(n))) {
    throw invalidField("columns", "validation.invalidValue");
  }
  return [...new Set(wanted)];
}

/**
 * Sends a CSV export (every matching row, not only the page) as a stream (issue 14): a batch is
 * read when the one before has been sent, so memory holds a batch whatever the export's size.
 * The first batch is read before the answer starts, so that a bad filter is still a 422.
 */
export async function sendCsv(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  batches: AsyncIterable<object[]>,
): Promise<FastifyReply> {
  const source = batches[Symbol.asyncIterator]();
  const first = await source.next();
  async function* rest(): AsyncGenerator<Record<string, unknown>[]> {
    if (first.done) return;
    yield first.value as Record<string, unknown>[];
    for (let next = await source.next(); !next.done; next = await source.next())
      yield next.value as Record<string, unknown>[];
  }
  return reply
    .code(200)
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(Readable.from(csvChunks(columns, rest()), { objectMode: false }));
}
