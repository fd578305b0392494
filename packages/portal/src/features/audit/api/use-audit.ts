import { CONTRACT, type ListParams } from "@lms/core";
import { useList } from "../../../lib/data";

export const AUDIT_PATH = CONTRACT.audit.list.path;

/** cmdType=list: one page of the audit trail. */
export function useAuditLog(params: ListParams) {
  return useList(CONTRACT.audit.list, params);
}
