import { createReadStream } from "node:fs";
import { IMAGE_LIMITS, sniffImageType } from "@lms/core";
import { invalidField } from "./errors";
import { readUpload, readUploadHead, type UploadedFile } from "./form";

export interface CheckedFile {
  contentType: string;
  extension: string;
}

/** SPEC.md §5 images: jpeg or png by their bytes (not their name), at most 2 MB; and the bytes. */
export async function checkImage(
  file: UploadedFile,
  field: string,
): Promise<CheckedFile & { data: Buffer }> {
  if (file.size > IMAGE_LIMITS.maxBytes) throw invalidField(field, "validation.imageSize");
  const data = await readUpload(file);
  const type = sniffImageType(data);
  if (!type) throw invalidField(field, "validation.imageType");
  return { contentType: type, extension: type === "image/png" ? "png" : "jpg", data };
}

/** Image answers may go up to twice the limit so that the portal gets the image-size message. */
export const IMAGE_PART_BYTES = IMAGE_LIMITS.maxBytes * 2;

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

/**
 * The type of a material file from its bytes. Documents, images, audio and video are accepted;
 * anything a browser could run (HTML, SVG, XML, scripts) or an unknown binary is refused.
 */
export async function sniffMaterialFile(file: UploadedFile): Promise<CheckedFile | null> {
  const d = await readUploadHead(file);
  const ext = (file.filename.split(".").pop() ?? "").toLowerCase().replace(/[^a-z0-9]/g, "");
  if (startsWith(d, [0x25, 0x50, 0x44, 0x46, 0x2d]))
    return { contentType: "application/pdf", extension: "pdf" };
  const image = sniffImageType(d);
  if (image) return { contentType: image, extension: image === "image/png" ? "png" : "jpg" };
  if (startsWith(d, [0x47, 0x49, 0x46, 0x38]))
    return { contentType: "image/gif", extension: "gif" };
  if (startsWith(d, [0x52, 0x49, 0x46, 0x46]) && startsWith(d, [0x57, 0x45, 0x42, 0x50], 8))
    return { contentType: "image/webp", extension: "webp" };
  if (startsWith(d, [0x52, 0x49, 0x46, 0x46]) && startsWith(d, [0x57, 0x41, 0x56, 0x45], 8))
    return { contentType: "audio/wav", extension: "wav" };
  if (startsWith(d, [0x66, 0x74, 0x79, 0x70], 4))
    return { contentType: "video/mp4", extension: "mp4" };
  if (startsWith(d, [0x1a, 0x45, 0xdf, 0xa3]))
    return { contentType: "video/webm", extension: "webm" };
  if (
    startsWith(d, [0x49, 0x44, 0x33]) ||
    startsWith(d, [0xff, 0xfb]) ||
    startsWith(d, [0xff, 0xf3])
  )
    return { contentType: "audio/mpeg", extension: "mp3" };
  if (startsWith(d, [0x4f, 0x67, 0x67, 0x53]))
    return { contentType: "audio/ogg", extension: "ogg" };
  if (startsWith(d, [0x50, 0x4b, 0x03, 0x04])) {
    const office: Record<string, string> = {
      docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      odt: "application/vnd.oasis.opendocument.text",
      zip: "application/zip",
    };
    const type = office[ext] ?? "application/zip";
    return { contentType: type, extension: office[ext] ? ext : "zip" };
  }
  if (startsWith(d, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    const legacy: Record<string, string> = {
      doc: "application/msword",
      xls: "application/vnd.ms-excel",
      ppt: "application/vnd.ms-powerpoint",
    };
    return legacy[ext] ? { contentType: legacy[ext], extension: ext } : null;
  }
  if ((ext === "txt" || ext === "csv") && isPlainText(d) && !(await hasNul(file))) {
    return {
      contentType: ext === "csv" ? "text/csv; charset=utf-8" : "text/plain; charset=utf-8",
      extension: ext,
    };
  }
  return null;
}

/** Whether a file holds a NUL byte anywhere (read as a stream, not whole). */
async function hasNul(file: UploadedFile): Promise<boolean> {
  for await (const chunk of createReadStream(file.path)) {
    if ((chunk as Buffer).includes(0)) return true;
  }
  return false;
}

/** Text (its first bytes) with no NUL byte and no markup a browser would render. */
function isPlainText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  const head = data.subarray(0, 1024).toString("utf8").trimStart().toLowerCase();
  return !/^(<|\ufeff<)/.test(head) && !head.includes("<script") && !head.includes("<html");
}
