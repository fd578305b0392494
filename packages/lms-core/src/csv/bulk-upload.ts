import Papa from "papaparse";
import { z } from "zod";
import { es } from "../i18n/es";
import { userFieldsSchema, checkUserByRole } from "../schemas/user";
import { decodeMessage, encodeMessage, type MessageValues } from "../validation/message";
import { integerField, text } from "../validation/rules";

/**
 * The bulk-upload CSV columns (API.md). The header row names them; only the user name, e-mail,
 * names and role are required; order is free. assignedLoad holds `grade:subject:section` items
 * separated by `;`. Parent columns fill the parent information of a student.
 */
export const BULK_UPLOAD_COLUMNS = [
  "salutation",
  "firstName",
  "middleName",
  "lastName",
  "suffix",
  "userName",
  "email",
  "roleId",
  "schoolId",
  "employeeNumber",
  "learningReferenceNumber",
  "schoolYearFrom",
  "schoolYearTo",
  "grade",
  "section",
  "subject",
  "title",
  "assignedLoad",
  "parentFirstName",
  "parentLastName",
  "parentEmail",
  "parentMobile",
] as const;
export type BulkUploadColumn = (typeof BULK_UPLOAD_COLUMNS)[number];

export const REQUIRED_BULK_UPLOAD_COLUMNS: readonly BulkUploadColumn[] = [
  "firstName",
  "lastName",
  "userName",
  "email",
  "roleId",
];

export const MAX_BULK_UPLOAD_ROWS = 10_000;

