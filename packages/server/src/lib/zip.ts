import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import { createInflateRaw, crc32 as zlibCrc32, inflateRawSync } from "node:zlib";
import { zipSync, type Zippable } from "fflate";

/** CRC-32 (zip's checksum), Node's own. */
export function crc32(data: Uint8Array): number {
  return zlibCrc32(data);
}

export interface ZipEntry {
  path: string;
  data: Buffer;
}

export interface ZipLimits {
  maxEntries: number;
  /** The most an archive may expand to, in bytes, whatever its own size. */
  maxTotalBytes: number;
  /**
   * Expanded size over compressed size: an entry (above 64 KiB) may not pass it, nor the whole
   * archive (above 10 MiB expanded), so a 1 MB file cannot expand to 500 MB.
   */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 5000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
};

/** Entries this small may compress as well as they like (a page of spaces). */
const RATIO_FREE_ENTRY = 64 * 1024;
/** Archives expanding to no more than this may too. */
const RATIO_FREE_TOTAL = 10 * 1024 * 1024;

/** An entry of an archive, inflated only when read (one at a time: memory stays bounded). */
export interface ZipItem {
  path: string;
  /** The size its header declares; reading never gives more. */
  size: number;
  read(): Promise<Buffer>;
  /** The entry inflated piece by piece (a video in a package): a ZipError if it lies. */
  stream(): Readable;
}

/** Where an archive's bytes come from: memory, or a file read piece by piece. */
export interface ZipSource {
  size: number;
  read(offset: number, length: number): Promise<Buffer>;
}

export function bufferSource(archive: Buffer): ZipSource {
  return {
    size: archive.length,
    read: async (offset, length) => archive.subarray(offset, offset + length),
  };
}

/** An archive on disk (an upload): only the directory and one entry at a time are in memory. */
export async function fileSource(file: string): Promise<ZipSource & { close(): Promise<void> }> {
  const handle = await open(file, "r");
  const { size } = await handle.stat();
  return {
    size,
    async read(offset, length) {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
      return buffer.subarray(0, bytesRead);
    },
    close: () => handle.close(),
  };
}

export class ZipError extends Error {}

/**
 * The entries of a zip archive (stored or deflated; SCORM packages), checked from the central
 * directory before anything is inflated: names (absolute paths and ".." refused), entry count,
 * total expanded size and compression ratio. Reading an entry inflates at most the size its
 * header declares, so a header that lies about the size fails (ZipError) instead of expanding.
 *
 * Read by hand rather than with a library (issue 16), because both were slower for this use:
 * bench/libs-bench.ts's 50.7 MB package (300 pages, 27 media files, 76.5 MB expanded), every entry
 * read as an upload reads it, median of 9 interleaved runs: 267 ms here, yauzl 3.4 with its own
 * file reader 639 ms (a stream and an async inflate per entry), fflate's unzipSync 1,160 ms (and
 * the whole archive in memory).
 */
export async function listZip(
  source: ZipSource,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipItem[]> {
  const tailStart = Math.max(0, source.size - 22 - 0xffff);
  const tail = await source.read(tailStart, source.size - tailStart);
  const eocd = findEndOfCentralDirectory(tail);
  const count = tail.readUInt16LE(eocd + 10);
  const directorySize = tail.readUInt32LE(eocd + 12);
  const directoryOffset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) throw new ZipError("zip64 unsupported");
  if (count > limits.maxEntries) throw new ZipError("too many entries");
  if (directoryOffset + directorySize > source.size) throw new ZipError("bad central directory");
  const directory = await source.read(directoryOffset, directorySize);
  const maxTotal = Math.min(
    limits.maxTotalBytes,
    Math.max(RATIO_FREE_TOTAL, source.size * limits.maxRatio),
  );
  const items: ZipItem[] = [];
  let offset = 0;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (offset + 46 > directory.length || directory.readUInt32LE(offset) !== 0x02014b50) {
      throw new ZipError("bad central directory");
    }
    const flags = directory.readUInt16LE(offset + 8);
    const method = directory.readUInt16LE(offset + 10);
    const compressedSize = directory.readUInt32LE(offset + 20);
    const size = directory.readUInt32LE(offset + 24);
    const nameLength = directory.readUInt16LE(offset + 28);
    const extraLength = directory.readUInt16LE(offset + 30);
    const commentLength = directory.readUInt16LE(offset + 32);
    const localOffset = directory.readUInt32LE(offset + 42);
    const rawName = directory.subarray(offset + 46, offset + 46 + nameLength).toString("utf8");
    offset += 46 + nameLength + extraLength + commentLength;
    if (rawName.endsWith("/")) continue;
    if (flags & 1) throw new ZipError("encrypted entries unsupported");
    const name = safeEntryPath(rawName);
    total += size;
    if (total > maxTotal) throw new ZipError("archive expands too far");
    if (size > RATIO_FREE_ENTRY && size > Math.max(compressedSize, 1) * limits.maxRatio) {
      throw new ZipError("entry compressed too far");
    }
    if (method !== 0 && method !== 8)
      throw new ZipError(`compression method ${method} unsupported`);
    if (method === 0 && compressedSize !== size) throw new ZipError("size mismatch");
    const local = await source.read(localOffset, 30);
    if (local.length < 30 || local.readUInt32LE(0) !== 0x04034b50) {
      throw new ZipError("bad local header");
    }
    const start = localOffset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    if (start + compressedSize > source.size) throw new ZipError("truncated entry");
    items.push({
      path: name,
      size,
      async read() {
        const compressed = await source.read(start, compressedSize);
        if (compressed.length !== compressedSize) throw new ZipError("truncated entry");
        let data: Buffer;
        if (method === 0) data = Buffer.from(compressed);
        else {
          try {
            // Never more than the header says: a lying header stops here.
            data = inflateRawSync(compressed, { maxOutputLength: Math.max(size, 1) });
          } catch {
            throw new ZipError("entry expands past its declared size or is corrupt");
          }
        }
        if (data.length !== size) throw new ZipError("size mismatch");
        return data;
      },
      stream() {
        return Readable.from(inflatePieces(source, start, compressedSize, size, method === 0), {
          objectMode: false,
        });
      },
    });
  }
  return items;
}

