import Papa from "papaparse";
import { encodeMessage } from "../validation/message";
import {
  BULK_UPLOAD_COLUMNS,
  MAX_BULK_UPLOAD_ROWS,
  REQUIRED_BULK_UPLOAD_COLUMNS,
} from "./bulk-upload-columns";
import {
  checkBulkUploadRows,
  type BulkUploadOptions,
  type BulkUploadParse,
} from "./bulk-upload-rows";

export interface FileRecord {
  line: number;
  raw: Record<string, string>;
  /** The row has more or fewer cells than the header. */
  ragged: boolean;
}

/** A file whose header is right, its rows as text cells, before any row is checked. */
export type BulkUploadRead =
  | {
      ok: true;
      records: FileRecord[];
      /** The role names and school codes the rows use, in lower case, each once. */
      roleNames: string[];
      schoolCodes: string[];
    }
  | { ok: false; message: string; detail?: string };

/**
 * Reads a bulk-upload CSV (UTF-8, with or without a BOM): an unknown, repeated or missing
 * required header, no role column, no rows or too many make the whole file invalid. The rows
 * are checked by checkBulkUploadRows, once the names they use are looked up.
 */
export function readBulkUploadCsv(input: string): BulkUploadRead {
  const textInput = input.replace(/^\uFEFF/, "");
  if (textInput.trim() === "") return invalidFile("empty");
  const parsed = Papa.parse<string[]>(textInput, { skipEmptyLines: false });
  const fatal = parsed.errors.find((e) => e.type === "Quotes" || e.type === "Delimiter");
  if (fatal) return invalidFile(fatal.message);
  const [header, ...cells] = parsed.data;
  if (!header) return invalidFile("no header");
  const reader = bulkUploadRecordReader(header);
  if (!reader.ok) return reader;
  const records: FileRecord[] = [];
  for (const row of cells) {
    const record = reader.next(row);
    if (record) records.push(record);
  }
  if (records.length === 0) return invalidFile("no rows");
  if (records.length > MAX_BULK_UPLOAD_ROWS)
    return invalidFile(`more than ${MAX_BULK_UPLOAD_ROWS} rows`);
  return {
    ok: true,
    records,
    roleNames: [...reader.roleNames],
    schoolCodes: [...reader.schoolCodes],
  };
}

/** A file's rows one at a time, after its header was checked (see bulkUploadRecordReader). */
export interface BulkUploadRecordReader {
  ok: true;
  columns: string[];
  /** The record of the next parsed row, or null for a blank line. */
  next(cells: string[]): FileRecord | null;
  /** The role names and school codes of the rows read so far, in lower case. */
  roleNames: Set<string>;
  schoolCodes: Set<string>;
}

/**
 * Checks a bulk-upload header (an unknown, repeated or missing required column, or no role
 * column, makes the file invalid) and numbers the rows that follow with their line in the file
 * (the header is line 1), counting line breaks inside quoted cells and skipping blank lines: a
 * file read as a stream, row by row, gets the very records readBulkUploadCsv would.
 */
export function bulkUploadRecordReader(
  header: string[],
): BulkUploadRecordReader | { ok: false; message: string; detail: string } {
  const columns = header.map((h, i) => (i === 0 ? h.replace(/^\uFEFF/, "") : h).trim());
  const known = new Set<string>(BULK_UPLOAD_COLUMNS);
  const unknown = columns.filter((c) => !known.has(c));
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  const missing: string[] = REQUIRED_BULK_UPLOAD_COLUMNS.filter((c) => !columns.includes(c));
  if (!columns.includes("roleId") && !columns.includes("role")) missing.push("roleId or role");
  if (unknown.length || repeated.length || missing.length) {
    return invalidFile(
      [
        unknown.length ? `unknown: ${unknown.join(", ")}` : "",
        repeated.length ? `repeated: ${repeated.join(", ")}` : "",
        missing.length ? `missing: ${missing.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join("; "),
    );
  }
  let line = 1 + newlinesIn(header) + 1;
  const roleNames = new Set<string>();
  const schoolCodes = new Set<string>();
  return {
    ok: true,
    columns,
    roleNames,
    schoolCodes,
    next(cells) {
      const at = line;
      line += 1 + newlinesIn(cells);
      if (cells.every((cell) => cell.trim() === "")) return null;
      const raw = Object.fromEntries(columns.map((c, i) => [c, (cells[i] ?? "").trim()]));
      if (raw.role) roleNames.add(raw.role.toLowerCase());
      if (raw.school) schoolCodes.add(raw.school.toLowerCase());
      return { line: at, raw, ragged: cells.length !== columns.length };
    },
  };
}

function invalidFile(detail: string): { ok: false; message: string; detail: string } {
  return { ok: false, message: encodeMessage("csv.invalid"), detail };
}

function newlinesIn(cells: string[]): number {
  return cells.reduce((sum, cell) => sum + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
}

/** Reads and checks a bulk-upload CSV (readBulkUploadCsv, then checkBulkUploadRows). */
export function parseBulkUploadCsv(
  input: string,
  options: BulkUploadOptions = {},
): BulkUploadParse {
  const read = readBulkUploadCsv(input);
  return read.ok ? checkBulkUploadRows(read, options) : read;
}
