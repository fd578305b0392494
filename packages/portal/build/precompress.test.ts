import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompress } from "./precompress";

let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe("precompress", () => {
  it("writes brotli and gzip copies of compressible files that decompress to the original", async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), "lms-precompress-"));
    mkdirSync(path.join(folder, "assets"));
    const script = "export const greeting = 'Magandang araw';\n".repeat(100);
    writeFileSync(path.join(folder, "assets", "main-abc.js"), script);
    writeFileSync(path.join(folder, "index.html"), "<!doctype html>".padEnd(2000, " "));
    writeFileSync(path.join(folder, "assets", "tiny.css"), "a{}");
    writeFileSync(path.join(folder, "assets", "photo.png"), Buffer.alloc(4096, 1));

    const done = (await precompress(folder)).map((f) => f.split(path.sep).join("/")).sort();

    expect(done).toEqual(["assets/main-abc.js", "index.html"]);
    const js = path.join(folder, "assets", "main-abc.js");
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script);
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 5);
    expect(existsSync(path.join(folder, "assets", "tiny.css.br"))).toBe(false);
    expect(existsSync(path.join(folder, "assets", "photo.png.br"))).toBe(false);
  });
});
