import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import Busboy from "@fastify/busboy";
import { ApiError, closing, tooLarge } from "./errors";

/** A file part, written to a temporary file while it was read; removed when the request ends. */
export interface UploadedFile {
  field: string;
  filename: string;
  /** What the browser claimed; never trusted (uploads are checked by their bytes). */
  mimetype: string;
  /** Bytes received. */
  size: number;
  /** The temporary file (under LMS_DATA_DIR/tmp). */
  path: string;
}

/** A request's fields in the order they were sent (SPEC.md §7 filters depend on it) and files. */
export interface RequestForm {
  entries: [string, string][];
  files: UploadedFile[];
}

export interface MultipartLimits {
  /** The whole body (the route's limit). */
  bodyBytes: number;
  fileBytes: number;
  files: number;
  fieldBytes: number;
  fields: number;
  /** All fields together: read before the caller is known, so kept small. */
  fieldsTotalBytes: number;
  /** Where file parts are written while they are read (removed by removeUploads). */
  tempDir: string;
  /**
   * Called once, before the first byte of the first file part is read, with the fields read so
   * far: authenticates and authorises the command (throwing stops the reading there) and answers
   * the command's own file limit.
   */
  beforeFiles?: () => Promise<number>;
  /** Called after each field; throwing (ApiError) stops reading there. */
  afterField?: (name: string, value: string) => void;
}

/**
 * A multipart body's fields in the order they were sent, and its files. Every call of the portal
 * is one (SPEC.md §7), so this stays lean: a small body of plain fields is read whole and parsed at
 * once; any other is read with busboy as it arrives, file parts streaming to temporary files (never
 * whole in memory), their limit enforced as they arrive. Any limit passed answers 413; a malformed
 * body 400. A refusal stops reading the body and closes the connection after the answer.
 * Why not @fastify/multipart (2.5 to 3 times the CPU on a list's form, `bench:multipart`):
 * docs/ARCHITECTURE.md, "Multipart bodies".
 */
export async function readMultipart(
  raw: IncomingMessage,
  headers: IncomingHttpHeaders,
  limits: MultipartLimits,
  entries: [string, string][] = [],
): Promise<RequestForm> {
  const declared = Number(headers["content-length"]);
  if (!(declared > 0 && declared <= WHOLE_BODY_BYTES))
    return streamed(raw, raw, headers, limits, entries);
  const body = await wholeBody(raw);
  if (plainFields(body, headers, limits, entries)) return { entries, files: [] };
  return streamed(Readable.from([body]), raw, headers, limits, entries);
}

/**
 * A body of this many bytes at most (a list's request, a form's fields) is read whole and, when it
 * holds plain fields only, parsed at once: busboy's streams (one a part) took a quarter of a list
 * request's thread (issue 14).
 */
const WHOLE_BODY_BYTES = 16 * 1024;

/** A longer field name is left to busboy, whose fieldNameSize (100 bytes) decides it. */
const FIELD_NAME_BYTES = 100;

/** The whole body of a request whose length was declared small; 400 when it ends short. */
function wholeBody(raw: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    raw.on("data", (chunk: Buffer) => chunks.push(chunk));
    raw.on("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    raw.on("close", () => {
      if (!raw.complete) reject(new ApiError(400, "validation.invalidValue"));
    });
  });
}

/** A multipart/form-data type's boundary: a token, or quoted without escapes. */
const BOUNDARY =
  /^multipart\/form-data[ \t]*;[ \t]*boundary=(?:"([^"\\]{1,70})"|([\w'()+,\-./:=?]{1,70}))[ \t]*$/i;

/** A field's one header as browsers send it: form-data, its name quoted without escapes. */
const FIELD_HEADER = /^content-disposition:[ \t]*form-data;[ \t]*name="([^"\\]*)"[ \t]*$/i;

/**
 * The fields of a whole multipart body into `entries`, with the checks busboy's `field` events get
 * below. Only the form browsers send is read here: the boundary first, then parts whose one header
 * names a field (no file, no type, an ASCII name without escapes), each delimiter line ending right
 * after the boundary. Anything else (or near a limit) answers false, with nothing added, and busboy
 * reads the body as it reads every other: a library's general parser cost a fifth of a user page's
 * thread here (issue 14), and busboy decides every case this leaves to it.
 */
function plainFields(
  body: Buffer,
  headers: IncomingHttpHeaders,
  limits: MultipartLimits,
  entries: [string, string][],
): boolean {
  const type = BOUNDARY.exec(headers["content-type"] ?? "");
  const boundary = type?.[1] ?? type?.[2];
  if (!boundary) return false;
  const opening = `--${boundary}\r\n`;
  if (body.toString("latin1", 0, opening.length) !== opening) return false;
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: [string, string][] = [];
  let bytes = 0;
  for (let start = opening.length; ;) {
    const end = body.indexOf(delimiter, start);
    const headerEnd = body.indexOf("\r\n\r\n", start, "latin1");
    if (end === -1 || headerEnd === -1 || headerEnd > end || fields.length === limits.fields)
      return false;
    const header = body.toString("latin1", start, headerEnd);
    const name = /^[\x20-\x7e]*$/.test(header) ? FIELD_HEADER.exec(header)?.[1] : undefined;
    if (name === undefined || name.length > FIELD_NAME_BYTES) return false;
    const value = body.toString("utf8", headerEnd + 4, end);
    bytes += name.length + value.length;
    if (end - headerEnd - 4 > limits.fieldBytes || bytes > limits.fieldsTotalBytes) return false;
    fields.push([name, value]);
    const after = end + delimiter.length;
    if (body[after] === 0x2d && body[after + 1] === 0x2d) break;
    if (body[after] !== 0x0d || body[after + 1] !== 0x0a) return false;
    start = after + 2;
  }
  for (const [name, value] of fields) {
    entries.push([name, value]);
    try {
      limits.afterField?.(name, value);
    } catch (error) {
      throw error instanceof ApiError ? closing(error) : error;
    }
  }
  return true;
}

