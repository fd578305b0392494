import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { es } from "@lms/core";
import type { FastifyInstance } from "fastify";
import { PACKAGE_ROOT } from "../config";
import { buildOpenApi } from "../dispatch/openapi";
import { RESOURCES } from "./api/resources";

const require = createRequire(import.meta.url);

/** Scalar's standalone browser bundle, served from this server: no CDN (schools may be offline). */
export function scalarBundlePath(): string {
  const entry = require.resolve("@scalar/api-reference");
  return path.join(path.dirname(entry), "browser", "standalone.js");
}

/** The reference page's own scripts only; no Trusted Types (the viewer writes HTML itself). */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

// Offline and on this server only: no web fonts, telemetry, AI agent, MCP or hosted tools.
const VIEWER_CONFIG = JSON.stringify({
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: "never",
});

function docsPage(): string {
  const title = `${es["app.name"]} API`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body><noscript>${title}: <a href="/api/openapi.json">/api/openapi.json</a></noscript>
<script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration='${VIEWER_CONFIG}'></script>
<script src="/api/docs/scalar.js"></script>
</body></html>`;
}

function packageVersion(): string {
  const raw = readFileSync(path.join(PACKAGE_ROOT, "package.json"), "utf8");
  return (JSON.parse(raw) as { version: string }).version;
}

/**
 * For other apps (issue 17): the OpenAPI 3.1 document of /api, built once from the registered
 * command table, and a reference page reading it.
 */
export default async function docsRoutes(app: FastifyInstance) {
  let document: string | null = null;
  let bundle: Buffer | null = null;

  app.get("/api/openapi.json", async (_request, reply) => {
    document ??= JSON.stringify(
      buildOpenApi(RESOURCES, {
        version: packageVersion(),
        materialBytes: app.config.uploads.materialBytes,
      }),
    );
    return reply
      .header("cache-control", "public, max-age=300")
      .type("application/json; charset=utf-8")
      .send(document);
  });

  app.get("/api/docs", async (_request, reply) =>
    reply
      .header("cache-control", "no-cache")
      .header("content-security-policy", DOCS_CSP)
      .type("text/html; charset=utf-8")
      .send(docsPage()),
  );

  app.get("/api/docs/scalar.js", async (_request, reply) => {
    bundle ??= readFileSync(scalarBundlePath());
    return reply
      .header("cache-control", "public, max-age=86400")
      .type("text/javascript; charset=utf-8")
      .send(bundle);
  });
}
