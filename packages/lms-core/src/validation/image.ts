import { IMAGE_LIMITS } from "../constants";
import { encodeMessage } from "./message";

/** What the browser or the server knows of a chosen file. */
export interface FileFacts {
  name: string;
  size: number;
  type?: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/**
 * SPEC.md §5 for images: jpeg, png or jpg; at most 2 MB; one file by default.
 * Returns the encoded message of the first rule broken, or null. The server checks the bytes too.
 */
export function checkImageFiles(
  files: readonly FileFacts[],
  maxFiles: number = IMAGE_LIMITS.maxFiles,
): string | null {
  if (files.length > maxFiles) return encodeMessage("validation.maxFiles");
  for (const file of files) {
    const typeOk = file.type
      ? (IMAGE_LIMITS.mimeTypes as readonly string[]).includes(file.type)
      : false;
    const extensionOk = (IMAGE_LIMITS.extensions as readonly string[]).includes(
      extensionOf(file.name),
    );
    if (!typeOk && !extensionOk) return encodeMessage("validation.imageType");
    if (file.size > IMAGE_LIMITS.maxBytes) return encodeMessage("validation.imageSize");
  }
  return null;
}

/** Image type from the first bytes of the content (magic numbers), or null. */
export function sniffImageType(bytes: Uint8Array): "image/jpeg" | "image/png" | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return "image/png";
  return null;
}