/**
 * A multipart body read as it streams in with busboy (`source`: the request, or a small body read
 * whole whose parts were not plain fields). `raw` is the request, paused on a refusal.
 */
function streamed(
  source: Readable,
  raw: IncomingMessage,
  headers: IncomingHttpHeaders,
  limits: MultipartLimits,
  entries: [string, string][],
): Promise<RequestForm> {
  return new Promise((resolve, reject) => {
    const files: UploadedFile[] = [];
    const written: string[] = [];
    const outs: NodeJS.WritableStream[] = [];
    let settled = false;
    let parserDone = false;
    let pending = 0;
    let fileLimit: Promise<number> | null = null;
    let parser: ReturnType<typeof Busboy>;
    let fieldBytes = 0;

    /** Stops reading, removes every file part written so far, then rejects. */
    const abort = (error: Error) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      // The rest of the body is not read: the answer goes out and the connection is closed.
      raw.pause();
      const closed = outs.map(
        (out) =>
          new Promise<void>((resolve) => {
            const stream = out as unknown as NodeJS.WritableStream & {
              destroy(): void;
              closed?: boolean;
            };
            if (stream.closed) return resolve();
            stream.once("close", () => resolve());
            stream.destroy();
          }),
      );
      // A part's file is removed once its stream has closed, so none is created after its removal.
      void Promise.all(closed)
        .then(() => Promise.all(written.map((file) => rm(file, { force: true }))))
        .finally(() => reject(error));
    };
    const fail = (error: ApiError) => abort(closing(error));
    const malformed = () => fail(new ApiError(400, "validation.invalidValue"));
    const done = () => {
      if (settled || !parserDone || pending > 0) return;
      settled = true;
      resolve({ entries, files });
    };

    try {
      parser = Busboy({
        headers: headers as Parameters<typeof Busboy>[0]["headers"],
        limits: {
          fileSize: limits.fileBytes,
          files: limits.files,
          fieldSize: limits.fieldBytes,
          fields: limits.fields,
          parts: limits.fields + limits.files,
        },
      });
    } catch {
      // No boundary, or not multipart at all.
      source.resume();
      reject(new ApiError(400, "validation.invalidValue"));
      return;
    }

    parser.on(
      "field",
      (name: string, value: string, nameTruncated: boolean, truncated: boolean) => {
        if (nameTruncated || truncated) return fail(tooLarge());
        fieldBytes += name.length + value.length;
        if (fieldBytes > limits.fieldsTotalBytes) return fail(tooLarge());
        entries.push([name, value]);
        try {
          limits.afterField?.(name, value);
        } catch (error) {
          if (error instanceof ApiError) fail(error);
          else throw error;
        }
      },
    );
    parser.on(
      "file",
      (
        field: string,
        stream: NodeJS.ReadableStream & { truncated?: boolean },
        filename: string,
        _encoding: string,
        mimetype: string,
      ) => {
        // Not a byte of the file is read before the command has accepted the caller.
        stream.pause();
        pending++;
        fileLimit ??= limits.beforeFiles ? limits.beforeFiles() : Promise.resolve(limits.fileBytes);
        fileLimit.then(
          (limit) => {
            if (settled) return;
            const max = Math.min(limit, limits.fileBytes);
            const file: UploadedFile = {
              field,
              filename: filename ?? "",
              mimetype: mimetype ?? "",
              size: 0,
              path: path.join(limits.tempDir, `${randomUUID()}.part`),
            };
            written.push(file.path);
            const out = createWriteStream(file.path, { flags: "wx", mode: 0o600 });
            outs.push(out);
            out.on("error", (error) => abort(error));
            stream.on("data", (chunk: Buffer) => {
              file.size += chunk.length;
              if (file.size > max) fail(tooLarge());
            });
            stream.on("limit", () => fail(tooLarge()));
            out.on("finish", () => {
              pending--;
              if (!stream.truncated && file.size <= max) files.push(file);
              done();
            });
            stream.pipe(out);
          },
          (error: unknown) => {
            if (error instanceof ApiError) fail(error);
            else abort(error as Error);
          },
        );
      },
    );
    parser.on("filesLimit", () => fail(tooLarge()));
    parser.on("fieldsLimit", () => fail(tooLarge()));
    parser.on("partsLimit", () => fail(tooLarge()));
    parser.on("error", malformed);
    parser.on("finish", () => {
      parserDone = true;
      done();
    });

    let bytes = 0;
    source.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limits.bodyBytes) fail(tooLarge());
    });
    raw.on("close", () => {
      if (!raw.complete) malformed();
    });
    source.pipe(parser);
  });
}
