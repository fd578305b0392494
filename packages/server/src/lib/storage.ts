import { randomUUID } from "node:crypto";
import { copyFile, mkdir, readFile, rm, writeFile, rename } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live (ARCHITECTURE.md "Files"): a folder under LMS_DATA_DIR by default;
 * object storage is the scale-out target and only needs these four methods.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a file from disk (an upload) without holding it in memory; optional. */
  putFile?(key: string, source: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(keys: readonly string[]): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/;

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.split("/").some((p) => p === "" || p === "." || p === "..")) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
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

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, target);
  }

  async putFile(key: string, source: string): Promise<void> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    await copyFile(source, temporary);
    await rename(temporary, target);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async remove(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.file(key), { force: true })));
  }

  async removePrefix(prefix: string): Promise<void> {
    await rm(this.file(prefix.replace(/\/+$/, "")), { recursive: true, force: true });
  }
}

/** Stores an upload's file: from disk when the storage can, else through memory. */
export async function storeFromDisk(storage: FileStorage, key: string, source: string) {
  if (storage.putFile) await storage.putFile(key, source);
  else await storage.put(key, await readFile(source));
}
