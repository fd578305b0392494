import type { AuditRecord, ListParams } from "@lms/core";
import { useListQuery } from "../../../lib/data";

export const AUDIT_PATH = "/audit/";

/** cmdType=list: one page of the audit trail. */
export function useAuditLog(params: ListParams) {
  return useListQuery<AuditRecord>(AUDIT_PATH, params);
}
