import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { rowsOf, type Db } from "../db/client";
import { fileChunks, fileObjects } from "../db/schema";
import {
  checkKey,
  folderPrefix,
  type ByteRange,
  type FileStorage,
  type OpenedFile,
} from "./storage";

export const DEFAULT_CHUNK_BYTES = 1024 * 1024;
/** Chunks read per query while streaming: a few MB in memory at most. */
const CHUNKS_PER_READ = 4;

/**
 * Files in the database (LMS_FILE_STORE=database): every server process on one PostgreSQL
 * serves the same files. A file's chunks are written under a new blob id first, then its key is
 * pointed at the blob: all or nothing, and a failed write leaves no row a reader could find.
 */
export class DatabaseFileStorage implements FileStorage {
  constructor(
    private readonly db: Db,
    readonly chunkBytes = DEFAULT_CHUNK_BYTES,
  ) {}

  put(key: string, data: Buffer): Promise<void> {
    return this.putStream(key, Readable.from([data]));
  }

  async putStream(key: string, source: Readable): Promise<void> {
    checkKey(key);
    const blob = randomUUID();
    let n = 0;
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      let joined = Buffer.concat(pending, pendingBytes);
      while (joined.length >= this.chunkBytes || (all && joined.length > 0)) {
        const data = joined.subarray(0, this.chunkBytes);
        await this.db.insert(fileChunks).values({ blob, n, data });
        n++;
        size += data.length;
        joined = joined.subarray(data.length);
      }
      pending = joined.length > 0 ? [joined] : [];
      pendingBytes = joined.length;
    };
    try {
      for await (const part of source) {
        const bytes = Buffer.isBuffer(part) ? part : Buffer.from(part as Uint8Array);
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes >= this.chunkBytes) await flush(false);
      }
      await flush(true);
      const [previous] = await rowsOf<{ blob: string | null }>(
        this.db.execute(sql`
        with previous as (select ${fileObjects.blob} as blob from ${fileObjects} where ${fileObjects.key} = ${key})
        insert into ${fileObjects} (key, blob, size, chunk_size)
        values (${key}, ${blob}, ${size}, ${this.chunkBytes})
        on conflict (key) do update
          set blob = excluded.blob, size = excluded.size, chunk_size = excluded.chunk_size,
              created_at = now()
        returning (select blob from previous) as blob`),
      );
      if (previous?.blob) await this.removeBlobs([previous.blob]);
    } catch (error) {
      await this.removeBlobs([blob]).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const file = await this.open(key);
    if (!file) return null;
    const parts: Buffer[] = [];
    for await (const part of file.stream) parts.push(part as Buffer);
    return Buffer.concat(parts);
  }

  async open(
    key: string,
    pick?: (size: number) => ByteRange | undefined,
  ): Promise<OpenedFile | null> {
    const [object] = await this.db
      .select({ blob: fileObjects.blob, size: fileObjects.size, chunkSize: fileObjects.chunkSize })
      .from(fileObjects)
      .where(eq(fileObjects.key, checkKey(key)));
    if (!object) return null;
    const range = pick?.(object.size) ?? null;
    const start = range?.start ?? 0;
    const end = range?.end ?? object.size - 1;
    return { size: object.size, range, stream: this.chunks(object, start, end) };
  }

  /** Bytes start..end of a blob, read a few chunks at a time as the stream is consumed. */
  private chunks(object: { blob: string; chunkSize: number }, start: number, end: number) {
    const db = this.db;
    const first = Math.floor(start / object.chunkSize);
    const last = Math.floor(end / object.chunkSize);
    async function* read() {
      for (let from = first; from <= last; from += CHUNKS_PER_READ) {
        const to = Math.min(last, from + CHUNKS_PER_READ - 1);
        const rows = await db
          .select({ n: fileChunks.n, data: fileChunks.data })
          .from(fileChunks)
          .where(
            and(eq(fileChunks.blob, object.blob), gte(fileChunks.n, from), lte(fileChunks.n, to)),
          )
          .orderBy(fileChunks.n);
        if (rows.length !== to - from + 1) throw new Error("a stored file lost chunks");
        for (const row of rows) {
          const offset = row.n * object.chunkSize;
          const data = row.data.subarray(
            Math.max(0, start - offset),
            Math.min(row.data.length, end - offset + 1),
          );
          if (data.length > 0) yield data;
        }
      }
    }
    return Readable.from(read(), { objectMode: false });
  }

  async remove(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const removed = await this.db
      .delete(fileObjects)
      .where(inArray(fileObjects.key, keys.map(checkKey)))
      .returning({ blob: fileObjects.blob });
    await this.removeBlobs(removed.map((r) => r.blob));
  }

  async removePrefix(prefix: string): Promise<void> {
    const removed = await this.db
      .delete(fileObjects)
      .where(sql`starts_with(${fileObjects.key}, ${folderPrefix(prefix)})`)
      .returning({ blob: fileObjects.blob });
    await this.removeBlobs(removed.map((r) => r.blob));
  }

  private async removeBlobs(blobs: string[]): Promise<void> {
    for (let i = 0; i < blobs.length; i += 1000) {
      await this.db.delete(fileChunks).where(inArray(fileChunks.blob, blobs.slice(i, i + 1000)));
    }
  }
}
