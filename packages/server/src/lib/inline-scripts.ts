import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
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

/**
 * The built portal's inline scripts (its opening script, packages/portal/build/opening-preload.ts),
 * read once as the server starts: a new build is served by a restarted server (docs/DEPLOYMENT.md).
 */
export function portalInlineScriptHashes(portalDir: string): string[] {
  const index = path.join(portalDir, "index.html");
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, "utf8")) : [];
}