/** A template file: the header and one example row of each kind. */
export function bulkUploadTemplate(): string {
  const example = (values: Partial<Record<BulkUploadColumn, string>>) =>
    BULK_UPLOAD_COLUMNS.map((c) => csvCell(values[c] ?? "")).join(",");
  return [
    BULK_UPLOAD_COLUMNS.join(","),
    example({
      salutation: "Ms.",
      firstName: "Maria",
      lastName: "Santos",
      userName: "msantos",
      email: "maria.santos@example.edu.ph",
      roleId: "3",
      schoolId: "1",
      employeeNumber: "EMP-1001",
      assignedLoad: "7:Science:Rizal;8:Science:Bonifacio",
    }),
    example({
      firstName: "Juan",
      lastName: "Dela Cruz",
      userName: "jdelacruz",
      email: "juan.delacruz@example.edu.ph",
      roleId: "5",
      schoolId: "1",
      learningReferenceNumber: "123456789012",
      grade: "7",
      section: "Rizal",
      schoolYearFrom: "2026",
      schoolYearTo: "2027",
      parentFirstName: "Ana",
      parentLastName: "Dela Cruz",
      parentEmail: "ana.delacruz@example.com",
    }),
  ].join("\r\n");
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export interface RowError {
  field: string;
  /** Encoded message (`key` or `key?n=8`). */
  message: string;
}

export interface ParsedRow {
  /** Line number in the file, counting the header as line 1. */
  line: number;
  values: z.output<typeof bulkUploadRowSchema> | null;
  raw: Record<string, string>;
  errors: RowError[];
  /** The row-level message: invalid values or duplicate e-mail or username. */
  rowMessage: string | null;
}

export type BulkUploadParse =
  | { ok: true; rows: ParsedRow[]; validCount: number; errorCount: number }
  | { ok: false; message: string; detail?: string };

/** `grade:subject:section`; a wrong number of parts leaves grade empty, which is reported. */
const loadItem = z.preprocess(
  (item) => {
    const parts = String(item)
      .split(":")
      .map((part) => part.trim());
    return parts.length === 3 ? { grade: parts[0], subject: parts[1], section: parts[2] } : {};
  },
  z.object({
    grade: integerField(1, 12),
    subject: text({ required: true, max: 100 }),
    section: text({ required: true, max: 50 }),
  }),
);

/** One CSV row as text cells, turned into the fields of a user (same rules as the user form). */
export const bulkUploadRowSchema = z.preprocess(
  (input) => {
    const row = (input ?? {}) as Partial<Record<BulkUploadColumn, string>>;
    const cell = (column: BulkUploadColumn) => row[column] ?? "";
    const hasParent = ["parentFirstName", "parentLastName", "parentEmail", "parentMobile"].some(
      (c) => cell(c as BulkUploadColumn) !== "",
    );
    return {
      salutation: cell("salutation"),
      firstName: cell("firstName"),
      middleName: cell("middleName"),
      lastName: cell("lastName"),
      suffix: cell("suffix"),
      userName: cell("userName"),
      email: cell("email"),
      employeeNumber: cell("employeeNumber"),
      learningReferenceNumber: cell("learningReferenceNumber"),
      roleId: cell("roleId"),
      schoolId: cell("schoolId"),
      schoolYearFrom: cell("schoolYearFrom"),
      schoolYearTo: cell("schoolYearTo"),
      grade: cell("grade"),
      section: cell("section"),
      subject: cell("subject"),
      title: cell("title"),
      assignedLoad: cell("assignedLoad")
        .split(";")
        .map((item) => item.trim())
        .filter(Boolean),
      parent: hasParent
        ? {
            firstName: cell("parentFirstName"),
            lastName: cell("parentLastName"),
            email: cell("parentEmail"),
            mobile: cell("parentMobile"),
          }
        : undefined,
    };
  },
  userFieldsSchema.extend({ assignedLoad: z.array(loadItem).max(50) }).superRefine(checkUserByRole),
);

export type BulkUploadRow = z.output<typeof bulkUploadRowSchema>;

const PARENT_FIELDS: Record<string, BulkUploadColumn> = {
  "parent.firstName": "parentFirstName",
  "parent.lastName": "parentLastName",
  "parent.email": "parentEmail",
  "parent.mobile": "parentMobile",
};

/**
 * Parses and checks a bulk-upload CSV (UTF-8, with or without a BOM). An unknown, repeated or
 * missing required header makes the whole file invalid; otherwise every row gets its line number
 * and its errors, and rows repeating an e-mail or user name of an earlier row are marked.
 */
export interface BulkUploadOptions {
  /** The school of rows that name none (an upload from a school's Users tab). */
  schoolId?: number;
}

export function parseBulkUploadCsv(
  input: string,
  options: BulkUploadOptions = {},
): BulkUploadParse {
  const textInput = input.replace(/^\uFEFF/, "");
  if (textInput.trim() === "") return invalidFile("empty");
  const parsed = Papa.parse<string[]>(textInput, { skipEmptyLines: false });
  const fatal = parsed.errors.find((e) => e.type === "Quotes" || e.type === "Delimiter");
  if (fatal) return invalidFile(fatal.message);
  const [header, ...records] = parsed.data;
  if (!header) return invalidFile("no header");
  const body = withLineNumbers(header, records);
  const columns = header.map((h) => h.trim());
  const known = new Set<string>(BULK_UPLOAD_COLUMNS);
  const unknown = columns.filter((c) => !known.has(c));
  const repeated = columns.filter((c, i) => columns.indexOf(c) !== i);
  const missing = REQUIRED_BULK_UPLOAD_COLUMNS.filter((c) => !columns.includes(c));
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
  if (body.length === 0) return invalidFile("no rows");
  if (body.length > MAX_BULK_UPLOAD_ROWS)
    return invalidFile(`more than ${MAX_BULK_UPLOAD_ROWS} rows`);

  const seenEmails = new Map<string, number>();
  const seenNames = new Map<string, number>();
  const rows: ParsedRow[] = body.map(({ cells, line }) => {
    const raw = Object.fromEntries(columns.map((c, i) => [c, (cells[i] ?? "").trim()]));
    if (options.schoolId !== undefined && !raw.schoolId) raw.schoolId = String(options.schoolId);
    const errors: RowError[] = [];
    if (cells.length !== columns.length) {
      errors.push({ field: "", message: encodeMessage("validation.invalidValue") });
    }
    const result = bulkUploadRowSchema.safeParse(raw);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.path.map(String);
        const field =
          path[0] === "parent"
            ? (PARENT_FIELDS[path.slice(0, 2).join(".")] ?? "parent")
            : (path[0] ?? "");
        errors.push({ field, message: issue.message });
      }
    }
    const email = (raw.email ?? "").toLowerCase();
    const name = (raw.userName ?? "").toLowerCase();
    const duplicate =
      (email !== "" && seenEmails.has(email)) || (name !== "" && seenNames.has(name));
    if (email && !seenEmails.has(email)) seenEmails.set(email, line);
    if (name && !seenNames.has(name)) seenNames.set(name, line);
    const rowMessage = duplicate
      ? encodeMessage("csv.duplicateRow")
      : errors.length
        ? encodeMessage("csv.invalidRow")
        : null;
    return {
      line,
      raw,
      errors,
      rowMessage,
      values: result.success && !duplicate && errors.length === 0 ? result.data : null,
    };
  });
  const errorCount = rows.filter((r) => r.rowMessage).length;
  return { ok: true, rows, validCount: rows.length - errorCount, errorCount };
}

function invalidFile(detail: string): BulkUploadParse {
  return { ok: false, message: encodeMessage("csv.invalid"), detail };
}

/**
 * Pairs each data row with its line in the file (the header is line 1), counting line breaks
 * inside quoted cells, and drops blank lines (papaparse reports no line numbers).
 */
function withLineNumbers(
  header: string[],
  records: string[][],
): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  let line = 1 + newlinesIn(header) + 1;
  for (const cells of records) {
    if (!cells.every((cell) => cell.trim() === "")) rows.push({ cells, line });
    line += 1 + newlinesIn(cells);
  }
  return rows;
}

function newlinesIn(cells: string[]): number {
  return cells.reduce((sum, cell) => sum + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
}

/** The English texts a row's errors would show, for logs and the server's answer. */
export function describeRowErrors(
  row: ParsedRow,
): { field: string; key: string; values?: MessageValues }[] {
  return row.errors.map((e) => {
    const d = decodeMessage(e.message);
    return { field: e.field, key: d.key, values: d.values };
  });
}

export const CSV_MESSAGES = {
  invalidFile: es["csv.invalid"],
  invalidRow: es["csv.invalidRow"],
  duplicateRow: es["csv.duplicateRow"],
} as const;
