import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { es } from "@lms/core";
import type { FastifyInstance } from "fastify";

/**
 * Serves the built portal at / (issue 4 "Static portal"): hashed assets cached for a year,
 * index.html revalidated, each file sent as the build compressed it when the browser takes it. Without a build, / answers a short page saying so.
 */
export default async function portal(app: FastifyInstance) {
  const root = app.config.portalDir;
  if (!existsSync(path.join(root, "index.html"))) {
    app.get("/", async (_request, reply) =>
      reply
        .code(200)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(notBuiltPage()),
    );
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ["index.html"],
    cacheControl: false,
    // The build's .br and .gz copies (packages/portal/build/precompress.ts), by Accept-Encoding.
    preCompressed: true,
    etag: true,
    lastModified: true,
    setHeaders(res, file) {
      const relative = path.relative(root, file).split(path.sep).join("/");
      if (relative === "index.html" || relative.endsWith(".html")) {
        // Revalidated on every visit (ETag), so a new release is seen at once.
        res.header("cache-control", "no-cache");
      } else if (relative.startsWith("assets/")) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      } else {
        res.header("cache-control", "public, max-age=0, must-revalidate");
      }
    },
  });
}

function notBuiltPage(): string {
  // Operator-facing: the portal has not been built (pnpm --filter @lms/portal build).
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${es["app.name"]}</title></head>
<body><main><h1>${es["app.name"]}</h1><p>portal not built: <code>pnpm --filter @lms/portal build</code></p>
<p><code>/api</code> · <code>/webservice</code></p></main></body></html>`;
}
