import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD, useTestApp } from "./helper";

const t = useTestApp();

describe("sign-in", () => {
  it("answers the token, profile and permissions of a demo user", async () => {
    const answer = await t().call<{
      token: string;
      wsToken: string;
      sessionKey: string;
      profile: { userName: string; roleId: number; schoolId: number | null; children: number[] };
      permissions: Record<string, Record<string, boolean>>;
      lang: string;
    }>("user", "login", { userName: "Parent", password: DEMO_PASSWORD });
    expect(answer.status).toBe(200);
    const data = answer.body.data!;
    expect(data.token.length).toBeGreaterThanOrEqual(22);
    expect(data.wsToken).not.toBe(data.token);
    expect(data.profile.userName).toBe("parent");
    expect(data.profile.roleId).toBe(9);
    expect(data.profile.children).toEqual([await t().userId("student")]);
    expect(data.permissions.reports!.view).toBe(true);
    expect(data.lang).toBe("es");
  });

  it("accepts the e-mail instead of the user name", async () => {
    const answer = await t().call("user", "login", {
      userName: "TEACHER@demo.school.ph",
      password: DEMO_PASSWORD,
    });
    expect(answer.status).toBe(200);
  });

  it("gives a new token at every sign-in and stores only its hash", async () => {
    const first = await t().login("teacher");
    const second = await t().login("teacher");
    expect(first).not.toBe(second);
    const rows = (await t().database.db.execute(
      sql`select token_hash from sessions where token_hash = ${first} or token_hash = ${second}`,
    )) as unknown as { rows: unknown[] };
    expect(rows.rows).toHaveLength(0);
  });

  it("stores passwords as argon2id hashes", async () => {
    const user = await t().app.repos.users.findForLogin("admin");
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("refuses a wrong password with the catalogue text", async () => {
    const answer = await t().call("user", "login", {
      userName: "schooladmin",
      password: "Wrong@2026!",
    });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe("auth.invalidCredentials");
    expect(answer.body.message).toBe("Incorrect username or password.");
  });

  it("answers 422 with per-field codes for empty fields", async () => {
    const answer = await t().call("user", "login", { userName: "", password: "" });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "userName", code: "validation.required" }),
        expect.objectContaining({ field: "password", code: "validation.required" }),
      ]),
    );
  });

  it("rate limits failed sign-ins per account with 429", async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await t().call("user", "login", {
        userName: "rexadmin",
        password: `Bad@${i}xyz`,
      });
      expect(answer.status).toBe(401);
    }
    const blocked = await t().call("user", "login", {
      userName: "rexadmin",
      password: DEMO_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe("auth.tooManyAttempts");
  });
});

describe("status check and logout", () => {
  it("answers 200 for a valid token and 401 'Invalid token!' for an unknown one", async () => {
    const token = await t().login("student");
    const userid = await t().userId("student");
    expect((await t().call("user", "getisloggedinstatus", { userid }, { token })).status).toBe(200);
    const bad = await t().call("user", "getisloggedinstatus", { userid }, { token: "nope" });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe("Invalid token!");
  });

  it("accepts the token in the Authorization header too", async () => {
    const token = await t().login("student");
    const answer = await t().call("user", "getisloggedinstatus", {}, { token, header: true });
    expect(answer.status).toBe(200);
  });

  it("revokes the session at logout (cmdtype spelled in lower case too)", async () => {
    const token = await t().login("student");
    const answer = await t().call("user", "", { cmdtype: "logout" }, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe("You have been signed out.");
    const after = await t().call("user", "getisloggedinstatus", {}, { token });
    expect(after.status).toBe(401);
    const again = await t().call("user", "logout", {}, { token });
    expect(again.status).toBe(401);
  });

  it("answers 'Expired token' once the idle expiry has passed", async () => {
    const token = await t().login("student2");
    await t().database.db.execute(
      sql`update sessions set idle_expires_at = now() - interval '1 minute' where revoked_at is null and user_id = ${await t().userId("student2")}`,
    );
    const answer = await t().call("user", "getisloggedinstatus", {}, { token });
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe("Expired token");
  });

  it("answers 405 to other methods", async () => {
    const response = await t().app.inject({ method: "GET", url: "/api/user/" });
    expect(response.statusCode).toBe(405);
  });
});
