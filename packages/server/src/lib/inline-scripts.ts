import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The CSP sources (`'sha256-…'`) of a page's inline scripts: the CSP allows exactly these and no
 * other inline script.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return hashes;
}

/** How often the portal's index.html is looked at again for a new build. */
const RECHECK_MS = 1000;

/**
 * The built portal's inline scripts' sources (its opening script, packages/portal/build/
 * opening-preload.ts), read again when index.html changes: a build copied in while the server runs
 * keeps its opening script allowed. Looked at no more than once a second.
 */
export function portalInlineScriptHashes(portalDir: string): () => string[] {
  const index = path.join(portalDir, "index.html");
  let checkedAt = -Infinity;
  let readVersion = "";
  let hashes: string[] = [];
  return () => {
    const now = Date.now();
    if (now - checkedAt < RECHECK_MS) return hashes;
    checkedAt = now;
    let version = "";
    try {
      const stats = statSync(index);
      version = `${stats.mtimeMs}:${stats.size}`;
    } catch {
      // no build: no inline script to allow
    }
    if (version !== readVersion) {
      readVersion = version;
      hashes = version ? inlineScriptHashes(readFileSync(index, "utf8")) : [];
    }
    return hashes;
  };
}
