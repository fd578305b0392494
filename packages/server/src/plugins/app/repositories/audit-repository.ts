import type { AuditRecord, ListFilter } from "@lms/core";
import { and, count, eq, gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { Db, Executor } from "../../../db/client";
import { auditLog, roles } from "../../../db/schema";
import {
  containsPattern,
  listConditions,
  listOrder,
  pageOf,
  whereAll,
  type ListInput,
  type ListSpec,
} from "../../../lib/list";
import type { Scope } from "./records";
import type { AuditRange } from "../../../services/audit-range";

type AuditRow = typeof auditLog.$inferSelect;
export type AuditWrite = Omit<AuditRow, "id" | "at"> & { at?: Date };

const listSpec: ListSpec<"audit"> = {
  resource: "audit",
  sort: {
    at: auditLog.at,
    actorName: auditLog.actorName,
    module: auditLog.module,
    action: auditLog.action,
    recordLabel: auditLog.recordLabel,
  },
  filters: {
    actorId: { column: auditLog.actorId, type: "int", nullable: true },
    module: { column: auditLog.module, type: "text" },
    action: { column: auditLog.action, type: "text" },
    schoolId: { column: auditLog.schoolId, type: "int", nullable: true },
  },
  search: sql`lower(${auditLog.actorName} || ' ' || ${auditLog.recordLabel} || ' ' || ${auditLog.module} || ' ' || ${auditLog.action} || ' ' || ${auditLog.address})`,
  id: auditLog.id,
};

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorName: auditLog.actorName,
  actorRoleId: auditLog.actorRoleId,
  actorRoleName: roles.roleName,
  schoolId: auditLog.schoolId,
  address: auditLog.address,
  module: auditLog.module,
  action: auditLog.action,
  recordId: auditLog.recordId,
  recordLabel: auditLog.recordLabel,
  changes: auditLog.changes,
  count: auditLog.count,
};

type ListedRow = Omit<AuditRecord, "at" | "changes"> & { at: Date; changes: unknown };

function toRecord(row: ListedRow): AuditRecord {
  return {
    ...row,
    at: row.at.toISOString(),
    changes: (row.changes as Record<string, unknown> | null) ?? null,
  };
}

/** The audit trail's SQL (services/audit.ts holds its rules). */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(rows: AuditWrite[], db: Executor = this.db): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(auditLog).values(rows);
  }

  private where(input: ListInput, filters: ListFilter[], range: AuditRange, scope: Scope) {
    const conditions: (SQL | undefined)[] = [
      scope.schoolId === null ? undefined : eq(auditLog.schoolId, scope.schoolId),
      ...listConditions(listSpec, input, filters),
    ];
    if (range.actor) {
      conditions.push(
        sql`lower(${auditLog.actorName}) like ${containsPattern(range.actor.toLowerCase())}`,
      );
    }
    if (range.from) conditions.push(gte(auditLog.at, range.from));
    if (range.to) {
      conditions.push(range.toExclusive ? lt(auditLog.at, range.to) : lte(auditLog.at, range.to));
    }
    return whereAll(conditions);
  }

  private select(where: SQL | undefined, input: ListInput) {
    return this.db
      .select(columns)
      .from(auditLog)
      .leftJoin(roles, eq(roles.id, auditLog.actorRoleId))
      .where(where)
      .orderBy(...listOrder(listSpec, input));
  }

  async list(input: ListInput, filters: ListFilter[], range: AuditRange, scope: Scope) {
    const where = this.where(input, filters, range, scope);
    const { limit, offset } = pageOf(input);
    const [rows, [total]] = await Promise.all([
      this.select(where, input).limit(limit).offset(offset),
      this.db.select({ n: count() }).from(auditLog).where(where),
    ]);
    return { rows: (rows as ListedRow[]).map(toRecord), total: Number(total?.n ?? 0) };
  }

  async *exportRows(
    input: ListInput,
    filters: ListFilter[],
    range: AuditRange,
    scope: Scope,
    batch = 2000,
  ) {
    const where = this.where(input, filters, range, scope);
    for (let offset = 0; ; offset += batch) {
      const rows = (await this.select(where, input).limit(batch).offset(offset)) as ListedRow[];
      if (rows.length === 0) return;
      yield rows.map(toRecord);
      if (rows.length < batch) return;
    }
  }

  /** Removes the records older than `before`; returns how many went. */
  async purgeBefore(before: Date): Promise<number> {
    const gone = await this.db
      .delete(auditLog)
      .where(and(lt(auditLog.at, before)))
      .returning({ id: auditLog.id });
    return gone.length;
  }
}
