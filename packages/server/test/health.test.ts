import { describe, expect, it } from "vitest";
import { useTestApp } from "./helper";

describe("/healthz", () => {
  const t = useTestApp();

  it("answers 200 ok while the database answers, 503 once it does not", async () => {
    const up = await t().app.inject({ method: "GET", url: "/healthz" });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: "ok" });
    expect(up.headers["cache-control"]).toBe("no-store");

    await t().database.close();
    const down = await t().app.inject({ method: "GET", url: "/healthz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: "unavailable" });
  });
});
