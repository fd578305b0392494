import { COMMANDS, type ListParams } from "@lms/core";
import { useList } from "../../../lib/data";

/** cmdType=list: one page of the audit trail. */
export function useAuditLog(params: ListParams) {
  return useList(COMMANDS.audit.list, params);
}
