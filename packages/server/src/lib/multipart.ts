import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import path from "node:path";
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
 * A multipart body read straight from the request with busboy, its fields in the order they were
 * sent. Every call of the portal is one (SPEC.md §7), so this stays lean: no stream per field.
 * File parts stream to temporary files (never whole in memory), their limit enforced as they
 * arrive. Any limit passed answers 413; a malformed body 400. A refusal stops reading the body
 * and closes the connection after the answer.
 */
export function readMultipart(
  raw: IncomingMessage,
  headers: IncomingHttpHeaders,
  limits: MultipartLimits,
  entries: [string, string][] = [],
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
      raw.unpipe(parser);
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
      raw.resume();
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
    raw.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limits.bodyBytes) fail(tooLarge());
    });
    raw.on("close", () => {
      if (!raw.complete) malformed();
    });
    raw.pipe(parser);
  });
}
