import { AUDIT_SIGN_IN, AUDIT_SIGN_IN_FAILED, auditReach, commandSpecOf } from "@lms/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Caller } from "./caller";
import { fieldValue, type RequestForm } from "../lib/form";
import type { AuditWrite } from "../plugins/app/repositories/audit-repository";
import { BIN_TABLES, type BinResource } from "../plugins/app/repositories/recycle-bin-repository";
import type { Scope } from "../plugins/app/repositories/records";
import { cleanValues, diffValues } from "./audit-values";

/**
 * The audit trail (issue 13): what is recorded, and never a secret. The dispatcher
 * (dispatch/dispatch.ts) records every command that succeeds and that its contract declaration says is
 * audited (every write unless it says otherwise: reads, a learner's own progress and sign-out are
 * not), so that a new command is recorded without code of its own; sign-in is recorded by the
 * login handler.
 */
export function isRecorded(resource: string, cmdType: string, form: RequestForm): boolean {
  if (!commandSpecOf(resource, cmdType)?.audited) return false;
  // A dry run (bulk upload's validation) writes nothing.
  const dryRun = (fieldValue(form.entries, "dryRun") ?? "").toLowerCase();
  return !["1", "true", "on", "yes"].includes(dryRun);
}

/** A record's auditable values, as a resource declares them (`snapshot` of defineResource). */
export interface AuditSnapshot {
  label: string;
  /** The school the record belongs to (null: every school), for a school admin's reach. */
  schoolId: number | null;
  values: Record<string, unknown>;
}

export type SnapshotLoader = (app: FastifyInstance, id: number) => Promise<AuditSnapshot | null>;

/** What a handler may add to its command's record (a public command's user, ids it found). */
export interface AuditNote {
  actor?: { id: number; name: string; roleId: number | null; schoolId: number | null };
  recordIds?: (number | string)[];
  /** The record's name when no snapshot of it can be read (a purged bin entry). */
  label?: string;
  schoolId?: number | null;
  /** What the command did beyond the record's own values (the student whose attempts it reset). */
  changes?: Record<string, unknown>;
  /** A handler that streams its answer: the answer's data, for its counts. */
  answer?: unknown;
  /** A handler that streams its answer failed after its 200 headers went: nothing to record. */
  failed?: boolean;
  /**
   * Ends a streamed answer, called once the command is recorded: a client that has read the whole
   * answer finds its record in the audit trail.
   */
  end?: () => void;
}

/** List-protocol fields of a bulk action's selection. */
const LIST_FIELDS = new Set(["page", "rowsPerPage", "sortBy", "sortOrder", "columns"]);
const MAX_IDS_LOADED = 50;

function parseIdList(raw: string | undefined): (number | string)[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((v) => typeof v === "number" || typeof v === "string").slice(0, 1000)
      : [];
  } catch {
    return [];
  }
}

/**
 * The records a command names: `id`, its user target's field, `ids`, `swap_from`/`swap_to`.
 * Strings stay strings (a class id); numbers are record ids.
 */
export function recordIdsOf(
  input: unknown,
  form: RequestForm,
  targetField: string | undefined,
): (number | string)[] {
  const values = (input ?? {}) as Record<string, unknown>;
  const ids: (number | string)[] = [];
  const add = (value: unknown) => {
    if (typeof value === "number" && Number.isSafeInteger(value)) ids.push(value);
    else if (typeof value === "string" && value !== "") {
      ids.push(/^\d{1,10}$/.test(value) ? Number(value) : value);
    }
  };
  add(values.id);
  if (targetField && targetField !== "id")
    add(values[targetField] ?? fieldValue(form.entries, targetField));
  for (const id of parseIdList(fieldValue(form.entries, "ids"))) add(id);
  for (const name of ["swap_from", "swap_to"]) {
    const ref = values[name];
    if (ref && typeof ref === "object") add((ref as { id?: unknown }).id);
  }
  return [...new Set(ids)];
}

/**
 * The records a restore or purge acts on: their `id` names a recycle-bin entry, not the record.
 * Undefined for every other command. The entry's name and school go in the note, since a purged
 * record has no snapshot.
 */
