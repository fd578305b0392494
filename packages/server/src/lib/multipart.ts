import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import Busboy from "@fastify/busboy";
import { ApiError, tooLarge } from "./errors";
import type { RequestForm, UploadedFile } from "./form";

export interface MultipartLimits {
  /** The whole body (the route's limit). */
  bodyBytes: number;
  fileBytes: number;
  files: number;
  fieldBytes: number;
  fields: number;
}

/**
 * A multipart body read straight from the request with busboy, its fields in the order they were
 * sent. Every call of the portal is one (SPEC.md §7), so this stays lean: no stream per field.
 * Any limit passed answers 413; a malformed body 400.
 */
export function readMultipart(
  raw: IncomingMessage,
  headers: IncomingHttpHeaders,
  limits: MultipartLimits,
): Promise<RequestForm> {
  return new Promise((resolve, reject) => {
    const entries: [string, string][] = [];
    const files: UploadedFile[] = [];
    let settled = false;
    let parser: ReturnType<typeof Busboy>;

    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      raw.unpipe(parser);
      // The rest of the body is read and dropped, so that the answer can still be sent.
      raw.resume();
      reject(error);
    };
    const malformed = () => fail(new ApiError(400, "validation.invalidValue"));

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
        if (nameTruncated || truncated) fail(tooLarge());
        else entries.push([name, value]);
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
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("limit", () => fail(tooLarge()));
        stream.on("end", () => {
          if (!stream.truncated) {
            files.push({
              field,
              filename: filename ?? "",
              mimetype: mimetype ?? "",
              data: Buffer.concat(chunks),
            });
          }
        });
      },
    );
    parser.on("filesLimit", () => fail(tooLarge()));
    parser.on("fieldsLimit", () => fail(tooLarge()));
    parser.on("partsLimit", () => fail(tooLarge()));
    parser.on("error", malformed);
    parser.on("finish", () => {
      if (settled) return;
      settled = true;
      resolve({ entries, files });
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
