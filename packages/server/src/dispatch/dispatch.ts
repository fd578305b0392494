import { toFieldErrors } from "@lms/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { InputSchema } from "../lib/command-io";
import {
  ApiError,
  closing,
  forbidden,
  invalid,
  text,
  tooLarge,
  unauthenticated,
} from "../lib/errors";
import { checkAnswer, checkRefusal } from "../lib/contract-checks";
import { fieldValue, fieldsObject, readForm, removeUploads, type RequestForm } from "../lib/form";
import {
  fileLimit,
  type Answer,
  type CommandDef,
  type HandlerResult,
  type Resource,
  type StoredRecord,
  type UserTarget,
} from "./commands";
import { can, requireRight, type Caller } from "../services/caller";
import { userInReach } from "../services/user-authority";
import { readerOf, type Reader } from "../services/viewer";
import {
  isRecorded,
  binRecordIds,
  loadSnapshots,
  recordCommand,
  recordIdsOf,
  type AuditNote,
} from "../services/audit";

const FIELDS_NOT_INPUT = new Set(["cmdType", "cmdtype", "Authorization", "authorization"]);

function queryToken(request: FastifyRequest): string | undefined {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === "string" ? token : undefined;
}

/** The bearer token: form field (SPEC.md §7), Authorization header, or ?token= for downloads. */
export function tokenOf(request: FastifyRequest, entries: [string, string][]): string | null {
  const raw =
    fieldValue(entries, "Authorization", "authorization") ??
    (typeof request.headers.authorization === "string"
      ? request.headers.authorization
      : undefined) ??
    queryToken(request);
  if (!raw) return null;
  const token = raw.replace(/^Bearer\s+/i, "").trim();
  return token === "" || token.length > 200 ? null : token;
}

/** Extra room over the largest file a command takes, for the other form fields. */
export const FORM_OVERHEAD = 1024 * 1024;

function declaredLength(request: FastifyRequest): number | null {
  const raw = request.headers["content-length"];
  if (typeof raw !== "string" || !/^\d+$/.test(raw.trim())) return null;
  return Number(raw);
}

interface Decision {
  cmdType: string;
  def: CommandDef;
  caller: Caller | null;
  token: string | null;
}

/**
 * The id a `user` target names: the validated input's field, else the form's read as the handler's
 * schema reads it (Number(), as zod's coerce does), so that both see the same user.
 */
