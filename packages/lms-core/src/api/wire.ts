import { esClient as es } from "../i18n/es-client";
import type { ApiEnvelope, ApiFailure, ApiResult } from "./types";

/**
 * What a call to the main service or the class service sends and what it answers (SPEC.md §7,
 * API.md): the multipart form, the URL, the JSON envelope and the progress lines. The session's
 * part (the status check, expiry) is api/client.ts's.
 */

/** Messages of the main service that mean the token is no longer good (SPEC.md §8). */
export const EXPIRED_TOKEN_MESSAGES = ["Expired token", "Invalid token!"] as const;

export type FieldValue = unknown;

export interface RequestOptions {
  /** Path under the service base, e.g. "/school/". */
  path: string;
  cmdType?: string;
  /** Form fields; objects and arrays travel as JSON text (API.md). */
  fields?: Record<string, FieldValue>;
  /** Ordered fields, for repeated names such as filter[values][]. */
  entries?: [string, string][];
  files?: Record<string, Blob | { blob: Blob; filename: string }>;
  method?: string;
  /** Use this token instead of the session's. */
  token?: string;
  /** Send the token in the query string (?token=) as well, for downloads and frames. */
  queryToken?: boolean;
  /** "class" sends wstoken to the class service instead of the bearer token. */
  service?: "main" | "class";
  /** The login status check runs before every call unless this is false. */
  checkStatus?: boolean;
  signal?: AbortSignal;
  /** Outlives the page (fetch keepalive): a last save as the page is hidden or closed. */
  keepalive?: boolean;
}

export interface DownloadResult {
  ok: true;
  blob: Blob;
  filename: string;
}

export const sessionExpired = (): ApiFailure => ({
  ok: false,
  status: 401,
  code: "auth.sessionExpired",
  message: es["auth.sessionExpired"],
});

export const noInternet = (): ApiFailure => ({
  ok: false,
  status: 0,
  code: "errors.noInternet",
  message: es["errors.noInternet"],
});

/** A service's base URL and a command's path, as the client requests them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`;
}

function appendValue(form: FormData, name: string, value: FieldValue) {
  if (value === undefined) return;
  if (value === null) form.append(name, "");
  else if (typeof value === "object") form.append(name, JSON.stringify(value));
  else form.append(name, String(value));
}

/** The form of a call: its command, fields, token, then files. */
export function buildForm(request: RequestOptions, token: string | null): FormData {
  const form = new FormData();
  if (request.cmdType) form.append("cmdType", request.cmdType);
  for (const [name, value] of Object.entries(request.fields ?? {})) appendValue(form, name, value);
  for (const [name, value] of request.entries ?? []) form.append(name, value);
  // The token goes before the files: the server checks it before reading any file.
  if (token) {
    if (request.service === "class") form.append("wstoken", token);
    else form.append("Authorization", `Bearer ${token}`);
  }
  for (const [name, file] of Object.entries(request.files ?? {})) {
    if (file instanceof Blob) form.append(name, file);
    else form.append(name, file.blob, file.filename);
  }
  return form;
}

/** The JSON envelope of an answer (a generic failure when it is not JSON). */
export async function readEnvelope(response: Response): Promise<ApiEnvelope> {
  try {
    return (await response.json()) as ApiEnvelope;
  } catch {
    return { status: response.status, message: es["errors.generic"] };
  }
}

/** Whether an answer's message says the token is no longer good. */
export const isExpiredMessage = (message: string | undefined): boolean =>
  message !== undefined && (EXPIRED_TOKEN_MESSAGES as readonly string[]).includes(message);

/** An answer's status and envelope as a result. */
export function envelopeResult<T>(response: Response, body: ApiEnvelope): ApiResult<T> {
  if (response.ok) {
    return { ok: true, status: response.status, message: body.message, data: body.data as T };
  }
  return {
    ok: false,
    status: response.status,
    code: body.code,
    message: body.message ?? es["errors.generic"],
    errors: body.errors,
    ...(body.data === undefined ? {} : { data: body.data }),
  };
}

/**
 * Reads an answer of progress lines (`application/x-ndjson`): every line but the last is
 * `{ progress }`, handed to onProgress as it arrives; the last, the usual answer, is returned
 * (null when there is none). A broken connection throws.
 */
export async function readProgressLines<P>(
  body: ReadableStream<Uint8Array>,
  onProgress: (progress: P) => void,
): Promise<ApiEnvelope | null> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  let last: ApiEnvelope | null = null;
  const take = (line: string) => {
    if (line.trim() === "") return;
    const parsed = JSON.parse(line) as { progress?: P } & ApiEnvelope;
    if (parsed.progress !== undefined) onProgress(parsed.progress);
    else last = parsed;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    let end: number;
    while ((end = buffered.indexOf("\n")) >= 0) {
      take(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
  }
  take(buffered);
  return last;
}
