import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendStoredFile } from "./send-file";

const SCORM_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  xml: "application/xml",
  xsd: "application/xml",
  txt: "text/plain; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
  webm: "video/webm",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  pdf: "application/pdf",
};

export function scormContentType(path: string): string {
  const ext = path.split(".").pop()?.toLowerCase() ?? "";
  return SCORM_TYPES[ext] ?? "application/octet-stream";
}

/** A file name fit for Content-Disposition: no path, no control characters, no quotes. */
export function displayName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim()
    .slice(0, 150);
  return clean || fallback;
}

export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Sends a stored file of a material with its type and a Content-Disposition. */
export async function sendMaterialFile(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  file: { storageKey: string; contentType: string; path: string },
  disposition: "inline" | "attachment",
  csp: string,
): Promise<FastifyReply> {
  return sendStoredFile(app.storage, file.storageKey, request, reply, {
    "content-type": file.contentType,
    "content-disposition": contentDisposition(disposition, displayName(file.path, "file")),
    "cache-control": "private, no-cache",
    "content-security-policy": csp,
  });
}
