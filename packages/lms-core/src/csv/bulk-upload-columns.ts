import { ROLE_IDS, ROLE_NAMES } from "../constants";

/**
 * The bulk-upload CSV columns (API.md). The header row names them; only the user name, e-mail,
 * names and role are required; order is free. The role is given by id (`roleId`) or by name
 * (`role`, any case), the school by id (`schoolId`) or by code (`school`, any case); a row may
 * fill either column of a pair, and both only when they agree. assignedLoad holds
 * `grade:subject:section` items separated by `;`. Parent columns fill the parent information of
 * a student.
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
  "role",
  "schoolId",
  "school",
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

/** Columns every file has; besides them, `roleId` or `role` (or both). */
export const REQUIRED_BULK_UPLOAD_COLUMNS: readonly BulkUploadColumn[] = [
  "firstName",
  "lastName",
  "userName",
  "email",
];

/** The template's columns: the role by name and the school by code, no ids to look up. */
export const BULK_UPLOAD_TEMPLATE_COLUMNS: readonly BulkUploadColumn[] = BULK_UPLOAD_COLUMNS.filter(
  (c) => c !== "roleId" && c !== "schoolId",
);

export const MAX_BULK_UPLOAD_ROWS = 50_000;
/** The largest bulk-upload file: 50,000 rows of every column with room to spare. */
export const MAX_BULK_UPLOAD_BYTES = 32 * 1024 * 1024;

/**
 * A template file: the header and an example teacher and student, their roles by name and their
 * school by `schoolCode` (left empty without one: the rows then go to the school an upload from
 * a school's Users tab is made for).
 */
export function bulkUploadTemplate(schoolCode = ""): string {
  const example = (values: Partial<Record<BulkUploadColumn, string>>) =>
    BULK_UPLOAD_TEMPLATE_COLUMNS.map((c) => csvCell(values[c] ?? "")).join(",");
  return [
    BULK_UPLOAD_TEMPLATE_COLUMNS.join(","),
    example({
      salutation: "Ms.",
      firstName: "Maria",
      lastName: "Santos",
      userName: "msantos",
      email: "maria.santos@example.edu.ph",
      role: ROLE_NAMES[ROLE_IDS.teacher],
      school: schoolCode,
      employeeNumber: "EMP-1001",
      assignedLoad: "7:Science:Rizal;8:Science:Bonifacio",
    }),
    example({
      firstName: "Juan",
      lastName: "Dela Cruz",
      userName: "jdelacruz",
      email: "juan.delacruz@example.edu.ph",
      role: ROLE_NAMES[ROLE_IDS.student],
      school: schoolCode,
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
