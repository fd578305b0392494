import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { buildTestApp, type TestApp } from "./helper";

const APP_ORIGIN = "https://app.school.example";

describe("CORS for other school apps (issue 17, LMS_CORS_ORIGINS)", () => {
  let open: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    open = await buildTestApp({ corsOrigins: [APP_ORIGIN] });
    closed = await buildTestApp();
  });
  afterAll(async () => {
    await open?.close();
    await closed?.close();
  });

  it("reads a comma-separated list of origins, and refuses what is not an origin", () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(
      loadConfig({ LMS_CORS_ORIGINS: " https://a.example ,http://localhost:5173" }).corsOrigins,
    ).toEqual(["https://a.example", "http://localhost:5173"]);
    expect(() => loadConfig({ LMS_CORS_ORIGINS: "https://a.example/app" })).toThrow(
      /LMS_CORS_ORIGINS/,
    );
    expect(() => loadConfig({ LMS_CORS_ORIGINS: "*" })).toThrow(/LMS_CORS_ORIGINS/);
  });

  it("answers a listed origin's preflight for the main service with the Authorization header allowed", async () => {
    const preflight = await open.app.inject({
      method: "OPTIONS",
      url: "/api/user/",
      headers: {
        origin: APP_ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    expect(String(preflight.headers["access-control-allow-headers"]).toLowerCase()).toContain(
      "authorization",
    );
    expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();
  });

  it("lets a listed origin read a signed-in answer sent with a bearer token", async () => {
    const token = await open.login("admin");
    const answer = await open.app.inject({
      method: "POST",
      url: "/api/school/",
      headers: {
        origin: APP_ORIGIN,
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
      },
      payload: JSON.stringify({ cmdType: "list", page: 1, rowsPerPage: 10 }),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["access-control-allow-origin"]).toBe(APP_ORIGIN);
    expect(answer.json().data.pagination.totalcount).toBeGreaterThan(0);
  });

  it("gives no CORS header to an unlisted origin, to pages outside /api/, or when no origin is set", async () => {
    const other = await open.app.inject({
      method: "OPTIONS",
      url: "/api/user/",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    const portal = await open.app.inject({
      method: "GET",
      url: "/",
      headers: { origin: APP_ORIGIN },
    });
    expect(portal.headers["access-control-allow-origin"]).toBeUndefined();
    const none = await closed.app.inject({
      method: "OPTIONS",
      url: "/api/user/",
      headers: { origin: APP_ORIGIN, "access-control-request-method": "POST" },
    });
    expect(none.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
