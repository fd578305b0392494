import { MAX_BULK_UPLOAD_ROWS, bulkUploadRecordReader, type FileRecord } from "@lms/core";
import { csvBatches } from "../lib/csv-stream";
import { ApiError, fieldError } from "../lib/errors";
import type { UploadedFile } from "../lib/form";
import { MAX_ID } from "../lib/inputs";

/**
 * The bulk upload's file (issue 14), read as a stream twice: scanFile checks it and counts what
 * its rows name, recordBatches gives its records batch by batch.
 */

/** Rows checked (and, on a real run, written) together; the progress is told after each batch. */
const BATCH_ROWS = 1000;

const invalidCsv = () =>
  new ApiError(422, "csv.invalid", { errors: [fieldError("file", "csv.invalid")] });

export interface Scan {
  total: number;
  roleNames: string[];
  schoolCodes: string[];
  /** Ids the rows give in the id columns (each once). */
  roleIds: number[];
  schoolIds: number[];
}

/**
 * The first read: the header (an unknown, repeated or missing column makes the file invalid),
 * malformed quotes, the number of rows (at most MAX_BULK_UPLOAD_ROWS) and the role names, school
 * codes and ids they use, so that they are looked up once before the rows are checked.
 */
export async function scanFile(file: UploadedFile): Promise<Scan> {
  let reader: ReturnType<typeof bulkUploadRecordReader> | null = null;
  let total = 0;
  const roleIds = new Set<number>();
  const schoolIds = new Set<number>();
  const idOf = (cell: string | undefined) =>
    cell && /^\d{1,10}$/.test(cell) && Number(cell) <= MAX_ID ? Number(cell) : null;
  for await (const batch of csvBatches(file.path, 5000)) {
    for (const row of batch) {
      if (row.malformed) throw invalidCsv();
      if (!reader) {
        reader = bulkUploadRecordReader(row.cells);
        if (!reader.ok) throw invalidCsv();
        continue;
      }
      if (!reader.ok) throw invalidCsv();
      const record = reader.next(row.cells);
      if (!record) continue;
      if (++total > MAX_BULK_UPLOAD_ROWS) throw invalidCsv();
      const roleId = idOf(record.raw.roleId);
      if (roleId !== null) roleIds.add(roleId);
      const schoolId = idOf(record.raw.schoolId);
      if (schoolId !== null) schoolIds.add(schoolId);
    }
  }
  if (!reader?.ok || total === 0) throw invalidCsv();
  return {
    total,
    roleNames: [...reader.roleNames],
    schoolCodes: [...reader.schoolCodes],
    roleIds: [...roleIds],
    schoolIds: [...schoolIds],
  };
}

/** The file's records again, in batches of BATCH_ROWS (the file was checked by scanFile). */
export async function* recordBatches(file: UploadedFile): AsyncGenerator<FileRecord[]> {
  let reader: ReturnType<typeof bulkUploadRecordReader> | null = null;
  let records: FileRecord[] = [];
  for await (const batch of csvBatches(file.path, BATCH_ROWS)) {
    for (const row of batch) {
      if (!reader) {
        reader = bulkUploadRecordReader(row.cells);
        continue;
      }
      if (!reader.ok) return;
      const record = reader.next(row.cells);
      if (!record) continue;
      records.push(record);
      if (records.length === BATCH_ROWS) {
        yield records;
        records = [];
      }
    }
  }
  if (records.length) yield records;
}
