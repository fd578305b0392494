import {
  CONTRACT,
  commandSpecOf,
  type CommandSpec,
  type Contract,
  type ContractResource,
  type MessageKey,
  type PermissionModule,
  type Right,
} from "@lms/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { InputSchema } from "../lib/command-io";
import type { RequestForm, UploadedFile } from "../lib/form";
import type { Act } from "../services/user-authority";
import type { AuditNote, SnapshotLoader } from "../services/audit";
import type { Caller } from "../services/caller";
import type { Reader } from "../services/viewer";

type Output<S> = S extends { _zod: { output: infer O } } ? O : Record<string, never>;

export interface CommandContext<I, C extends Caller | null = Caller> {
  app: FastifyInstance;
  request: FastifyRequest;
  reply: FastifyReply;
  input: I;
  caller: C;
  form: RequestForm;
  /** The uploaded file of one field, if any. */
  file(field: string): UploadedFile | undefined;
  /** What the handler adds to the command's audit record (services/audit.ts). */
  audit: AuditNote;
  /** Whose journey the command reads, when it declares a `reader` rule (else null). */
  reader: Reader | null;
}

/** What a handler answers: a catalogue key for the message, and the data. */
export interface Answer {
  status?: number;
  message?: MessageKey;
  data?: unknown;
  /**
   * The handler sends its answer as a stream, ended by the audit note's `end` once the command is
   * recorded (it cannot return the reply: awaiting a reply waits for its answer to end).
   */
  streamed?: true;
}

/** A handler that has written the reply itself (files, CSV) returns the reply. */
export type HandlerResult = Answer | FastifyReply;

/**
 * The other users a command acts on (issue 12, "Authority has a ceiling"): services/user-authority
 * decides for each. `user`: the input field holding one user's id, checked by the dispatcher
 * before the handler runs (404 out of scope, 403 above the caller); with `otherThanCaller`, only
 * when the field is given and names someone else (the caller's own branch needs no authority),
 * and then only for a caller with `right`. `byHandler`: targets the handler checks, inside its
 * transaction, with the same service: `ids` the users of `id`/`ids`/`allMatching`, `students` the
 * `ids` of a class, `rows` the users of an uploaded file, `role` the role a new user gets.
 */
export type UserTarget =
  | {
      user: string;
      act: Act;
      otherThanCaller?: boolean;
      right?: { module: PermissionModule; right: Right };
    }
  | { byHandler: "ids" | "students" | "rows" | "role" };

/**
 * A read of a student's journey (services/viewer `readerOf`): `user` is the input field naming
 * whose journey (absent: the caller's own). The dispatcher decides it after validation and before
 * the handler (403 without the right, 404 out of reach) and hands it over as `ctx.reader`.
 */
export interface ReaderRule {
  user: string;
}

export interface CommandDef {
  /** Its declaration in @lms/core's contract: who may run it, its input, answer and effect. */
  spec: CommandSpec;
  /** The other users it acts on, if any. */
  target: UserTarget | undefined;
  /** A rule beyond the permission matrix (a service's), asked after it: false is a 403. */
  allow: ((caller: Caller) => boolean) | undefined;
  /** Whose journey it reads, if it reads one. */
  reader: ReaderRule | undefined;
  /** The record it changes is the caller's own (the audit trail's record id). */
  auditsCaller: boolean;
  /** Largest file this command accepts, in bytes (0: none), or the configured material limit. */
  maxFileBytes: FileLimit;
  /** An update's record as stored: the fields a request leaves out keep these values. */
  stored: StoredRecord | undefined;
  run(ctx: CommandContext<unknown, Caller | null>): Promise<HandlerResult>;
}

/**
 * The record an update names by its `id`, in its input's field names (null: none, and the handler
 * answers as it would). A field the request does not send keeps the stored value; clearing one is
 * sending it empty.
 */
export type StoredRecord = (app: FastifyInstance, id: number) => Promise<object | null | undefined>;

/** Bytes, or "materials": LMS_MAX_UPLOAD_MB (config.uploads.materialBytes). */
export type FileLimit = number | "materials";

export function fileLimit(limit: FileLimit, config: FastifyInstance["config"]): number {
  return limit === "materials" ? config.uploads.materialBytes : limit;
}

type SpecInput<S extends CommandSpec> = S["input"] extends InputSchema ? S["input"] : undefined;
type SpecCaller<S extends CommandSpec> = S["access"] extends "public" ? null : Caller;

/** The server's part of a command: the rules beyond the contract's, and the handler. */
interface ImplementOptions<S extends CommandSpec> {
  target?: UserTarget;
  allow?: (caller: Caller) => boolean;
  reader?: ReaderRule;
  auditsCaller?: boolean;
  maxFileBytes?: FileLimit;
  stored?: StoredRecord;
  handler(ctx: CommandContext<Output<SpecInput<S>>, SpecCaller<S>>): Promise<HandlerResult>;
}

/**
 * A command of @lms/core's contract, implemented: who may run it, its input and its answer come
 * from the declaration (STYLE.md "server"); the server adds on whom (target, reader, allow) and
 * the handler.
 */
export function implement<S extends CommandSpec>(
  spec: S,
  options: ImplementOptions<S>,
): CommandDef {
  return {
    spec,
    target: options.target,
    allow: options.allow,
    reader: options.reader,
    auditsCaller: options.auditsCaller ?? false,
    maxFileBytes: options.maxFileBytes ?? 0,
    stored: options.stored,
    run: (ctx) => options.handler(ctx as CommandContext<Output<SpecInput<S>>, SpecCaller<S>>),
  };
}

/** The largest file any command of a resource takes, in bytes (0: none). */
export function largestFile(resource: Resource, config: FastifyInstance["config"]): number {
  return Math.max(
    0,
    ...Object.values(resource.commands).map((c) => fileLimit(c.maxFileBytes, config)),
  );
}

export interface Resource {
  /** The path segment: /api/<name>/. */
  name: string;
  commands: Record<string, CommandDef>;
  /** A record's auditable values by id, so that the audit trail shows what a command changed. */
  snapshot?: SnapshotLoader;
}

/**
 * A resource of the main service, as @lms/core's contract declares it: it implements exactly the
 * declared commands, each with its own declaration, or the server does not start (a command
 * without a declaration cannot be registered).
 */
export function defineResource<N extends ContractResource>(
  name: N,
  commands: { [C in keyof Contract[N]]: CommandDef },
  options: { snapshot?: SnapshotLoader } = {},
): Resource {
  const declared: Record<string, CommandSpec> = CONTRACT[name];
  for (const cmdType of Object.keys(declared)) {
    if (!Object.hasOwn(commands, cmdType)) throw new Error(`${name}.${cmdType} is not implemented`);
  }
  for (const [cmdType, def] of Object.entries(commands as Record<string, CommandDef>)) {
    if (def.spec !== commandSpecOf(name, cmdType)) {
      throw new Error(`${name}.${cmdType} has no declaration in the contract`);
    }
  }
  return { name, commands: commands as Record<string, CommandDef>, ...options };
}
