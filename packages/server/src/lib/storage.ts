import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Bytes `start` to `end` of a file, both included (an HTTP range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An opened stored file: its whole size and a stream of the bytes asked for. */
export interface OpenedFile {
  size: number;
  range: ByteRange | null;
  stream: Readable;
}

/**
 * Where uploaded files live (ARCHITECTURE.md "Files", LMS_FILE_STORE): a folder under
 * LMS_DATA_DIR, the database, or an S3-compatible bucket. Writes are all or nothing: a reader
 * never sees half a file. Big files go in and out as streams.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a stream without holding it in memory. */
  putStream(key: string, source: Readable): Promise<void>;
  /** Stores a file from disk (an upload); the disk store copies it. */
  putFile?(key: string, source: string): Promise<void>;
  /** A small file whole (an image to sniff, a manifest, a page to rewrite); null: none. */
  get(key: string): Promise<Buffer | null>;
  /**
   * A file as a stream; `pick` chooses a range once the size is known (undefined: all of it).
   * Null: no such file.
   */
  open(key: string, pick?: (size: number) => ByteRange | undefined): Promise<OpenedFile | null>;
  remove(keys: readonly string[]): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
  close?(): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/;

export function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.split("/").some((p) => p === "" || p === "." || p === "..")) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}

/** A prefix as stores compare it: a folder, ending in one slash. */
export function folderPrefix(prefix: string): string {
  return `${checkKey(prefix.replace(/\/+$/, ""))}/`;
}

/** A server-generated name: nothing of the browser's file name reaches the disk. */
export function newStorageKey(kind: string, extension = ""): string {
  const ext = extension.replace(/[^a-z0-9]/g, "").slice(0, 8);
  return `${kind}/${randomUUID()}${ext ? `.${ext}` : ""}`;
}

export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, checkKey(key));
  }

  /** Writes through a temporary file renamed at the end: all or nothing. */
  private async write(key: string, fill: (temporary: string) => Promise<void>): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await fill(temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  put(key: string, data: Buffer): Promise<void> {
    return this.write(key, (temporary) => writeFile(temporary, data));
  }

  putStream(key: string, source: Readable): Promise<void> {
    return this.write(key, (temporary) => pipeline(source, createWriteStream(temporary)));
  }

  putFile(key: string, source: string): Promise<void> {
    return this.write(key, (temporary) => copyFile(source, temporary));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async open(
    key: string,
    pick?: (size: number) => ByteRange | undefined,
  ): Promise<OpenedFile | null> {
    const file = this.file(key);
    let size: number;
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      size = info.size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    const range = pick?.(size) ?? null;
    const stream = createReadStream(file, range ? { start: range.start, end: range.end } : {});
    return { size, range, stream };
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.file(key), { force: true })));
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.file(prefix.replace(/\/+$/, "")), { recursive: true, force: true });
  }
}

/**
 * A shared store in front of the data folder's files written before it was chosen: reads fall
 * back to the folder, writes go to the shared store only, removals reach both.
 */
export class FallbackFileStorage implements FileStorage {
  constructor(
    readonly primary: FileStorage,
    readonly previous: FileStorage,
  ) {}

  put(key: string, data: Buffer) {
    return this.primary.put(key, data);
  }

  putStream(key: string, source: Readable) {
    return this.primary.putStream(key, source);
  }

  async get(key: string) {
    return (await this.primary.get(key)) ?? (await this.previous.get(key));
  }

  async open(key: string, pick?: (size: number) => ByteRange | undefined) {
    return (await this.primary.open(key, pick)) ?? (await this.previous.open(key, pick));
  }

  async remove(keys: readonly string[]) {
    await this.primary.remove(keys);
    await this.previous.remove(keys);
  }

  async removePrefix(prefix: string) {
    await this.primary.removePrefix(prefix);
    await this.previous.removePrefix(prefix);
  }

  async close() {
    await this.primary.close?.();
  }
}

/** Stores an upload's file from disk, streamed. */
export async function storeFromDisk(storage: FileStorage, key: string, source: string) {
  if (storage.putFile) await storage.putFile(key, source);
  else await storage.putStream(key, createReadStream(source));
}

/** The whole of a stream (for stores whose small reads are streams). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.isBuffer(part) ? part : Buffer.from(part));
  return Buffer.concat(parts);
}