export async function binRecordIds(
  app: FastifyInstance,
  resource: string,
  cmdType: string,
  input: unknown,
  note: AuditNote,
): Promise<number[] | undefined> {
  if ((cmdType !== "restore" && cmdType !== "purge") || !Object.hasOwn(BIN_TABLES, resource)) {
    return undefined;
  }
  const id = (input as { id?: unknown } | undefined)?.id;
  if (typeof id !== "number") return [];
  const entry = await app.repos.recycleBin.entryRecord(resource as BinResource, id);
  if (!entry) return [];
  note.label = entry.label;
  note.schoolId = entry.schoolId;
  return [entry.recordId];
}

/** Snapshots of the numeric ids (at most MAX_IDS_LOADED), by id; a failure reads as none. */
export async function loadSnapshots(
  app: FastifyInstance,
  load: SnapshotLoader | undefined,
  ids: (number | string)[],
): Promise<Map<number, AuditSnapshot>> {
  const found = new Map<number, AuditSnapshot>();
  if (!load) return found;
  for (const id of ids.slice(0, MAX_IDS_LOADED)) {
    if (typeof id !== "number") continue;
    try {
      const snapshot = await load(app, id);
      if (snapshot) found.set(id, snapshot);
    } catch (error) {
      app.log.error({ err: error, id }, "audit: could not read a record's snapshot");
    }
  }
  return found;
}

/** The numbers an answer reports (count, created, updated, …). */
function answerCounts(data: unknown): Record<string, number> {
  const counts: Record<string, number> = {};
  if (!data || typeof data !== "object") return counts;
  for (const name of ["count", "created", "updated", "deleted", "skipped", "total"]) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value === "number") counts[name] = value;
  }
  return counts;
}

function answerId(data: unknown): number | undefined {
  const id = data && typeof data === "object" ? (data as { id?: unknown }).id : undefined;
  return typeof id === "number" && Number.isSafeInteger(id) ? id : undefined;
}

/** A bulk action's selection: the search and filters of an `allMatching`, its other fields. */
function selectionOf(input: unknown, form: RequestForm): Record<string, unknown> {
  const values = cleanValues((input ?? {}) as Record<string, unknown>);
  for (const name of [...LIST_FIELDS, "id", "ids"]) delete values[name];
  if (values.search === "") delete values.search;
  const all = fieldValue(form.entries, "allMatching");
  if (all === "1" || all === "true") values.allMatching = true;
  const filters = form.entries.filter(([name]) => name.startsWith("filter["));
  if (filters.length > 0 && values.allMatching) values.filters = filters.map(([, v]) => v);
  return values;
}

/** Where a request came from: request.ip, which honours LMS_TRUST_PROXY (Fastify's trustProxy). */
const addressOf = (request: FastifyRequest) => request.ip ?? "";

async function write(app: FastifyInstance, row: AuditWrite): Promise<void> {
  try {
    await app.repos.audit.insert([row]);
  } catch (error) {
    // The change itself is committed; losing its record must not go unnoticed.
    app.log.error({ err: error, audit: row }, "audit: the record of a change could not be written");
  }
}

export interface CommandRecord {
  app: FastifyInstance;
  request: FastifyRequest;
  resource: string;
  cmdType: string;
  caller: Caller | null;
  note: AuditNote;
  input: unknown;
  form: RequestForm;
  ids: (number | string)[];
  before: Map<number, AuditSnapshot>;
  load: SnapshotLoader | undefined;
  answerData: unknown;
}

/**
 * Records one successful command: a single record's changed fields (old and new), a create's
 * values, a delete's last values, or a bulk action's ids, selection and count.
 */
