import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { inlineScriptHashes } from "../src/lib/inline-scripts";
import { buildTestApp, multipart, type TestApp } from "./helper";

const apps: TestApp[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe("static portal", () => {
  it("says the portal is not built when there is no build", async () => {
    const t = await buildTestApp();
    apps.push(t);
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.payload).toContain("portal not built");
  });

  it("caches hashed assets for a year, revalidates index.html, with security headers", async () => {
    const portal = mkdtempSync(path.join(os.tmpdir(), "lms-portal-"));
    folders.push(portal);
    mkdirSync(path.join(portal, "assets"));
    writeFileSync(path.join(portal, "index.html"), "<!doctype html><title>portal</title>");
    writeFileSync(path.join(portal, "assets", "index-abc123.js"), "console.log(1)");
    const t = await buildTestApp({ portalDir: portal });
    apps.push(t);
    const index = await t.app.inject({ method: "GET", url: "/" });
    expect(index.statusCode).toBe(200);
    expect(index.headers["cache-control"]).toBe("no-cache");
    expect(index.headers.etag).toBeTruthy();
    const csp = String(index.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(index.headers["x-content-type-options"]).toBe("nosniff");
    expect(csp).toContain("script-src 'self';");
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const config = await t.call<{ classServiceUrl: string }>("config", "get");
    expect(config.body.data!.classServiceUrl).toBe("/webservice");
    const api = await t.app.inject({ method: "POST", url: "/api/nothing/" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404, code: "errors.notFound" });
    // The API's answers carry the same headers.
    expect(api.headers["x-content-type-options"]).toBe("nosniff");
    expect(api.headers["referrer-policy"]).toBe("same-origin");
    expect(String(api.headers["content-security-policy"])).toContain("frame-ancestors 'self'");
  });
});

describe("the portal's inline opening script (issue 14)", () => {
  it("is allowed by its hash, and no other inline script is, a new build's once copied in", async () => {
    const portal = mkdtempSync(path.join(os.tmpdir(), "lms-portal-"));
    folders.push(portal);
    const opening = '(() => { document.head.dataset.opened = "yes"; })();\n';
    writeFileSync(
      path.join(portal, "index.html"),
      `<!doctype html><head><script>${opening}</script>\n` +
        '<script type="module" crossorigin src="./assets/index-1.js"></script></head>',
    );
    const t = await buildTestApp({ portalDir: portal });
    apps.push(t);
    const index = await t.app.inject({ method: "GET", url: "/" });
    const scriptSrc = /script-src ([^;]*)/.exec(String(index.headers["content-security-policy"]));
    const hash = createHash("sha256").update(opening).digest("base64");
    expect(scriptSrc?.[1]).toBe(`'self' 'sha256-${hash}'`);

    // A new build copied in while the server runs: its script is allowed, the old one no longer.
    const next = '(() => { document.head.dataset.opened = "again"; })();\n';
    writeFileSync(path.join(portal, "index.html"), `<!doctype html><script>${next}</script>`);
    // Seen once the server looks at the file again (within a second): waited for, not slept.
    const nextHash = createHash("sha256").update(next).digest("base64");
    await expect
      .poll(
        async () =>
          String(
            (await t.app.inject({ method: "GET", url: "/" })).headers["content-security-policy"],
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toContain(`script-src 'self' 'sha256-${nextHash}';`);
  });

  it("hashes each inline script's text, and skips scripts with a source", () => {
    const page =
      '<script>a()</script><SCRIPT type="module">b()</SCRIPT ><script src="./c.js"></script>';
    const sha = (text: string) => createHash("sha256").update(text).digest("base64");
    expect(inlineScriptHashes(page)).toEqual([`'sha256-${sha("a()")}'`, `'sha256-${sha("b()")}'`]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });
});

describe("compressed delivery (issue 14)", () => {
  it("sends the build's brotli or gzip copy of a file by Accept-Encoding, and the file itself otherwise", async () => {
    const portal = mkdtempSync(path.join(os.tmpdir(), "lms-portal-"));
    folders.push(portal);
    mkdirSync(path.join(portal, "assets"));
    const script = "console.log('portal');".repeat(200);
    writeFileSync(path.join(portal, "index.html"), "<!doctype html><title>portal</title>");
    writeFileSync(path.join(portal, "assets", "main-abc.js"), script);
    writeFileSync(path.join(portal, "assets", "main-abc.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(portal, "assets", "main-abc.js.gz"), gzipSync(script));
    const t = await buildTestApp({ portalDir: portal });
    apps.push(t);
    const get = (encoding?: string) =>
      t.app.inject({
        method: "GET",
        url: "/assets/main-abc.js",
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
    const br = await get("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it("compresses JSON answers above 1 KB, not small ones", async () => {
    const t = await buildTestApp();
    apps.push(t);
    const token = await t.login("admin");
    const list = async (encoding: string, rowsPerPage: number) => {
      const { body, contentType } = await multipart({
        cmdType: "list",
        page: "1",
        rowsPerPage: String(rowsPerPage),
        Authorization: `Bearer ${token}`,
      });
      return t.app.inject({
        method: "POST",
        url: "/api/user/",
        headers: { "content-type": contentType, "accept-encoding": encoding },
        payload: body,
      });
    };
    const large = await list("gzip, br", 25);
    expect(large.statusCode).toBe(200);
    expect(large.headers["content-encoding"]).toBe("br");
    const rows = JSON.parse(brotliDecompressSync(large.rawPayload).toString()).data.data;
    expect(rows.length).toBeGreaterThan(5);
    const gzipped = await list("gzip", 25);
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    const small = await t.app.inject({
      method: "POST",
      url: "/api/nothing/",
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});

describe("first administrator", () => {
  it("is created with an activation link when the database has none and LMS_ADMIN_EMAIL is set", async () => {
    const { ensureAdministrator } = await import("../src/server");
    const { sql } = await import("drizzle-orm");
    const t = await buildTestApp({ adminEmail: "it@school.example", adminUserName: "itadmin" });
    apps.push(t);
    expect(await ensureAdministrator(t.app)).toBe(false);
    await t.database.db.execute(sql`delete from users where role_id = 1`);
    expect(await ensureAdministrator(t.app)).toBe(true);
    const outbox = await t.app.repos.outbox.all();
    expect(outbox.at(-1)).toMatchObject({ recipient: "it@school.example", status: "logged" });
    expect(outbox.at(-1)!.link).toContain("/#/account/set-password?token=");
  });
});
