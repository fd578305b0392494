import { CHUNK_LOAD_TIMEOUT_MS } from "@lms/core";

/** SPEC.md §8: a chunk that has not loaded after 120 s is a failure, not an endless wait. */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError("Chunk load timed out")), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error)));
      },
    );
  });
}

/** A chunk's loader that fails after SPEC.md §8's 120 s instead of waiting for ever. */
export function loadChunk<T>(load: () => Promise<T>): () => Promise<T> {
  return () => withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS);
}

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
        error.message,
      ))
  );
}
