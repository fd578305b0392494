import {
  encodeMessage,
  englishMessage,
  es,
  type FieldError,
  type MessageKey,
  type MessageValues,
} from "@lms/core";

/** The messages that tell the client its token is no longer good (SPEC.md §8, API.md). */
export const EXPIRED_TOKEN = "Expired token";
export const INVALID_TOKEN = "Invalid token!";

/** English text of a catalogue key, with its values. */
export function text(key: MessageKey, values?: MessageValues): string {
  return englishMessage(encodeMessage(key, values));
}

/** An answer other than success, turned into API.md's envelope by the error handler. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors?: FieldError[];
  readonly data?: unknown;
  /** Headers of the answer (Retry-After of a 429). */
  readonly headers?: Record<string, string>;

  constructor(
    status: number,
    code: MessageKey | "validation",
    options: {
      message?: string;
      errors?: FieldError[];
      data?: unknown;
      values?: MessageValues;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(
      options.message ??
        (code === "validation" ? text("csv.invalidRow") : text(code, options.values)),
    );
    this.status = status;
    this.code = code;
    if (options.errors) this.errors = options.errors;
    if (options.data !== undefined) this.data = options.data;
    if (options.headers) this.headers = options.headers;
  }
}

export const notFound = () => new ApiError(404, "errors.notFound");
export const forbidden = () => new ApiError(403, "errors.forbidden");
/** A 409 with SPEC.md §8's conflict text; `field`: the field whose value is taken. */
export const conflict = (key: MessageKey, field?: string) =>
  new ApiError(409, key, field ? { errors: [fieldError(field, key)] } : {});
export const tooLarge = () => new ApiError(413, "errors.tooLarge");
/** 429 with the catalogue's message; `retryAfter`: seconds to wait (the Retry-After header). */
export const tooManyAttempts = (retryAfter?: number) =>
  new ApiError(429, "auth.tooManyAttempts", {
    ...(retryAfter === undefined
      ? {}
      : { headers: { "retry-after": String(retryAfter) }, data: { retryAfter } }),
  });

/** The same answer, sent with Connection: close (the rest of the body is not read). */
export function closing(error: ApiError): ApiError {
  return new ApiError(error.status, error.code as MessageKey, {
    message: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
    ...(error.data === undefined ? {} : { data: error.data }),
    headers: { ...error.headers, connection: "close" },
  });
}

/** A 401 whose message the client recognises (SPEC.md §8: 'Expired token' or 'Invalid token!'). */
export function unauthenticated(expired: boolean): ApiError {
  return new ApiError(401, "auth.sessionExpired", {
    message: expired ? EXPIRED_TOKEN : INVALID_TOKEN,
  });
}

export function fieldError(
  field: string,
  key: MessageKey,
  values?: MessageValues,
  row?: number,
): FieldError {
  return {
    field,
    ...(row === undefined ? {} : { row }),
    code: key,
    message: text(key, values),
    ...(values ? { values } : {}),
  };
}

/** A 422 for one field (or several), with the first error's text as the message. */
export function invalid(errors: FieldError[]): ApiError {
  return new ApiError(422, "validation", {
    message: errors[0]?.message ?? es["validation.invalidValue"],
    errors,
  });
}

export const invalidField = (field: string, key: MessageKey, values?: MessageValues) =>
  invalid([fieldError(field, key, values)]);

/** PostgreSQL error codes the server answers without a 500. */
export function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === "23505";

/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** PostgreSQL's codes for a connection lost or refused, a server shutting down or starting. */
const UNAVAILABLE_CODES = /^(08...|57P01|57P02|57P03|53300)$/;
/** The drivers' own errors: a socket refused or cut, a pool or query timeout, PGlite closed. */
const UNAVAILABLE_SYSTEM_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT"]);
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end|PGlite is closed)/;

/**
 * Whether an error says the database cannot be reached now (not that the command was wrong): the
 * command answers 503 and the client tries again. Walks the causes the ORM wraps errors in.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (
      typeof code === "string" &&
      (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_SYSTEM_CODES.has(code))
    )
      return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** 503 with Retry-After: the database cannot be reached (a stop, a lost connection, a timeout). */
export const unavailable = (
  code: "errors.unavailable" | "errors.fileStoreUnavailable" = "errors.unavailable",
) =>
  new ApiError(503, code, {
    headers: { "retry-after": String(UNAVAILABLE_RETRY_SECONDS) },
  });
