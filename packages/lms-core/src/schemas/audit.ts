import type { z } from "zod";
import { listRequestSchema } from "./list";
import { encodeMessage } from "../validation/message";
import { optionalText } from "../validation/rules";

export { auditReach, type AuditReach } from "./audit-reach";

/** Actions the audit trail names besides a command's own name (its cmdType). */
export const AUDIT_SIGN_IN = "login";
export const AUDIT_SIGN_IN_FAILED = "loginfailed";

/** The actions the Audit log screen offers as a filter (any cmdType may appear). */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "restore",
  "purge",
  "setstatus",
  "activate",
  "deactivate",
  "publish",
  "unpublish",
  "bulkupload",
  "move",
  "swap",
  "quizsettings",
  "scormreset",
  "scormcomplete",
  "changepassword",
  "resetpassword",
  "setpassword",
  "updateprofile",
  "resendactivation",
  AUDIT_SIGN_IN,
  AUDIT_SIGN_IN_FAILED,
] as const;

/** The modules (API resources) the trail records. */
export const AUDIT_MODULES = [
  "school",
  "user",
  "role",
  "course",
  "element",
  "material",
  "class",
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A day (YYYY-MM-DD) or an ISO time; empty: no bound. */
const dayField = () =>
  optionalText({ max: 40 }).refine(
    (v) => v === "" || (DAY.test(v) && !Number.isNaN(Date.parse(v))),
    {
      error: encodeMessage("validation.invalidValue"),
    },
  );

/**
 * The audit list: the list protocol (sortable at, actorName, module, action, recordLabel; filters
 * actorId, module, action, schoolId) plus `actor` (a part of the user name), `from` and `to`
 * (days, both included).
 */
export const auditListSchema = listRequestSchema("audit").extend({
  actor: optionalText({ max: 100 }),
  from: dayField(),
  to: dayField(),
});

export type AuditListInput = z.output<typeof auditListSchema>;

/** One field's change: [old, new]. */
export type AuditChange = [unknown, unknown];

export interface AuditRecord {
  id: number;
  at: string;
  actorId: number | null;
  actorName: string;
  actorRoleId: number | null;
  actorRoleName: string | null;
  schoolId: number | null;
  address: string;
  module: string;
  action: string;
  recordId: string;
  recordLabel: string;
  /** update: { field: [old, new] }; create: { field: [null, value] }; bulk: the selection. */
  changes: Record<string, unknown> | null;
  count: number;
}
