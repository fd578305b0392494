import type { FastifyReply, FastifyRequest } from "fastify";
import { notFound } from "./errors";
import type { ByteRange, FileStorage } from "./storage";

/**
 * The one range of a Range header ("bytes=0-99", "bytes=100-", "bytes=-100"), "unsatisfiable"
 * when it lies past the end, undefined for none (or several: the whole file is sent then).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | "unsatisfiable" | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (match[1] === "") {
    const suffix = Number(match[2]);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start && match[2] !== "") return undefined;
  }
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

/**
 * Streams a stored file with the caller's headers (with a Range, the part asked for: 206, or 416
 * past its end). Missing: 404, without those headers.
 */
export async function sendStoredFile(
  storage: FileStorage,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string>,
): Promise<FastifyReply> {
  let unsatisfiable = false;
  const file = await storage.open(key, (size) => {
    const range = parseRange(request.headers.range, size);
    if (range === "unsatisfiable") unsatisfiable = true;
    return range === "unsatisfiable" ? undefined : range;
  });
  if (!file) throw notFound();
  reply.headers(headers).header("accept-ranges", "bytes");
  if (unsatisfiable) {
    file.stream.destroy();
    return reply
      .code(416)
      .header("content-range", `bytes */${file.size}`)
      .header("content-length", 0)
      .send();
  }
  if (file.range) {
    return reply
      .code(206)
      .header("content-range", `bytes ${file.range.start}-${file.range.end}/${file.size}`)
      .header("content-length", file.range.end - file.range.start + 1)
      .send(file.stream);
  }
  return reply.code(200).header("content-length", file.size).send(file.stream);
}
