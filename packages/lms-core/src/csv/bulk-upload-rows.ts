import { z } from "zod";
import { es } from "../i18n/es";
import { userFieldsSchema, checkUserByRole } from "../schemas/user";
import { decodeMessage, encodeMessage, type MessageValues } from "../validation/message";
import { integerField, optionalIntegerField, text } from "../validation/rules";
import { type BulkUploadColumn } from "./bulk-upload-columns";
import type { FileRecord } from "./bulk-upload";

export interface RowError {
  field: string;
  /** Encoded message (`key` or `key?n=8`). */
  message: string;
}

export interface ParsedRow {
  /** Line number in the file, counting the header as line 1. */
  line: number;
  /** The fields of a user, or null for a row with errors or with a name not yet looked up. */
  values: BulkUploadRow | null;
  raw: Record<string, string>;
  errors: RowError[];
  /** The row-level message: invalid values or duplicate e-mail or username. */
  rowMessage: string | null;
  /** The columns the row gave its role and school in, to mark the one a later check refuses. */
  fields: { role: "roleId" | "role"; school: "schoolId" | "school" };
  /**
   * True when the row names a role or school that was not looked up (no lookup given, as in the
   * browser): checked except for what depends on its role and school, and values stays null.
   */
  pending: boolean;
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

/** Text cells to the fields of a user. */
function userFieldsOf(input: unknown) {
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
}

const rowFieldsSchema = userFieldsSchema.extend({ assignedLoad: z.array(loadItem).max(50) });

/**
 * One CSV row as text cells (role and school as ids), turned into the fields of a user (same
 * rules as the user form).
 */
export const bulkUploadRowSchema = z.preprocess(
  userFieldsOf,
  rowFieldsSchema.superRefine(checkUserByRole),
);

/** A row whose role or school is not known: every rule but those that depend on them. */
const rowWithoutRoleSchema = z.preprocess(
  userFieldsOf,
  rowFieldsSchema.extend({ roleId: optionalIntegerField(1, 1_000_000) }),
);

export type BulkUploadRow = z.output<typeof bulkUploadRowSchema>;

const PARENT_FIELDS: Record<string, BulkUploadColumn> = {
  "parent.firstName": "parentFirstName",
  "parent.lastName": "parentLastName",
  "parent.email": "parentEmail",
  "parent.mobile": "parentMobile",
};

/**
 * The ids of the role names and school codes a file uses, keyed in lower case (the server's,
 * from the database). `schools` holds only the schools the uploader may reach, so that a code
 * outside its reach is as unknown as a code that does not exist.
 */
export interface BulkUploadLookup {
  roles: ReadonlyMap<string, number>;
  schools: ReadonlyMap<string, number>;
}

export interface BulkUploadOptions {
  /** The school of rows that name none (an upload from a school's Users tab). */
  schoolId?: number;
  /**
   * Role names and school codes to ids. Without it (the browser's preview) a row that names one
   * is `pending`; with it an unknown name or code is an invalid value of that column.
   */
  lookup?: BulkUploadLookup;
  /**
   * The e-mails and user names (lower case) of earlier rows with their lines, for a file checked
   * in batches: each call adds its rows, so that a repeat in a later batch is still found.
   */
  seen?: { emails: Map<string, number>; names: Map<string, number> };
}

/**
 * A reference by id column and name column: the id the row ends with (as text, for the schema),
 * whether a name was left unlooked-up, and the error of an unknown name or of two columns that
 * disagree.
 */
function resolveReference(
  idCell: string,
  nameCell: string,
  ids: ReadonlyMap<string, number> | undefined,
): { id: string; pending: boolean; invalid: boolean } {
  if (!nameCell) return { id: idCell, pending: false, invalid: false };
  if (!ids) return { id: idCell, pending: true, invalid: false };
  const found = ids.get(nameCell.toLowerCase());
  if (found === undefined) return { id: idCell, pending: false, invalid: true };
  const disagrees = idCell !== "" && Number(idCell) !== found;
  return { id: disagrees ? idCell : String(found), pending: false, invalid: disagrees };
}

/**
 * Checks every row of a read file: its fields by the rules of the user form, its role name and
 * school code by the lookup, and rows repeating an e-mail or user name of an earlier row.
 */
export function checkBulkUploadRows(
  read: { records: readonly FileRecord[] },
  options: BulkUploadOptions = {},
): Extract<BulkUploadParse, { ok: true }> {
  const { lookup } = options;
  const seenEmails = options.seen?.emails ?? new Map<string, number>();
  const seenNames = options.seen?.names ?? new Map<string, number>();
  const rows: ParsedRow[] = read.records.map(({ line, raw: fileRaw, ragged }) => {
    const raw = { ...fileRaw };
    if (options.schoolId !== undefined && !raw.schoolId && !raw.school) {
      raw.schoolId = String(options.schoolId);
    }
    const errors: RowError[] = [];
    if (ragged) errors.push({ field: "", message: encodeMessage("validation.invalidValue") });
    const role = resolveReference(raw.roleId ?? "", raw.role ?? "", lookup?.roles);
    const school = resolveReference(raw.schoolId ?? "", raw.school ?? "", lookup?.schools);
    if (role.invalid)
      errors.push({ field: "role", message: encodeMessage("validation.invalidValue") });
    if (school.invalid) {
      errors.push({ field: "school", message: encodeMessage("validation.invalidValue") });
    }
    const cells = { ...raw, roleId: role.id, schoolId: school.id };
    // The column an error of the role or school goes to: the one the row uses, else the id's
    // unless the file has no such column.
    const fields: ParsedRow["fields"] = {
      role: raw.role || !("roleId" in fileRaw) ? "role" : "roleId",
      school: raw.school || !("schoolId" in fileRaw) ? "school" : "schoolId",
    };
    const known = !role.pending && !role.invalid && !school.pending && !school.invalid;
    const result = known
      ? bulkUploadRowSchema.safeParse(cells)
      : rowWithoutRoleSchema.safeParse(cells);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = issue.path.map(String);
        const field =
          path[0] === "parent"
            ? (PARENT_FIELDS[path.slice(0, 2).join(".")] ?? "parent")
            : path[0] === "roleId" && !raw.roleId
              ? fields.role
              : path[0] === "schoolId" && !raw.schoolId
                ? fields.school
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
      fields,
      pending: role.pending || school.pending,
      values:
        known && result.success && !duplicate && errors.length === 0
          ? (result.data as BulkUploadRow)
          : null,
    };
  });
  const errorCount = rows.filter((r) => r.rowMessage).length;
  return { ok: true, rows, validCount: rows.length - errorCount, errorCount };
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
