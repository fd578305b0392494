import type { SchoolRecord } from "@lms/core";
import type { schools } from "../db/schema";
import { timestamps } from "../plugins/app/repositories/records";

type SchoolRow = typeof schools.$inferSelect;

/** What a school write stores. */
export type SchoolWrite = Omit<
  SchoolRow,
  "id" | "logo" | "searchText" | "version" | "createdAt" | "createdBy" | "updatedAt" | "updatedBy"
>;

/** A school as the API answers it. */
export function toSchoolRecord(row: SchoolRow): SchoolRecord {
  const { searchText: _search, logo, ...rest } = row;
  return {
    ...rest,
    logo: logo ? `/api/file/school/${row.id}` : null,
    ...timestamps(row),
  };
}