function targetId(field: string, input: unknown, form: RequestForm): number | undefined {
  const value = (input as Record<string, unknown>)[field] ?? fieldValue(form.entries, field);
  const id = typeof value === "number" ? value : value === "" ? NaN : Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** Runs a `user` target through services/user-authority (throws its 403/404). */
async function checkTarget(
  app: FastifyInstance,
  caller: Caller,
  target: Extract<UserTarget, { user: string }>,
  input: unknown,
  form: RequestForm,
): Promise<void> {
  const id = targetId(target.user, input, form);
  if (target.otherThanCaller && (id === undefined || id === caller.userId)) return;
  if (target.right) requireRight(caller, target.right.module, target.right.right);
  // Not a valid id: the handler's validation answers 422.
  if (id !== undefined) await userInReach(app, caller, id, target.act);
}

/**
 * The command of a request and its caller: authenticated and authorised (401, 403), and a
 * declared body larger than the command takes refused (413), all before any file is read.
 */
async function decide(
  app: FastifyInstance,
  resource: Resource,
  request: FastifyRequest,
  entries: [string, string][],
): Promise<Decision> {
  const cmdType = fieldValue(entries, "cmdType", "cmdtype");
  const def = cmdType
    ? Object.hasOwn(resource.commands, cmdType) && resource.commands[cmdType]
    : null;
  if (!def) {
    throw new ApiError(400, "validation.invalidValue", {
      errors: [
        {
          field: "cmdType",
          code: cmdType ? "validation.invalidValue" : "validation.required",
          message: text(cmdType ? "validation.invalidValue" : "validation.required"),
        },
      ],
    });
  }
  const declared = declaredLength(request);
  if (declared !== null && declared > fileLimit(def.maxFileBytes, app.config) + FORM_OVERHEAD) {
    throw closing(tooLarge());
  }

  let caller: Caller | null = null;
  const { access, globalOnly } = def.spec;
  const token = access === "public" ? null : tokenOf(request, entries);
  if (access !== "public") {
    if (!token) throw unauthenticated(false);
    const result = await app.auth.authenticate(token);
    if (!result.ok) throw unauthenticated(result.expired);
    caller = result.caller;
    if (typeof access === "object" && !can(caller, access.module, access.right)) {
      throw forbidden();
    }
    if (globalOnly && caller.schoolId !== null) throw forbidden();
    if (def.allow && !def.allow(caller)) throw forbidden();
  }
  return { cmdType: cmdType!, def, caller, token };
}

/**
 * Runs one command of a resource: reads the form, authenticates, authorises (permission and
 * global-only), validates the input with its @lms/core schema, checks a `user` target's
 * authority, then calls the handler.
 * Scope (the caller's school) is checked by the repositories the handler calls. `maxFileBytes`:
 * the resource's largestFile, worked out once when its route is made.
 *
 * Nothing is read that the command would refuse (issue 12): a declared body over the route's or
 * the command's limit is answered 413 before reading; the caller is authenticated and authorised
 * before the first file part (the token goes before the files), so a file from a caller who is
 * not signed in is never read; file parts stream to temporary files, removed when the call ends.
 */
export async function dispatch(
  app: FastifyInstance,
  resource: Resource,
  maxFileBytes: number,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<unknown> {
  const declared = declaredLength(request);
  if (declared !== null && declared > (request.routeOptions.bodyLimit ?? FORM_OVERHEAD)) {
    throw closing(tooLarge());
  }
  let early: Decision | undefined;
  const form = await readForm(request, {
    fileBytes: Math.max(maxFileBytes, 1),
    files: maxFileBytes > 0 ? 5 : 0,
    // As soon as the command is named, a declared body larger than it takes is refused.
    afterField: (name, value) => {
      if (name !== "cmdType" && name !== "cmdtype") return;
      const def = Object.hasOwn(resource.commands, value) ? resource.commands[value] : undefined;
      if (
        def &&
        declared !== null &&
        declared > fileLimit(def.maxFileBytes, app.config) + FORM_OVERHEAD
      ) {
        throw closing(tooLarge());
      }
    },
    beforeFiles: async (entries) => {
      early = await decide(app, resource, request, entries);
      return fileLimit(early.def.maxFileBytes, app.config);
    },
  });
  try {
    return await runCommand(app, resource, request, reply, form, early);
  } finally {
    await removeUploads(form);
  }
}

/** An update's fields not sent take their stored values (the record named by `id`). */
async function keepUnsent(
  app: FastifyInstance,
  stored: StoredRecord,
  schema: InputSchema,
  raw: Record<string, unknown>,
): Promise<void> {
  const id = Number(raw.id);
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!Number.isSafeInteger(id) || id <= 0 || !shape) return;
  const record = await stored(app, id);
  if (!record) return;
  for (const name of Object.keys(shape)) {
    // A version left out is not the stored one: the caller read none (it writes over, issue 45).
    if (name === "version") continue;
    const value = (record as Record<string, unknown>)[name];
    if (Object.hasOwn(raw, name) || value === null || value === undefined) continue;
    raw[name] = value;
  }
}

async function runCommand(
  app: FastifyInstance,
  resource: Resource,
  request: FastifyRequest,
  reply: FastifyReply,
  form: RequestForm,
  early: Decision | undefined,
): Promise<unknown> {
  // After files, which may take long to arrive, the caller is asked again (a session ended or a
  // right withdrawn meanwhile holds); the answer is usually the session cache's.
  const decision =
    early && form.files.length === 0 ? early : await decide(app, resource, request, form.entries);
  try {
    return await runDecided(app, resource, request, reply, form, early, decision);
  } catch (error) {
    if (app.config.contractChecks) checkRefusal(decision.def.spec, error);
    throw error;
  }
}

async function runDecided(
  app: FastifyInstance,
  resource: Resource,
  request: FastifyRequest,
  reply: FastifyReply,
  form: RequestForm,
  early: Decision | undefined,
  decision: Decision,
): Promise<unknown> {
  const { def, caller } = decision;
  const cmdType = decision.cmdType;
  // Fields after the files may not change what was decided before them.
  if (
    early &&
    (fieldValue(form.entries, "cmdType", "cmdtype") !== early.cmdType ||
      (early.token !== null && tokenOf(request, form.entries) !== early.token))
  ) {
    throw new ApiError(400, "validation.invalidValue");
  }

  for (const file of form.files) {
    if (file.size > fileLimit(def.maxFileBytes, app.config)) {
      throw new ApiError(413, "errors.tooLarge");
    }
  }

  let input: unknown = {};
  const schema = def.spec.input as InputSchema | undefined;
  if (schema) {
    const raw = fieldsObject(form.entries.filter(([name]) => !FIELDS_NOT_INPUT.has(name)));
    if (def.stored) await keepUnsent(app, def.stored, schema, raw);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw invalid(toFieldErrors(parsed.error as Parameters<typeof toFieldErrors>[0]));
    }
    input = parsed.data;
  }
  if (caller && def.target && "user" in def.target) {
    await checkTarget(app, caller, def.target, input, form);
  }
  const reader: Reader | null =
    caller && def.reader
      ? await readerOf(app, caller, (input as Record<string, number | undefined>)[def.reader.user])
      : null;

  // The audit trail (services/audit.ts): what the records named are before the command runs.
  const recorded = isRecorded(resource.name, cmdType, form);
  const targetField = def.target && "user" in def.target ? def.target.user : undefined;
  const note: AuditNote = {};
  const ids = !recorded
    ? []
    : def.auditsCaller && caller
      ? [caller.userId]
      : ((await binRecordIds(app, resource.name, cmdType, input, note)) ??
        recordIdsOf(input, form, targetField));
  const before = recorded ? await loadSnapshots(app, resource.snapshot, ids) : new Map();

  let result: HandlerResult;
  try {
    result = await def.run({
      app,
      request,
      reply,
      input,
      caller,
      form,
      file: (field) => form.files.find((f) => f.field === field),
      audit: note,
      reader,
    });
  } catch (error) {
    note.end?.();
    throw error;
  } finally {
    // A command that may change a user, role or session makes this process forget what it kept,
    // so that the change holds for the very next call (other processes hear of it from the
    // database).
    if (!def.spec.keepsSessions) app.auth.cache.forgetAll();
  }
  const answer = result as Answer;
  const sentByHandler = (result as unknown) === reply || reply.sent || answer.streamed === true;
  const status = sentByHandler ? reply.statusCode : (answer.status ?? 200);
  try {
    if (recorded && status < 400 && !note.failed) {
      await recordCommand({
        app,
        request,
        resource: resource.name,
        cmdType,
        caller,
        note,
        input,
        form,
        ids,
        before,
        load: resource.snapshot,
        answerData: sentByHandler ? note.answer : answer.data,
      });
    }
  } finally {
    // A streamed answer ends once its command is recorded.
    note.end?.();
  }
  if (sentByHandler) return reply;
  if (app.config.contractChecks && status < 400) checkAnswer(def.spec, answer.data);
  return reply.code(status).send({
    status,
    ...(answer.message ? { code: answer.message, message: text(answer.message) } : {}),
    ...(answer.data === undefined ? {} : { data: answer.data }),
  });
}
