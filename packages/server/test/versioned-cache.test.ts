import { describe, expect, it } from "vitest";
import { VersionedCache } from "../src/read-models/versioned-cache/versioned-cache";

describe("the one versioned cache of the read models (issue 44)", () => {
  it("answers a value only at the versions it was read at, and gives them on a peek", () => {
    const cache = new VersionedCache<Int32Array>({ max: 10 });
    const ids = Int32Array.from([3, 1, 2]);
    cache.set("search", ids, "users:7");
    expect(cache.get("search", "users:7")).toBe(ids);
    expect(cache.has("search", "users:7")).toBe(true);
    // Another process moved the version: the value kept is not an answer, but still a guess.
    expect(cache.get("search", "users:8")).toBeUndefined();
    expect(cache.peek("search")).toEqual({ value: ids, version: "users:7" });
    cache.set("search", Int32Array.from([1]), "users:8");
    expect(cache.get("search", "users:7")).toBeUndefined();
    expect(cache.get("search", "users:8")).toEqual(Int32Array.from([1]));
  });

  it("keeps a value by a key that names its versions, read once", async () => {
    const cache = new VersionedCache<number>({ max: 10 });
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    expect(await cache.keptOr('["users:7","where"]', read)).toBe(1);
    expect(await cache.keptOr('["users:7","where"]', read)).toBe(1);
    expect(await cache.keptOr('["users:8","where"]', read, true)).toBeNull();
    expect(await cache.keptOr(null, read)).toBe(2);
    expect(await cache.keptOr(null, read)).toBe(3);
  });

  it("is bounded by the size of its values and forgets everything on clear", () => {
    const cache = new VersionedCache<Int32Array, number>({
      maxSize: 4,
      sizeCalculation: (ids) => ids.length || 1,
    });
    cache.set(1, new Int32Array(3), "v");
    cache.set(2, new Int32Array(0), "v");
    cache.set(3, new Int32Array(2), "v");
    expect(cache.has(1, "v")).toBe(false);
    expect(cache.has(2, "v") && cache.has(3, "v")).toBe(true);
    cache.clear();
    expect(cache.peek(3)).toBeUndefined();
  });

  it("keeps nothing when off (LMS_READ_MODELS=off): every read is made", async () => {
    const cache = new VersionedCache<number>({ max: 10 }, false);
    cache.set("total", 5, "users:1");
    expect(cache.on).toBe(false);
    expect(cache.get("total", "users:1")).toBeUndefined();
    let reads = 0;
    await cache.keptOr("total", () => Promise.resolve(++reads));
    await cache.keptOr("total", () => Promise.resolve(++reads));
    expect(reads).toBe(2);
  });
});
