import { PassThrough } from "node:stream";
import {
  BULK_UPLOAD_MODES,
  checkBulkUploadRows,
  decodeMessage,
  englishMessage,
  es,
  type BulkRowResult,
  type BulkUploadAnswer,
  type BulkUploadLookup,
  type BulkUploadMode,
  type BulkUploadProgress,
  type FieldError,
  type FileRecord,
  type MessageKey,
  type UserValues,
} from "@lms/core";
import { GLOBAL_SCOPE, type Caller } from "./caller";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuditNote } from "./audit";
import {
  ApiError,
  fieldError,
  invalidField,
  isDatabaseUnavailable,
  pgCode,
  text,
  unavailable,
} from "../lib/errors";
import { fieldValue, type RequestForm, type UploadedFile } from "../lib/form";
import { MAX_ID } from "../lib/inputs";
import type { Executor } from "../db/client";
import { bulkUploadLabels, bulkUploadLookup } from "./bulk-upload-names";
import { roleRightsReader, schoolForRole, verdictOn, verdictOnRole } from "./user-authority";
import { writeBatch, type Writes } from "./bulk-upload-writes";
import { recordBatches, scanFile, type Scan } from "./bulk-upload-file";

/** What an upload takes of its command's context (dispatch/commands.ts CommandContext). */
export interface BulkUploadContext {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  caller: Caller;
  form: RequestForm;
  file(field: string): UploadedFile | undefined;
  audit: AuditNote;
}

/** Thrown inside the transaction to roll back a real run that found a bad row. */
class RowsRefused extends Error {}

/**
 * Bulk upload (issue 4): a CSV of @lms/core's columns, mode add or upsert, dry run or real run.
 * Every row is checked as the user form would be, plus what only the server knows: its role name
 * and school code name a role and a school in the caller's reach (services/bulk-upload-names,
 * issue 13), the role it gives and the existing user it updates are within the caller's reach
 * (services/user-authority, as for one user), the school exists, names and e-mails are free. A
 * real run writes every row in one transaction or none, and sends each new user an activation
 * link.
 *
 * Issue 14: the file is read as a stream, twice (a quick first read checks the header and counts
 * the rows and the names they use; the second checks and writes them batch by batch), so memory
 * holds a batch and each row's short result, never the file or every row's values. With
 * `progress=1` the answer is a stream of lines (application/x-ndjson): `{ progress }` after each
 * batch, then the usual answer with its `status`; a failure found before the first line (the
 * caller, the fields, a file that is not a valid CSV) is answered as usual.
 */
export async function runBulkUpload(ctx: BulkUploadContext) {
  const { caller, form, reply } = ctx;
  const modeField = fieldValue(form.entries, "mode") || "add";
  if (!(BULK_UPLOAD_MODES as readonly string[]).includes(modeField)) {
    throw invalidField("mode", "validation.invalidValue");
  }
  const mode = modeField as BulkUploadMode;
  const flag = (name: string) =>
    ["1", "true", "on", "yes"].includes((fieldValue(form.entries, name) ?? "").toLowerCase());
  const dryRun = flag("dryRun");
  const file = ctx.file("file");
  if (!file || file.size === 0) throw invalidField("file", "validation.required");

  // From a school's Users tab: rows that name no school go to it (issue 13). Scope and
  // rights are checked per row below, as for a school named in the file.
  const schoolField = fieldValue(form.entries, "schoolId");
  const presetSchoolId = schoolField ? Number(schoolField) : undefined;
  if (
    presetSchoolId !== undefined &&
    !(Number.isInteger(presetSchoolId) && presetSchoolId > 0 && presetSchoolId <= MAX_ID)
  ) {
    throw invalidField("schoolId", "validation.invalidValue");
  }
  const scan = await scanFile(file);
  const upload: Upload = {
    ctx,
    caller,
    mode,
    dryRun,
    file,
    presetSchoolId,
    total: scan.total,
    ...(await lookups(ctx, scan, presetSchoolId)),
  };
  if (!flag("progress")) return checkAndWrite(upload, () => {});

  const lines = new PassThrough();
  const send = (value: unknown) => lines.write(JSON.stringify(value) + "\n");
  void reply
    .code(200)
    .header("content-type", "application/x-ndjson; charset=utf-8")
    .header("cache-control", "no-store")
    .send(lines);
  send({ progress: { total: scan.total, checked: 0, written: 0 } });
  try {
    const answer = await checkAndWrite(upload, (progress) => send({ progress }));
    send({ status: 200, code: answer.message, message: text(answer.message), data: answer.data });
    ctx.audit.answer = answer.data;
  } catch (error) {
    // The headers are gone: the failure is the last line, and the command is not audited.
    ctx.audit.failed = true;
    send(failureLine(error, ctx));
  } finally {
    // The dispatcher ends the answer once the upload is in the audit trail.
    ctx.audit.end = () => lines.end();
  }
  return { streamed: true } as const;
}

