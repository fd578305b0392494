import type { PermissionModule, Right } from "../constants";
import type { MessageKey } from "../i18n/es";

/** Who may run a command: a right of the permission matrix, any signed-in user, or anyone. */
export type CommandAccess = { module: PermissionModule; right: Right } | "signedIn" | "public";

/**
 * How the answer travels: `json` the envelope with `data`; `list` the envelope with one page of
 * rows (the output schema is a row's); `file` a download (CSV, a material's file); `progress`
 * newline-delimited progress lines ending with the envelope (a long bulk upload).
 */
export type AnswerKind = "json" | "list" | "file" | "progress";

/** The statuses a command may answer besides 200, each with the catalogue keys it may carry. */
export type ErrorStatus =
  400 | 401 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 503;
export type ErrorCode = MessageKey | "validation";
export type CommandErrors = Partial<Record<ErrorStatus, readonly ErrorCode[]>>;

/** A list request's schema (page, sort, search, filters): a list's, or an export's. */
export interface ListRequestSchema {
  _zod: { output: { page: number; sortOrder: unknown } };
}

/** A resource's path under the service's base. */
export function commandPath(resource: string): string {
  return `/${resource}/`;
}

/** Any zod schema (classic or mini): its `_zod` carries the input and output types. */
export interface ContractSchema {
  _zod: { input: unknown; output: unknown };
}

export interface CommandOptions<
  I extends ContractSchema | undefined = ContractSchema | undefined,
  O extends ContractSchema | undefined = ContractSchema | undefined,
  A extends AnswerKind = AnswerKind,
> {
  /** One English sentence for the reference (/api/docs). */
  description: string;
  access: CommandAccess;
  /** Only for users without a school (admin, rex admin, lsg). */
  globalOnly?: boolean;
  /** What it takes, validated by the server with this very schema. */
  input?: I;
  /** The answer's `data` (`json`, `progress`), or one row (`list`). */
  output?: O;
  answer?: A;
  /**
   * `read`: changes nothing a session depends on and is not recorded in the audit trail. `write`
   * (the default): the server forgets its kept sessions after it (a user, role or session may
   * have changed) and records it; `keepsSessions`/`audited` narrow that.
   */
  effect?: "read" | "write";
  keepsSessions?: boolean;
  audited?: boolean;
  /** The statuses and codes it answers beyond those every command may (see commonErrors). */
  errors?: CommandErrors;
}

export interface CommandSpec<
  I extends ContractSchema | undefined = ContractSchema | undefined,
  O extends ContractSchema | undefined = ContractSchema | undefined,
  A extends AnswerKind = AnswerKind,
> {
  resource: string;
  cmdType: string;
  /** Under the service's base: "/<resource>/". */
  path: string;
  description: string;
  access: CommandAccess;
  globalOnly: boolean;
  input: I;
  output: O;
  answer: A;
  /** A download sent as a list request (an export: the list's search, sort and filters). */
  listRequest: boolean;
  keepsSessions: boolean;
  audited: boolean;
  errors: CommandErrors;
}

type SpecOf<T> =
  T extends CommandOptions<infer I, infer O, infer A>
    ? CommandSpec<
        undefined extends I ? Exclude<I, undefined> | undefined : I,
        undefined extends O ? Exclude<O, undefined> | undefined : O,
        AnswerKind extends A ? "json" : A
      >
    : never;

/** A resource's commands, keyed by cmdType: the one declaration server and clients share. */
export type ResourceContract<T extends Record<string, CommandOptions>> = {
  readonly [K in keyof T]: SpecOf<T[K]> & { cmdType: K & string };
};

export function defineCommands<const T extends Record<string, CommandOptions>>(
  resource: string,
  commands: T,
): ResourceContract<T> {
  const specs: Record<string, CommandSpec> = {};
  for (const [cmdType, options] of Object.entries(commands)) {
    const read = options.effect === "read";
    specs[cmdType] = {
      resource,
      cmdType,
      path: commandPath(resource),
      description: options.description,
      access: options.access,
      globalOnly: options.globalOnly ?? false,
      input: options.input,
      output: options.output,
      answer: options.answer ?? "json",
      listRequest: options.answer === "file" && isListRequest(options.input),
      keepsSessions: options.keepsSessions ?? read,
      audited: options.audited ?? !read,
      errors: options.errors ?? {},
    };
  }
  return specs as ResourceContract<T>;
}

function isListRequest(input: ContractSchema | undefined): boolean {
  const shape = (input as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape !== undefined && "page" in shape && "sortOrder" in shape;
}

/** A command's options, typed for defineCommands (keeps the schema types when written apart). */
export function commandSpec<
  I extends ContractSchema | undefined = undefined,
  O extends ContractSchema | undefined = undefined,
  A extends AnswerKind = "json",
>(options: CommandOptions<I, O, A>): CommandOptions<I, O, A> {
  return options;
}

/**
 * What any command may answer by its shape alone: 400 for a malformed body, 415 for a body that
 * is not a form, 413 past the size limits, 422 for an input that fails its schema, 401 for a
 * missing or ended session, 403 without the right.
 */
export function commonErrors(spec: CommandSpec): CommandErrors {
  const errors: CommandErrors = {
    400: ["validation.invalidValue"],
    413: ["errors.tooLarge"],
    415: ["validation.invalidValue"],
    // The database or the file store away (a stop, a lost connection, a timeout): try again
    // after Retry-After.
    503: ["errors.unavailable", "errors.fileStoreUnavailable"],
  };
  if (spec.input) errors[422] = ["validation"];
  if (spec.access !== "public") {
    errors[401] = ["auth.sessionExpired"];
    errors[403] = ["errors.forbidden"];
  }
  return errors;
}

/** Every status and code a command may answer: its own and the common ones. */
export function errorsOf(spec: CommandSpec): CommandErrors {
  const all: Partial<Record<ErrorStatus, ErrorCode[]>> = {};
  for (const source of [commonErrors(spec), spec.errors]) {
    for (const [status, codes] of Object.entries(source)) {
      const kept = (all[Number(status) as ErrorStatus] ??= []);
      for (const code of codes) if (!kept.includes(code)) kept.push(code);
    }
  }
  return all;
}

/** Whether the command declares this answer (strict contract checks in the server's tests). */
export function declaresError(spec: CommandSpec, status: number, code: string): boolean {
  const codes = errorsOf(spec)[status as ErrorStatus];
  return codes !== undefined && (codes as readonly string[]).includes(code);
}
