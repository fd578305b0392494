import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "./helper";

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

  it("caches hashed assets for a year, never index.html, with security headers", async () => {
    const portal = mkdtempSync(path.join(os.tmpdir(), "lms-portal-"));
    folders.push(portal);
    mkdirSync(path.join(portal, "assets"));
    writeFileSync(path.join(portal, "index.html"), "<!doctype html><title>portal</title>");
    writeFileSync(path.join(portal, "assets", "index-abc123.js"), "console.log(1)");
    const t = await buildTestApp({ portalDir: portal });
    apps.push(t);
    const index = await t.app.inject({ method: "GET", url: "/" });
    expect(index.statusCode).toBe(200);
    expect(index.headers["cache-control"]).toContain("no-store");
    const csp = String(index.headers["content-security-policy"]);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(index.headers["x-content-type-options"]).toBe("nosniff");
    const asset = await t.app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const config = await t.call<{ classServiceUrl: string }>("config", "get");
    expect(config.body.data!.classServiceUrl).toBe("/webservice");
    const api = await t.app.inject({ method: "POST", url: "/api/nothing/" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ status: 404, code: "errors.notFound" });
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