function failureLine(error: unknown, ctx: BulkUploadContext) {
  if (error instanceof ApiError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
      ...(error.data === undefined ? {} : { data: error.data }),
    };
  }
  // The database away mid-upload (the transaction is rolled back): the 503 others answer.
  if (isDatabaseUnavailable(error)) {
    const away = unavailable();
    return { status: away.status, code: away.code, message: away.message };
  }
  if (/^(22|23)/.test(pgCode(error) ?? "")) {
    return {
      status: 422,
      code: "validation.invalidValue",
      message: text("validation.invalidValue"),
    };
  }
  ctx.request.log.error({ err: error }, "bulk upload failed");
  return { status: 500, code: "errors.generic", message: es["errors.generic"] };
}

interface Upload {
  ctx: BulkUploadContext;
  caller: Caller;
  mode: BulkUploadMode;
  dryRun: boolean;
  file: UploadedFile;
  presetSchoolId: number | undefined;
  total: number;
  lookup: BulkUploadLookup;
  labels: { roles: Map<number, string>; schools: Map<number, string> };
  /** Schools that exist, of those the rows may name. */
  schools: Set<number>;
}

/** Role names and school codes to ids within the caller's reach, and the names rows show. */
async function lookups(ctx: BulkUploadContext, scan: Scan, presetSchoolId?: number) {
  const { app, caller } = ctx;
  // Role names and school codes to ids, within the caller's reach (services/bulk-upload-names).
  const lookup = await bulkUploadLookup(app, caller, scan);
  const roleIds = [...new Set([...scan.roleIds, ...lookup.roles.values()])];
  const schoolIds = [
    ...new Set([
      ...scan.schoolIds,
      ...lookup.schools.values(),
      ...(presetSchoolId === undefined ? [] : [presetSchoolId]),
    ]),
  ];
  const labels = await bulkUploadLabels(app, caller, roleIds, schoolIds);
  const schools = new Set<number>();
  for (let i = 0; i < schoolIds.length; i += 5000) {
    const found = await app.repos.schools.findByIdsOrCodes(
      schoolIds.slice(i, i + 5000),
      [],
      GLOBAL_SCOPE,
    );
    for (const school of found) schools.add(school.id);
  }
  return { lookup, labels, schools };
}

/**
 * The second read: each batch of rows checked (on a real run inside the one transaction, which
 * also writes the batch while no row has failed), then the answer: every row's result, or a 422
 * with them when a row failed (a real run then rolls everything back).
 */
async function checkAndWrite(
  upload: Upload,
  onProgress: (progress: BulkUploadProgress) => void,
): Promise<{ message: "bulk.done"; data: BulkUploadAnswer }> {
  const { ctx, dryRun, total } = upload;
  const { app } = ctx;
  const results: BulkRowResult[] = [];
  const seen = { emails: new Map<string, number>(), names: new Map<string, number>() };
  const progress: BulkUploadProgress = { total, checked: 0, written: 0 };
  let created = 0;
  let updated = 0;
  let failed = 0;

  const run = async (db: Executor | undefined) => {
    const rightsOf = roleRightsReader(app, db);
    const writes: Writes = { creates: [], updates: [] };
    for await (const records of recordBatches(upload.file)) {
      writes.creates = [];
      writes.updates = [];
      const batchFailures = await checkBatch(upload, records, seen, rightsOf, db, results, writes);
      failed += batchFailures;
      progress.checked += records.length;
      if (db && failed === 0) {
        await writeBatch(upload.ctx.app, upload.caller, db, writes);
        progress.written += writes.creates.length + writes.updates.length;
      }
      created += writes.creates.length;
      updated += writes.updates.length;
      onProgress({ ...progress });
    }
    if (db && failed > 0) throw new RowsRefused();
  };

  if (dryRun) await run(undefined);
  else {
    try {
      await app.repos.transaction((tx) => run(tx));
      app.auth.deliver();
    } catch (error) {
      if (!(error instanceof RowsRefused)) throw error;
    }
  }
  const summary: BulkUploadSummary = {
    mode: upload.mode,
    dryRun,
    total: results.length,
    created: failed ? 0 : created,
    updated: failed ? 0 : updated,
    errors: failed,
  };
  if (failed > 0 && !dryRun) {
    // Nothing is written unless every row is valid (API.md).
    const bad = results.filter((r) => r.code !== null);
    throw new ApiError(422, "validation", {
      errors: bad.flatMap((r) => (r.errors.length ? r.errors : [rowError(r)])),
      data: { ...summary, rows: results },
    });
  }
  return { message: "bulk.done", data: { ...summary, rows: results } };
}

