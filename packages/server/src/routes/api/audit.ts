import { CONTRACT, type AuditListInput } from "@lms/core";
import { defineResource, implement } from "../../dispatch/commands";
import { listAnswer } from "../../lib/list";
import type { AuditRange } from "../../services/audit-range";
import { auditScopeOf, mayReadAudit } from "../../services/audit";
import { exportColumns, filtersOf, sendCsv } from "../../lib/command-io";

const AUDIT_FIELDS = [
  "id",
  "at",
  "actorId",
  "actorName",
  "actorRoleName",
  "address",
  "module",
  "action",
  "recordId",
  "recordLabel",
  "changes",
  "count",
] as const;

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `from` and `to` as times: a day alone is that whole day (UTC), `to` included. */
function rangeOf(input: AuditListInput): AuditRange {
  const from = input.from
    ? new Date(DAY_ONLY.test(input.from) ? `${input.from}T00:00:00Z` : input.from)
    : null;
  let to: Date | null = null;
  let toExclusive = false;
  if (input.to) {
    if (DAY_ONLY.test(input.to)) {
      to = new Date(Date.parse(`${input.to}T00:00:00Z`) + DAY_MS);
      toExclusive = true;
    } else {
      to = new Date(input.to);
    }
  }
  return { actor: input.actor, from, to, toExclusive };
}

/**
 * The audit trail (issue 13): global admins read every record, a school admin its school's
 * (services/audit.ts, `mayReadAudit`); anyone else gets a 403.
 */
export const auditResource = defineResource("audit", {
  list: implement(CONTRACT.audit.list, {
    allow: mayReadAudit,
    async handler({ app, caller, input, form }) {
      const { rows, total } = await app.repos.audit.list(
        input,
        filtersOf(form),
        rangeOf(input),
        auditScopeOf(caller),
      );
      return { data: listAnswer(input, rows, total) };
    },
  }),

  export: implement(CONTRACT.audit.export, {
    allow: mayReadAudit,
    handler: async ({ app, caller, input, form, reply }) =>
      sendCsv(
        reply,
        "audit-log.csv",
        exportColumns(input.columns, AUDIT_FIELDS),
        app.repos.audit.exportRows(input, filtersOf(form), rangeOf(input), auditScopeOf(caller)),
      ),
  }),
});
