import { mkdirSync } from "node:fs";
import { open, readFile, readdir, rm, stat } from "node:fs/promises";
import type { FastifyRequest } from "fastify";
import { ApiError, fieldError } from "./errors";
import { readMultipart, type RequestForm, type UploadedFile } from "./multipart";

export type { RequestForm, UploadedFile } from "./multipart";

/** The whole file (small uploads: images, CSV). */
export function readUpload(file: UploadedFile): Promise<Buffer> {
  return readFile(file.path);
}

/** The first bytes of a file (its type is told by them). */
export async function readUploadHead(file: UploadedFile, bytes = 4096): Promise<Buffer> {
  const handle = await open(file.path, "r");
  try {
    const buffer = Buffer.alloc(Math.min(bytes, file.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Removes a request's temporary files (whatever the outcome of the request). */
export async function removeUploads(form: RequestForm | undefined): Promise<void> {
  if (!form) return;
  await Promise.all(form.files.map((file) => rm(file.path, { force: true })));
}

const madeDirs = new Set<string>();

/** Parts left by a process that stopped mid-request are removed after a day. */
const STALE_PART_MS = 24 * 60 * 60 * 1000;

/** The folder of temporary uploads, made once per process (and swept of stale parts). */
export function uploadTempDir(dataDir: string): string {
  const dir = `${dataDir.replace(/\/+$/, "")}/tmp`;
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    madeDirs.add(dir);
    void sweepStaleParts(dir);
  }
  return dir;
}

async function sweepStaleParts(dir: string): Promise<void> {
  try {
    for (const name of await readdir(dir)) {
      if (!name.endsWith(".part")) continue;
      const file = `${dir}/${name}`;
      const info = await stat(file).catch(() => null);
      if (info && Date.now() - info.mtimeMs > STALE_PART_MS) await rm(file, { force: true });
    }
  } catch {
    // Best effort: a later start sweeps again.
  }
}

export interface FormLimits {
  fileBytes: number;
  files: number;
  /**
   * Called before the first file part is read, with every field known by then (the body's so far,
   * then the query's); answers the command's file limit or throws (the file is never read).
   */
  beforeFiles?: (entries: [string, string][]) => Promise<number>;
  /** Called after each field of a multipart body; throwing stops reading there. */
  afterField?: (name: string, value: string) => void;
}

const FIELD_BYTES = 1024 * 1024;
const MAX_FIELDS = 500;
/** Every field of one request together (a page material's content is the largest). */
export const FIELDS_TOTAL_BYTES = 2 * FIELD_BYTES;

/**
 * Reads a multipart (the client's way, SPEC.md §7), url-encoded or JSON body into ordered
 * entries and files. Limits are the resource's; a command checks its own files further.
 */
export async function readForm(request: FastifyRequest, limits: FormLimits): Promise<RequestForm> {
  const entries: [string, string][] = [];
  const files: UploadedFile[] = [];
  // Query fields (SPEC.md §7 "a query token override") come after the body's.
  // ?token= is the bearer token of downloads (read by the dispatcher), never an input field.
  const query: [string, string][] = [];
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    // A bearer token travels in the body or header only: a URL ends up in logs and history.
    if (typeof value === "string" && name !== "token" && name.toLowerCase() !== "authorization")
      query.push([name, value]);
  }
  if (isMultipart(request)) {
    const { beforeFiles } = limits;
    const form = await readMultipart(
      request.raw,
      request.headers,
      {
        bodyBytes: request.routeOptions.bodyLimit ?? FIELD_BYTES,
        fileBytes: limits.fileBytes,
        files: limits.files,
        fieldBytes: FIELD_BYTES,
        fields: MAX_FIELDS,
        fieldsTotalBytes: FIELDS_TOTAL_BYTES,
        tempDir: uploadTempDir(request.server.config.dataDir),
        ...(beforeFiles ? { beforeFiles: () => beforeFiles([...entries, ...query]) } : {}),
        ...(limits.afterField ? { afterField: limits.afterField } : {}),
      },
      entries,
    );
    files.push(...form.files);
  } else if (request.body && typeof request.body === "object") {
    for (const [name, value] of Object.entries(request.body as Record<string, unknown>)) {
      if (Array.isArray(value)) for (const item of value) entries.push([name, stringValue(item)]);
      else entries.push([name, stringValue(value)]);
    }
  } else if (request.body !== undefined && request.body !== null && request.body !== "") {
    throw new ApiError(415, "validation.invalidValue");
  }
  const repeated = repeatedField(entries);
  if (repeated) {
    await removeUploads({ entries, files });
    throw new ApiError(400, "validation.invalidValue", {
      errors: [fieldError(repeated, "validation.invalidValue")],
    });
  }
  entries.push(...query);
  return { entries, files };
}

/**
 * A field of one value sent twice in a body (two `cmdType`s: which one runs?): a 400, never the
 * last one silently. Lists and groups are bracketed (`name[]`, `filter[key]`); a query field may
 * still override the body's.
 */
function repeatedField(entries: [string, string][]): string | undefined {
  const seen = new Set<string>();
  for (const [name] of entries) {
    // Bracketed names are lists and groups (SPEC.md §7: filter[key], filter[values][]).
    if (name.includes("[")) continue;
    // cmdType and cmdtype are one field (dispatch reads either).
    const key = name === "cmdtype" ? "cmdType" : name;
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return undefined;
}

export function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\/form-data/i.test(request.headers["content-type"] ?? "");
}

function stringValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The last value of each field; `name[]` fields collect into arrays. */
export function fieldsObject(entries: [string, string][]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [name, value] of entries) {
    if (name.endsWith("[]")) {
      const key = name.slice(0, -2);
      const list = Array.isArray(result[key]) ? (result[key] as string[]) : [];
      list.push(value);
      result[key] = list;
    } else {
      result[name] = value;
    }
  }
  return result;
}

export function fieldValue(entries: [string, string][], ...names: string[]): string | undefined {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (names.includes(entry[0])) return entry[1];
  }
  return undefined;
}
