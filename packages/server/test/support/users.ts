import { BULK_UPLOAD_COLUMNS } from "@lms/core";

export interface ListData<Row> {
  pagination: { page: number; rowsPerPage: number; totalcount: number };
  data: Row[];
}

export type UserRow = { id: number; userName: string; lastName: string; schoolId: number | null };

export const newUser = (name: string, extra: Record<string, unknown> = {}) => ({
  firstName: "Rosa",
  lastName: "Villanueva",
  userName: name,
  email: `${name}@example.edu.ph`,
  roleId: 3,
  schoolId: 1,
  employeeNumber: "EMP-2001",
  assignedLoad: [{ grade: 7, subject: "Science", section: "Rizal" }],
  ...extra,
});

/** A bulk upload's CSV row: each column's value, empty where none is given. */
export function bulkUploadRow(
  values: Partial<Record<(typeof BULK_UPLOAD_COLUMNS)[number], string>>,
): string {
  return BULK_UPLOAD_COLUMNS.map((column) => values[column] ?? "").join(",");
}
