import type { LinkRecipient } from "../../plugins/app/auth";
import {
  BULK_UPLOAD_MODES,
  checkBulkUploadRows,
  decodeMessage,
  englishMessage,
  readBulkUploadCsv,
  type BulkUploadMode,
  type FieldError,
  type MessageKey,
  type UserValues,
} from "@lms/core";
import type { CommandContext } from "../../lib/commands";
import { ApiError, fieldError, invalidField } from "../../lib/errors";
import { fieldValue, readUpload } from "../../lib/form";
import { MAX_ID } from "../../lib/inputs";
import { bulkUploadLabels, bulkUploadLookup } from "../../services/bulk-upload-names";
import {
  roleRightsReader,
  schoolForRole,
  verdictOn,
  verdictOnRole,
} from "../../services/user-authority";
import { by } from "./shared";
import { userWrite } from "./user";

export interface BulkRowResult {
  line: number;
  userName: string;
  email: string;
  /** The role's name (its cell when the row's role is refused) and the school's code, if reached. */
  role: string;
  school: string;
  /** What the row does (or would do, on a dry run); null when it has errors. */
  action: "create" | "update" | null;
  code: MessageKey | null;
  message: string | null;
  errors: FieldError[];
}

/**
 * Bulk upload (issue 4): a CSV of @lms/core's columns, mode add or upsert, dry run or real run.
 * Every row is checked as the user form would be, plus what only the server knows: its role name
 * and school code name a role and a school in the caller's reach (services/bulk-upload-names,
 * issue 13), the role it gives and the existing user it updates are within the caller's reach
 * (services/user-authority, as for one user), the school exists, names and e-mails are free. A real run writes every row in
 * one transaction or none, and sends each new user an activation link.
 */
export async function runBulkUpload(ctx: CommandContext<unknown>) {
  const { app, caller, form } = ctx;
  const modeField = fieldValue(form.entries, "mode") || "add";
  if (!(BULK_UPLOAD_MODES as readonly string[]).includes(modeField)) {
    throw invalidField("mode", "validation.invalidValue");
  }
  const mode = modeField as BulkUploadMode;
  const dryRun = ["1", "true", "on", "yes"].includes(
    (fieldValue(form.entries, "dryRun") ?? "").toLowerCase(),
  );
  const file = ctx.file("file");
  if (!file || file.size === 0) throw invalidField("file", "validation.required");

  // From a school's Users tab: rows that name no school go to that one (issue 13). Scope and
  // rights are checked per row below, as for a school named in the file.
  const schoolField = fieldValue(form.entries, "schoolId");
  const presetSchoolId = schoolField ? Number(schoolField) : undefined;
  if (
    presetSchoolId !== undefined &&
    !(Number.isInteger(presetSchoolId) && presetSchoolId > 0 && presetSchoolId <= MAX_ID)
  ) {
    throw invalidField("schoolId", "validation.invalidValue");
  }
  const read = readBulkUploadCsv((await readUpload(file)).toString("utf8"));
  if (!read.ok) {
    throw new ApiError(422, "csv.invalid", { errors: [fieldError("file", "csv.invalid")] });
  }
  // Role names and school codes to ids, within the caller's reach (services/bulk-upload-names).
  const rows = checkBulkUploadRows(read, {
    schoolId: presetSchoolId,
    lookup: await bulkUploadLookup(app, caller, read),
  }).rows;
  const valid = rows.filter((r) => r.values !== null);
  const schoolIds = [
    ...new Set(valid.map((r) => r.values!.schoolId).filter((id): id is number => id !== undefined)),
  ];
  const rightsOf = roleRightsReader(app);
  const schools = new Set<number>();
  for (const id of schoolIds) if (await app.repos.schools.findById(id)) schools.add(id);
  const labels = await bulkUploadLabels(
    app,
    caller,
    [...new Set(valid.map((r) => r.values!.roleId))],
    schoolIds,
  );
  const existing = await app.repos.users.findExisting(
    valid.map((r) => r.values!.userName),
    valid.map((r) => r.values!.email),
  );
  const byName = new Map(existing.map((u) => [u.userName.toLowerCase(), u]));
  const byEmail = new Map(existing.map((u) => [u.email.toLowerCase(), u]));

  const results: BulkRowResult[] = [];
  const creates: { values: UserValues; schoolId: number | null }[] = [];
  const updates: { id: number; values: UserValues; schoolId: number | null }[] = [];

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
        if (action === "create") creates.push({ values, schoolId });
        else updates.push({ id: sameName!.id, values, schoolId });
      }
    }
    const rowCode = (
      row.rowMessage ? decodeMessage(row.rowMessage).key : errors.length ? "csv.invalidRow" : null
    ) as MessageKey | null;
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

  const failed = results.filter((r) => r.code !== null);
  const summary = {
    mode,
    dryRun,
    total: results.length,
    created: failed.length ? 0 : creates.length,
    updated: failed.length ? 0 : updates.length,
    errors: failed.length,
  };
  if (dryRun) {
    return { data: { ...summary, rows: results } };
  }
  if (failed.length > 0) {
    // Nothing is written unless every row is valid (API.md).
    throw new ApiError(422, "validation", {
      errors: failed.flatMap((r) => (r.errors.length ? r.errors : [rowError(r)])),
      data: { ...summary, rows: results },
    });
  }

  const who = by(caller);
  await app.repos.transaction(async (tx) => {
    const recipients: LinkRecipient[] = [];
    const loads: { userId: number; grade: number; subject: string; section: string }[] = [];
    for (let i = 0; i < creates.length; i += 2000) {
      const chunk = creates.slice(i, i + 2000);
      const ids = await app.repos.users.insertMany(
        tx,
        chunk.map((c) => userWrite(c.values, c.schoolId)),
        who,
      );
      chunk.forEach((c, index) => {
        const userId = ids[index]!;
        recipients.push({
          userId,
          email: c.values.email,
          firstName: c.values.firstName,
          lang: c.values.lang,
        });
        for (const load of c.values.assignedLoad) loads.push({ ...load, userId });
      });
    }
    await app.repos.users.insertLoads(tx, loads, who);
    for (const update of updates) {
      await app.repos.users.update(tx, update.id, userWrite(update.values, update.schoolId), who);
      await app.repos.users.setLoads(tx, update.id, update.values.assignedLoad, who);
    }
    // New users get activation links (no password is hashed during the import).
    await app.auth.issueLinks(tx, "activation", recipients, who);
  });
  app.auth.deliver();
  return { message: "bulk.done" as const, data: { ...summary, rows: results } };
}

function rowError(result: BulkRowResult): FieldError {
  return fieldError("", result.code ?? "csv.invalidRow", undefined, result.line);
}