export async function recordCommand(r: CommandRecord): Promise<void> {
  const { app, note, caller } = r;
  const ids = r.note.recordIds ?? (r.ids.length > 0 ? r.ids : []);
  const created = answerId(r.answerData);
  if (ids.length === 0 && created !== undefined) ids.push(created);
  const counts = answerCounts(r.answerData);
  const single = ids.length === 1 && !("allMatching" in selectionOf(r.input, r.form));

  let changes: Record<string, unknown> | null = null;
  let label = "";
  let schoolId: number | null | undefined;
  if (single) {
    const id = ids[0]!;
    const before = typeof id === "number" ? (r.before.get(id) ?? null) : null;
    const after =
      typeof id === "number" ? ((await loadSnapshots(app, r.load, [id])).get(id) ?? null) : null;
    if (before || after) {
      changes = diffValues(before?.values ?? null, after?.values ?? null);
      label = (after ?? before)!.label;
      schoolId = (after ?? before)!.schoolId;
    } else {
      changes = cleanValues((r.input ?? {}) as Record<string, unknown>);
      label = note.label ?? "";
      if (note.schoolId !== undefined) schoolId = note.schoolId;
    }
  } else {
    const labels = ids.flatMap((id) => {
      const snapshot = typeof id === "number" ? r.before.get(id) : undefined;
      return snapshot ? [snapshot.label] : [];
    });
    label = labels.slice(0, 10).join(", ") + (labels.length > 10 ? ", …" : "");
    const schools = new Set([...r.before.values()].map((s) => s.schoolId));
    if (schools.size === 1) schoolId = [...schools][0];
    changes = { ...selectionOf(r.input, r.form), ...counts };
    if (ids.length > 0) changes.ids = ids.slice(0, 1000);
  }
  if (note.changes) changes = { ...changes, ...cleanValues(note.changes) };
  if (changes && Object.keys(changes).length === 0) changes = null;

  const actor = note.actor ?? (caller ? actorOf(caller) : null);
  await write(app, {
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? "",
    actorRoleId: actor?.roleId ?? null,
    // The record's school; else the actor's (a school admin's own actions stay in its reach).
    schoolId: schoolId !== undefined ? schoolId : (actor?.schoolId ?? null),
    address: addressOf(r.request),
    module: r.resource,
    action: r.cmdType,
    recordId: ids.slice(0, 50).join(",").slice(0, 500),
    recordLabel: label.slice(0, 500),
    changes,
    count:
      counts.count ?? (single ? 1 : ids.length || (counts.created ?? 0) + (counts.updated ?? 0)),
  });
}

const actorOf = (caller: Caller) => ({
  id: caller.userId,
  name: caller.userName,
  roleId: caller.roleId,
  schoolId: caller.schoolId,
});

/** A sign-in, successful or not, with the user name tried (never the password). */
export async function recordSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  attempt: {
    userName: string;
    user: { id: number; userName: string; roleId: number; schoolId: number | null } | undefined;
    ok: boolean;
    reason?: string;
  },
): Promise<void> {
  const { user } = attempt;
  await write(app, {
    actorId: user?.id ?? null,
    actorName: (user?.userName ?? attempt.userName).slice(0, 200),
    actorRoleId: user?.roleId ?? null,
    schoolId: user?.schoolId ?? null,
    address: addressOf(request),
    module: "user",
    action: attempt.ok ? AUDIT_SIGN_IN : AUDIT_SIGN_IN_FAILED,
    recordId: user ? String(user.id) : "",
    recordLabel: attempt.userName.slice(0, 200),
    changes: attempt.reason ? { reason: attempt.reason } : null,
    count: 1,
  });
}

/** Who reads the trail, and how far: every school, the caller's, or 403 (issue 13). */
export function mayReadAudit(caller: Caller): boolean {
  return auditReach(caller) !== null;
}

export function auditScopeOf(caller: Caller): Scope {
  return { schoolId: auditReach(caller) === "all" ? null : caller.schoolId };
}

/** Removes the records older than LMS_AUDIT_DAYS. */
export async function purgeAudit(app: FastifyInstance, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - app.config.auditDays * 24 * 60 * 60 * 1000);
  return app.repos.audit.purgeBefore(before);
}

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/** The periodic purge of the trail: at start-up, then every six hours. */
export function startAuditPurge(app: FastifyInstance): () => void {
  const run = () =>
    void purgeAudit(app).catch((error: unknown) =>
      app.log.error({ err: error }, "audit: the purge of old records failed"),
    );
  const first = setTimeout(run, 5000).unref();
  const timer = setInterval(run, PURGE_EVERY_MS).unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
