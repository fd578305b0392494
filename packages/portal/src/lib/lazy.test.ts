import { describe, expect, it, vi } from "vitest";
import { ChunkLoadError, isChunkLoadError, loadChunk } from "./lazy";

describe("lazy route chunks (SPEC.md §8)", () => {
  it("fails a chunk that has not loaded after 120 seconds", async () => {
    vi.useFakeTimers();
    try {
      const load = loadChunk(() => new Promise(() => {}));
      const result = load();
      vi.advanceTimersByTime(119_999);
      const settled = vi.fn();
      result.catch(settled);
      await Promise.resolve();
      expect(settled).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      await expect(result).rejects.toBeInstanceOf(ChunkLoadError);
    } finally {
      vi.useRealTimers();
    }
  });

  it("recognises the browser's failed dynamic import as a chunk failure", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: x.js")),
    ).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/a.css"))).toBe(true);
    expect(isChunkLoadError(new Error("boom"))).toBe(false);
  });
});