// Small compressed pieces: one inflates to at most the ratio limit times this.
const PIECE_BYTES = 64 * 1024;

async function* inflatePieces(
  source: ZipSource,
  start: number,
  compressedSize: number,
  size: number,
  stored: boolean,
): AsyncGenerator<Buffer> {
  const inflate = stored ? null : createInflateRaw();
  let produced = 0;
  const check = (piece: Buffer) => {
    produced += piece.length;
    if (produced > size) throw new ZipError("entry expands past its declared size or is corrupt");
    return piece;
  };
  const output: Buffer[] = [];
  let failure: unknown = null;
  inflate?.on("data", (piece: Buffer) => output.push(piece));
  inflate?.on("error", (error) => (failure = error));
  try {
    for (let offset = 0; offset < compressedSize; offset += PIECE_BYTES) {
      const length = Math.min(PIECE_BYTES, compressedSize - offset);
      const compressed = await source.read(start + offset, length);
      if (compressed.length !== length) throw new ZipError("truncated entry");
      if (!inflate) {
        yield check(Buffer.from(compressed));
        continue;
      }
      await new Promise<void>((resolve) => inflate.write(compressed, () => resolve()));
      if (failure) throw new ZipError("entry expands past its declared size or is corrupt");
      while (output.length > 0) yield check(output.shift()!);
    }
    if (inflate) {
      await new Promise<void>((resolve) => {
        inflate.once("end", resolve);
        inflate.once("error", () => resolve());
        inflate.end();
      });
      if (failure) throw new ZipError("entry expands past its declared size or is corrupt");
      while (output.length > 0) yield check(output.shift()!);
    }
    if (produced !== size) throw new ZipError("size mismatch");
  } finally {
    inflate?.destroy();
  }
}

/** Every entry read at once (small archives: demo data and tests). */
export async function readZip(
  archive: Buffer,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Promise<ZipEntry[]> {
  const items = await listZip(bufferSource(archive), limits);
  const entries: ZipEntry[] = [];
  for (const item of items) entries.push({ path: item.path, data: await item.read() });
  return entries;
}

function findEndOfCentralDirectory(archive: Buffer): number {
  const earliest = Math.max(0, archive.length - 22 - 0xffff);
  for (let i = archive.length - 22; i >= earliest; i--) {
    if (archive.readUInt32LE(i) === 0x06054b50) return i;
  }
  throw new ZipError("not a zip archive");
}

/** A relative path inside the package, or an error. */
export function safeEntryPath(name: string): string {
  const parts = name.replace(/\\/g, "/").split("/");
  const clean: string[] = [];
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === ".." || part.includes("\0") || /^[a-zA-Z]:$/.test(part)) {
      throw new ZipError(`unsafe entry path: ${name}`);
    }
    clean.push(part);
  }
  if (clean.length === 0 || name.startsWith("/")) throw new ZipError(`unsafe entry path: ${name}`);
  return clean.join("/");
}

/** Writes a zip archive of stored (uncompressed) entries: demo data and tests. */
export function writeZip(entries: readonly ZipEntry[]): Buffer {
  const files: Zippable = {};
  for (const entry of entries) files[entry.path] = entry.data;
  return Buffer.from(zipSync(files, { level: 0 }));
}
