import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { PACKAGE_ROOT } from "../config";
import { notFound, unauthenticated } from "../lib/errors";
import { sendStoredFile } from "../lib/send-file";
import { ManifestError, readManifest, type ScormVersion } from "../lib/scorm";
import { assertMaterialReadable } from "../services/material-access";
import { contentDisposition, displayName } from "../lib/content-files";

/** The bridge and scorm-again's runtimes, served by the content origin itself (no capability). */
const require = createRequire(import.meta.url);
const ASSETS: Record<string, () => string> = {
  "scorm-bridge.js": () => path.join(PACKAGE_ROOT, "assets/scorm-bridge.js"),
  "scorm12.js": () => require.resolve("scorm-again/scorm12/min"),
  "scorm2004.js": () => require.resolve("scorm-again/scorm2004/min"),
};
const assetCache = new Map<string, Buffer>();

function asset(name: string): Buffer | null {
  const where = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!where) return null;
  let data = assetCache.get(name);
  if (!data) {
    data = readFileSync(where());
    assetCache.set(name, data);
  }
  return data;
}

/** The sandbox of every answer of the content origin: scripts run, in an opaque origin. */
export const SANDBOX = "sandbox allow-scripts allow-forms allow-popups";
/**
 * The files of a SCORM package go without frame-ancestors: a package's own pages frame others of
 * it (a Rise-style index.html around its content, a frameset, an SVG in an iframe), and such an
 * ancestor has an opaque origin that no frame-ancestors source matches (Chromium refuses even
 * `*`). A package's URL holds a capability of the viewer's session, and the bridge talks to the
 * portal's origin only, so a page framing it elsewhere gets nothing from it.
 */
export const PACKAGE_CSP = SANDBOX;

/** Types a browser shows by itself; every other file of a non-SCORM material is a download. */
const INLINE = /^(application\/pdf|image\/|audio\/|video\/)/;
const HTML = /^(text\/html|application\/xhtml\+xml)/;

/**
 * The scripts that give a SCORM page its runtime (assets/scorm-bridge.js): first in <head>, so
 * that the SCO finds window.API / API_1484_11 in its own window before its own scripts run.
 */
export function bridgeTags(version: ScormVersion, portalOrigin: string): string {
  const runtime = version === "2004" ? "scorm2004.js" : "scorm12.js";
  const origin = portalOrigin.replace(/[^A-Za-z0-9:/.[\]-]/g, "");
  return (
    `<script src="/_lms/${runtime}"></script>` +
    `<script src="/_lms/scorm-bridge.js" data-version="${version}" data-portal="${origin}"></script>`
  );
}

/** The page with the bridge's tags after its <head> (or <html>, or at its start). */
export function injectBridge(page: Buffer, tags: string): Buffer {
  // latin1 keeps every byte as it is, whatever the page's own encoding.
  const text = page.toString("latin1");
  const at =
    /<head(\s[^>]*)?>/i.exec(text) ??
    /<html(\s[^>]*)?>/i.exec(text) ??
    /<!doctype[^>]*>/i.exec(text);
  const index = at ? at.index + at[0].length : 0;
  return Buffer.from(text.slice(0, index) + tags + text.slice(index), "latin1");
}

/**
 * The content origin's only routes (issue 12): GET /content/<capability>/<materialId>/<path> and
 * the bridge's scripts under /_lms/. No cookie is read, no /api, no portal. Access is decided again
 * on every request, by the capability's live session and by assertMaterialReadable.
 */
export function contentRoutes(main: FastifyInstance) {
  return async function routes(content: FastifyInstance) {
    content.get<{ Params: { name: string } }>("/_lms/:name", async (request, reply) => {
      const data = asset(request.params.name);
      if (!data) throw notFound();
      return reply
        .code(200)
        .type("text/javascript; charset=utf-8")
        .header("cache-control", "public, max-age=3600")
        .send(data);
    });

    content.get<{ Params: { capability: string; materialId: string; "*": string } }>(
      "/content/:capability/:materialId/*",
      async (request, reply) => {
        const id = Number(request.params.materialId);
        if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
        const named = main.contentCapabilities.read(request.params.capability, id);
        if (!named) throw unauthenticated(false);
        const auth = await main.auth.authenticateSession(named.sessionId);
        if (!auth.ok) throw unauthenticated(auth.expired);
        const caller = auth.caller;
        if (caller.userId !== named.userId) throw unauthenticated(false);
        const material = await main.repos.materials.findById(id);
        if (!material) throw notFound();
        await assertMaterialReadable(main, caller, material);
        // The router has decoded the path once already: "100%25 done.pdf" is "100% done.pdf".
        const filePath = request.params["*"] ?? "";
        const file = await main.repos.materials.file(material.id, filePath);
        if (!file) throw notFound();
        const scorm = material.type === "scorm";
        if (scorm) reply.header("content-security-policy", PACKAGE_CSP);
        const inline = scorm || INLINE.test(file.contentType);
        const headers = {
          "content-type": file.contentType,
          "content-disposition": contentDisposition(
            inline ? "inline" : "attachment",
            displayName(file.path, "file"),
          ),
          "cache-control": "private, no-cache",
        };
        if (scorm && HTML.test(file.contentType)) {
          // A package's page is rewritten whole (the bridge's tags); every other file streams.
          let data = await main.storage.get(file.storageKey);
          if (!data) throw notFound();
          const version = await scormVersion(main, material.id);
          if (version) data = injectBridge(data, bridgeTags(version, portalOrigin(main)));
          return reply.code(200).headers(headers).send(data);
        }
        return sendStoredFile(main.storage, file.storageKey, request, reply, headers);
      },
    );
  };
}

async function scormVersion(
  app: FastifyInstance,
  materialId: number,
): Promise<ScormVersion | null> {
  const manifest = await app.repos.materials.file(materialId, "imsmanifest.xml");
  const xml = manifest ? await app.storage.get(manifest.storageKey) : undefined;
  if (!xml) return null;
  try {
    return readManifest(xml.toString("utf8")).version;
  } catch (error) {
    if (error instanceof ManifestError) return null;
    throw error;
  }
}

/** The portal's origin: the only one that may frame content and receive the bridge's messages. */
export function portalOrigin(app: FastifyInstance): string {
  return new URL(app.config.publicUrl).origin;
}

/** The content origin's headers, on every answer it gives (errors included). */
export function contentHeaders(app: FastifyInstance): Record<string, string> {
  return {
    // An opaque origin for everything served: no storage, no cookies of anyone (never
    // allow-same-origin); only the portal may frame it (but see PACKAGE_CSP).
    "content-security-policy": `${SANDBOX}; frame-ancestors ${portalOrigin(app)}`,
    "x-content-type-options": "nosniff",
    // The portal (another origin) embeds images, media and frames from here.
    "cross-origin-resource-policy": "cross-origin",
    // The capability in the path goes nowhere else.
    "referrer-policy": "no-referrer",
  };
}
