import type { Timestamps } from "@lms/core";

interface AuditRow {
  createdAt: Date;
  createdBy: string | null;
  updatedAt: Date | null;
  updatedBy: string | null;
}

const iso = (value: Date | string | null): string | null =>
  value === null
    ? null
    : value instanceof Date
      ? value.toISOString()
      : new Date(value).toISOString();

/** SPEC.md §3 timestamp object, flat on every record (API.md "Record fields"). */
export function timestamps(row: AuditRow): Timestamps {
  return {
    createdAt: iso(row.createdAt) ?? "",
    createdBy: row.createdBy,
    updatedAt: iso(row.updatedAt),
    updatedBy: row.updatedBy,
  };
}

/** The audit columns of an insert. */
export function created(by: string | null) {
  return { createdBy: by };
}

/** The audit columns of an update. */
export function updated(by: string | null) {
  return { updatedAt: new Date(), updatedBy: by };
}

/** A caller's reach: null school means every school (admin, rex admin, lsg). */
export interface Scope {
  schoolId: number | null;
}