type BulkUploadSummary = Omit<BulkUploadAnswer, "rows">;

/** Checks one batch of rows, adds their results, and the rows to write; answers the failures. */
async function checkBatch(
  upload: Upload,
  records: FileRecord[],
  seen: { emails: Map<string, number>; names: Map<string, number> },
  rightsOf: ReturnType<typeof roleRightsReader>,
  db: Executor | undefined,
  results: BulkRowResult[],
  writes: Writes,
): Promise<number> {
  const { ctx, caller, mode, lookup, labels, schools } = upload;
  const { app } = ctx;
  const rows = checkBulkUploadRows(
    { records },
    { schoolId: upload.presetSchoolId, lookup, seen },
  ).rows;
  const valid = rows.filter((r) => r.values !== null);
  const existing = await app.repos.users.findExisting(
    valid.map((r) => r.values!.userName),
    valid.map((r) => r.values!.email),
    db,
  );
  const byName = new Map(existing.map((u) => [u.userName.toLowerCase(), u]));
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));
  let failed = 0;

  for (const row of rows) {
    const errors: FieldError[] = row.errors.map((e) => {
      const d = decodeMessage(e.message);
      return {
        field: e.field,
        row: row.line,
        code: d.key,
        message: englishMessage(e.message),
        ...(d.values ? { values: d.values } : {}),
      };
    });
    let action: BulkRowResult["action"] = null;
    let schoolId: number | null = null;
    let role = row.raw.role || row.raw.roleId || "";
    let school = row.raw.school || row.raw.schoolId || "";
    const values = row.values as UserValues | null;
    if (values) {
      schoolId = schoolForRole(values.roleId, values.schoolId);
      const sameName = byName.get(values.userName.toLowerCase());
      const sameEmail = byEmail.get(values.email.toLowerCase());
      // An upserted row that is the caller's own record keeps its role and school.
      const self = mode === "upsert" && sameName?.id === caller.userId ? sameName : undefined;
      const verdict = verdictOnRole(
        caller,
        { roleId: values.roleId, rights: await rightsOf(values.roleId), schoolId },
        self,
      );
      // Errors go to the column the row gave its role or school in (id or name).
      const { role: roleField, school: schoolField } = row.fields;
      if (verdict === "unknownRole")
        errors.push(fieldError(roleField, "validation.invalidValue", undefined, row.line));
      else if (verdict === "forbidden")
        errors.push(fieldError(roleField, "errors.forbidden", undefined, row.line));
      if (verdict === "outOfScope")
        errors.push(fieldError(schoolField, "errors.forbidden", undefined, row.line));
      else if (schoolId !== null && !schools.has(schoolId))
        errors.push(fieldError(schoolField, "validation.invalidValue", undefined, row.line));
      if (verdict === "allowed") {
        role = labels.roles.get(values.roleId) ?? role;
        school = schoolId === null ? "" : (labels.schools.get(schoolId) ?? school);
      }
      if (mode === "add" || !sameName) {
        if (sameName)
          errors.push(fieldError("userName", "errors.userCreateConflict", undefined, row.line));
        if (sameEmail)
          errors.push(fieldError("email", "errors.userCreateConflict", undefined, row.line));
        action = "create";
      } else {
        // The user it updates is within the caller's reach (out of scope or above: refused).
        const reach = verdictOn(caller, sameName, await rightsOf(sameName.roleId), "edit");
        if (reach !== "allowed")
          errors.push(fieldError("userName", "errors.forbidden", undefined, row.line));
        // One's own e-mail changes only through the profile (current password, old address told).
        if (self && values.email.toLowerCase() !== self.email.toLowerCase())
          errors.push(fieldError("email", "errors.forbidden", undefined, row.line));
        if (sameEmail && sameEmail.id !== sameName.id)
          errors.push(fieldError("email", "errors.userUpdateConflict", undefined, row.line));
        action = "update";
      }
      if (errors.length === 0) {
        if (action === "create") writes.creates.push({ values, schoolId });
        else writes.updates.push({ id: sameName!.id, values, schoolId });
      }
    }
    const rowCode = (
      row.rowMessage ? decodeMessage(row.rowMessage).key : errors.length ? "csv.invalidRow" : null
    ) as MessageKey | null;
    if (rowCode) failed += 1;
    results.push({
      line: row.line,
      userName: row.raw.userName ?? "",
      email: row.raw.email ?? "",
      role,
      school,
      action: errors.length || row.rowMessage ? null : action,
      code: rowCode,
      message: rowCode ? englishMessage(rowCode) : null,
      errors,
    });
  }
  return failed;
}

function rowError(result: BulkRowResult): FieldError {
  return fieldError("", result.code ?? "csv.invalidRow", undefined, result.line);
}
