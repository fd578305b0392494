import { describe, expect, it } from "vitest";
import { useTestApp } from "./helper";

describe("/healthz", () => {
  const t = useTestApp();

  it("answers 200 ok while the database answers, 503 once it does not", async () => {
    let up = await t().app.inject({ method: "GET", url: "/healthz" });
    // Warm once the users' index is built and the lists are loaded, in the background at start.
    for (let i = 0; i < 100 && !up.json<{ warm: boolean }>().warm; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      up = await t().app.inject({ method: "GET", url: "/healthz" });
    }
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: "ok", warm: true });
    expect(up.headers["cache-control"]).toBe("no-store");
    const page = await t().app.repos.schools.list(
      { page: 1, rowsPerPage: 5, sortOrder: "asc", search: "" },
      [],
      { schoolId: null },
    );
    // With LMS_READ_MODELS=off there is nothing to load: warm at once, the database answers.
    expect(page.fromMemory).toBe(t().config.readModels ? true : undefined);

    const token = await t().login("admin");
    await t().database.close();
    const down = await t().app.inject({ method: "GET", url: "/healthz" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: "unavailable" });
    // A command answers 503 with a time to try again, not a 500.
    const command = await t().call("school", "list", { page: 1, rowsPerPage: 10 }, { token });
    expect(command.status).toBe(503);
    expect(command.body).toMatchObject({ code: "errors.unavailable" });
    expect(command.headers["retry-after"]).toBe("5");
  });
});
