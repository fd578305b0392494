import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import path from "node:path";
import { ApiError, closing, tooLarge } from "./errors";
import { headerParams } from "./multipart-headers";
import { MultipartParser } from "./multipart-parser";

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
 * A multipart body's fields in the order they were sent, and its files, read as it arrives by one
 * parser (`multipart-parser.ts`, busboy's reading of a body): file parts stream to temporary
 * files (never whole in memory), every limit is enforced as the bytes arrive. Any limit passed
 * answers 413; a malformed body 400. A refusal stops reading the body and closes the connection
 * after the answer. Every call of the portal is one (SPEC.md §7): why this parser and not busboy
 * or @fastify/multipart (`bench:multipart`): docs/ARCHITECTURE.md, "Multipart bodies".
 */
export function readMultipart(
  raw: IncomingMessage,
  headers: IncomingHttpHeaders,
  limits: MultipartLimits,
  entries: [string, string][] = [],
): Promise<RequestForm> {
  return new Promise((resolve, reject) => {
    const boundary = boundaryOf(headers["content-type"]);
    if (!boundary) {
      raw.resume();
      reject(new ApiError(400, "validation.invalidValue"));
      return;
    }
    const files: UploadedFile[] = [];
    const written: string[] = [];
    const outs: WriteStream[] = [];
    let settled = false;
    /** The whole body was read and closed its multipart content. */
    let ended = false;
    let writing = 0;
    let holds = 0;
    let bytes = 0;
    let fieldChars = 0;
    let fileLimit: number | undefined;
    let file: UploadedFile | undefined;
    let out: WriteStream | undefined;

    /** Stops reading, removes every file part written so far, then rejects. */
    const abort = (error: Error) => {
      if (settled) return;
      settled = true;
      // The rest of the body is not read: the answer goes out and the connection is closed.
      raw.off("data", onData);
      raw.pause();
      const closed = outs.map(
        (stream) =>
          new Promise<void>((resolve) => {
            if (stream.closed) return resolve();
            stream.once("close", () => resolve());
            stream.destroy();
          }),
      );
      // A part's file is removed once its stream has closed, so none is created after its removal.
      void Promise.all(closed)
        .then(() => Promise.all(written.map((name) => rm(name, { force: true }))))
        .finally(() => reject(error));
    };
    const fail = (error: unknown) =>
      abort(error instanceof ApiError ? closing(error) : (error as Error));
    const done = () => {
      if (settled || !ended || writing > 0) return;
      settled = true;
      resolve({ entries, files });
    };
    /** Reading waits while the first file waits for its caller or a temporary file for the disk. */
    const hold = () => {
      holds++;
      raw.pause();
    };
    const release = () => {
      if (--holds === 0 && !settled) raw.resume();
    };
    /** A file that ends while its buffer is full emits no 'drain', only 'finish'. */
    const waitForDisk = (stream: WriteStream) => {
      hold();
      const go = () => {
        stream.off("drain", go).off("finish", go);
        release();
      };
      stream.once("drain", go).once("finish", go);
    };
    const open = (field: string, filename: string, mimetype: string) => {
      file = {
        field,
        filename,
        mimetype,
        size: 0,
        path: path.join(limits.tempDir, `${randomUUID()}.part`),
      };
      written.push(file.path);
      out = createWriteStream(file.path, { flags: "wx", mode: 0o600 });
      outs.push(out);
      out.on("error", abort);
    };

    const parser = new MultipartParser(
      boundary,
      {
        fieldBytes: limits.fieldBytes,
        fields: limits.fields,
        files: limits.files,
        parts: limits.fields + limits.files,
      },
      {
        field(name, value) {
          fieldChars += name.length + value.length;
          if (fieldChars > limits.fieldsTotalBytes) throw tooLarge();
          entries.push([name, value]);
          limits.afterField?.(name, value);
        },
        fileStart(field, filename, mimetype) {
          if (fileLimit !== undefined) return open(field, filename, mimetype);
          // Not a byte of the file is read before the command has accepted the caller.
          parser.pause();
          hold();
          (limits.beforeFiles ? limits.beforeFiles() : Promise.resolve(limits.fileBytes))
            .then((limit) => {
              if (settled) return;
              fileLimit = Math.min(limit, limits.fileBytes);
              open(field, filename, mimetype);
              parser.resume();
              release();
            })
            .catch(fail);
        },
        fileData(chunk) {
          file!.size += chunk.length;
          if (file!.size > fileLimit!) throw tooLarge();
          if (!out!.write(chunk)) waitForDisk(out!);
        },
        fileEnd() {
          files.push(file!);
          writing++;
          out!.end(() => {
            writing--;
            done();
          });
        },
      },
    );

    function onData(chunk: Buffer) {
      bytes += chunk.length;
      try {
        if (bytes > limits.bodyBytes) throw tooLarge();
        parser.write(chunk);
      } catch (error) {
        return fail(error);
      }
    }
    raw.on("data", onData);
    raw.on("end", () => {
      if (settled) return;
      try {
        parser.end();
      } catch (error) {
        return fail(error);
      }
      ended = true;
      done();
    });
    raw.on("close", () => {
      if (!raw.complete) fail(new ApiError(400, "validation.invalidValue"));
    });
  });
}

/** A boundary as browsers send it, read at once (headerParams reads it the same way). */
const BOUNDARY =
  /^multipart\/form-data[ \t]*;[ \t]*boundary=(?:"([\x20\x21\x23-\x5b\x5d-\x7e]{1,70})"|([\w'()+,\-./:=?]{1,70}))[ \t]*$/i;

/** The request's boundary, read as busboy reads it (the first `boundary` parameter). */
function boundaryOf(type = ""): string | undefined {
  const fast = BOUNDARY.exec(type);
  if (fast) return fast[1] ?? fast[2];
  const [, params] = headerParams(type);
  return params.find(([key]) => /^boundary$/i.test(key))?.[1] || undefined;
}
