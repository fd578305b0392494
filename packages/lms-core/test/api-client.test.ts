import { afterEach, describe, expect, it } from "vitest";
import { createApiClient, createSessionStore, type ListParams } from "../src/index";
import { field, startFakeService, type Handler } from "./fake-service";

const profile = {
  userId: 42,
  userName: "Teacher",
  firstName: "Ana",
  roleId: 3,
  schoolId: 1,
  children: [],
};
let service: Awaited<ReturnType<typeof startFakeService>> | undefined;

afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function setup(handler: Handler, signedIn = true) {
  service = await startFakeService(handler);
  const session = createSessionStore();
  if (signedIn) session.set({ token: "tok-123", wsToken: "ws-9", sessionKey: "k", profile });
  let expiredCalls = 0;
  const client = createApiClient({
    baseUrl: `${service.url}/api`,
    classServiceUrl: `${service.url}/webservice`,
    session,
    sleep: async () => {},
    onSessionExpired: () => expiredCalls++,
  });
  return { client, session, calls: service.calls, expiredCalls: () => expiredCalls };
}

const ok = (data: unknown = {}) => ({ status: 200, body: { status: 200, message: "OK", data } });
const isStatusCheck = (fields: [string, string][]) =>
  fields.some(([n, v]) => n === "cmdType" && v === "getisloggedinstatus");

describe("API client over HTTP", () => {
  it("posts multipart with cmdType and the token in the form body as Authorization bearer", async () => {
    const { client, calls } = await setup(() => ok({ id: 1 }));
    const result = await client.request({
      path: "/school/",
      cmdType: "create",
      fields: { schoolName: "Rizal High", enabled: true, permissions: { users: { view: true } } },
      files: { logo: { blob: new Blob([new Uint8Array([1, 2, 3])]), filename: "logo.png" } },
    });
    expect(result).toEqual({ ok: true, status: 200, message: "OK", data: { id: 1 } });
    const create = calls.at(-1)!;
    expect(create.url).toBe("/api/school/");
    expect(create.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(field(create, "cmdType")).toBe("create");
    expect(field(create, "Authorization")).toBe("Bearer tok-123");
    expect(field(create, "schoolName")).toBe("Rizal High");
    expect(field(create, "enabled")).toBe("true");
    expect(JSON.parse(field(create, "permissions")!)).toEqual({ users: { view: true } });
    expect(create.files).toEqual([{ name: "logo", filename: "logo.png", size: 3 }]);
  });

  it("runs the login status check before each call, with userid and the token", async () => {
    const { client, calls } = await setup(() => ok());
    await client.request({ path: "/course/", cmdType: "get", fields: { id: 3 } });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.url).toBe("/api/user/");
    expect(field(calls[0]!, "cmdType")).toBe("getisloggedinstatus");
    expect(field(calls[0]!, "userid")).toBe("42");
    expect(field(calls[0]!, "Authorization")).toBe("Bearer tok-123");
    expect(field(calls[1]!, "cmdType")).toBe("get");
  });

  it("shares one status check among concurrent calls", async () => {
    const { client, calls } = await setup(async (call) => {
      if (isStatusCheck(call.fields)) await new Promise((r) => setTimeout(r, 50));
      return ok();
    });
    await Promise.all([
      client.request({ path: "/a/", cmdType: "list" }),
      client.request({ path: "/b/", cmdType: "list" }),
      client.request({ path: "/c/", cmdType: "list" }),
    ]);
    expect(calls.filter((c) => isStatusCheck(c.fields))).toHaveLength(1);
    expect(calls).toHaveLength(4);
  });

  it("destroys the session on a 401 status check and never sends the call", async () => {
    const { client, session, calls, expiredCalls } = await setup((call) =>
      isStatusCheck(call.fields)
        ? { status: 401, body: { status: 401, message: "Expired token" } }
        : ok(),
    );
    const result = await client.request({ path: "/school/", cmdType: "delete", fields: { id: 1 } });
    expect(result).toMatchObject({ ok: false, status: 401, message: "Your session has expired." });
    expect(calls).toHaveLength(1);
    expect(session.get()).toMatchObject({ token: null, profile: null, expiredSession: true });
    expect(expiredCalls()).toBe(1);
  });

  it.each(["Expired token", "Invalid token!"])(
    "logs out on an answer saying '%s' and reports the session expired",
    async (message) => {
      const { client, session } = await setup((call) =>
        isStatusCheck(call.fields) ? ok() : { status: 401, body: { status: 401, message } },
      );
      const result = await client.request({ path: "/user/", cmdType: "list" });
      expect(result).toMatchObject({ ok: false, message: "Your session has expired." });
      expect(session.get().expiredSession).toBe(true);
      expect(session.isSignedIn()).toBe(false);
    },
  );

  it("returns the answer's code, message and field errors when it fails", async () => {
    const errors = [{ field: "email", code: "validation.email", message: "Incorrect email." }];
    const { client } = await setup((call) =>
      isStatusCheck(call.fields)
        ? ok()
        : {
            status: 422,
            body: { status: 422, code: "validation", message: "Incorrect email.", errors },
          },
    );
    expect(await client.request({ path: "/user/", cmdType: "create" })).toEqual({
      ok: false,
      status: 422,
      code: "validation",
      message: "Incorrect email.",
      errors,
    });
  });

  it("turns a network failure into 'No internet connection' and flips the online flag", async () => {
    const { client, session } = await setup(() => ok());
    await service!.close();
    service = undefined;
    const result = await client.request({ path: "/school/", cmdType: "list", checkStatus: false });
    expect(result).toEqual({
      ok: false,
      status: 0,
      code: "errors.noInternet",
      message: "No internet connection",
    });
    expect(session.get().isOnline).toBe(false);
    expect(session.isSignedIn()).toBe(true);
  });

  it("sets the online flag back when a call gets through", async () => {
    const { client, session } = await setup(() => ok());
    session.set({ isOnline: false });
    await client.request({ path: "/x/", checkStatus: false });
    expect(session.get().isOnline).toBe(true);
  });

  it("says the server is unavailable while it answers 503, and available again after", async () => {
    let down = true;
    const { client } = await setup(() =>
      down
        ? {
            status: 503,
            body: { status: 503, code: "errors.unavailable", message: "The portal cannot reach" },
          }
        : ok(),
    );
    const seen: boolean[] = [];
    client.subscribeAvailability((available) => seen.push(available));
    expect(client.serverAvailable()).toBe(true);
    const failed = await client.request({ path: "/school/", cmdType: "list", checkStatus: false });
    expect(failed).toMatchObject({ ok: false, status: 503, code: "errors.unavailable" });
    expect(client.serverAvailable()).toBe(false);
    down = false;
    await client.request({ path: "/school/", cmdType: "list", checkStatus: false });
    expect(client.serverAvailable()).toBe(true);
    expect(seen).toEqual([false, true]);
  });

  it("encodes list requests and decodes pagination and rows", async () => {
    const { client, calls } = await setup((call) =>
      isStatusCheck(call.fields)
        ? ok()
        : ok({ pagination: { page: 2, rowsPerPage: 25, totalcount: 57 }, data: [{ id: 26 }] }),
    );
    const params: ListParams = {
      page: 2,
      rowsPerPage: 25,
      sortBy: "lastName",
      sortOrder: "asc",
      search: "  DeLa CRUZ ",
      filters: [
        { key: "roleId", values: ["3", "5"] },
        { key: "status", values: ["0"] },
      ],
      extra: { schoolId: 4 },
    };
    const result = await client.list<{ id: number }>("/user/", params);
    expect(result).toMatchObject({
      ok: true,
      data: { page: 2, rowsPerPage: 25, totalCount: 57, rows: [{ id: 26 }] },
    });
    expect(calls.at(-1)!.fields).toEqual([
      ["cmdType", "list"],
      ["page", "2"],
      ["rowsPerPage", "25"],
      ["sortOrder", "asc"],
      ["search", "dela cruz"],
      ["sortBy", "lastName"],
      ["filter[key]", "roleId"],
      ["filter[values][]", "3"],
      ["filter[values][]", "5"],
      ["filter[key]", "status"],
      ["filter[values][]", "0"],
      ["schoolId", "4"],
      ["Authorization", "Bearer tok-123"],
    ]);
  });

  it("sends a token override and a query token when asked", async () => {
    const { client, calls } = await setup(() => ok());
    await client.request({ path: "/file/", token: "other", queryToken: true, checkStatus: false });
    expect(calls[0]!.url).toBe("/api/file/?token=other");
    expect(field(calls[0]!, "Authorization")).toBe("Bearer other");
  });

  it("asks fetch to keep a keepalive call going past the page", async () => {
    const { session } = await setup(() => ok());
    const inits: RequestInit[] = [];
    const client = createApiClient({
      baseUrl: `${service!.url}/api`,
      session,
      fetch: (input, init) => {
        inits.push(init ?? {});
        return fetch(input, init);
      },
    });
    await client.request({ path: "/x/", checkStatus: false, keepalive: true });
    await client.request({ path: "/x/", checkStatus: false });
    expect(inits.map((init) => init.keepalive)).toEqual([true, undefined]);
  });

  it("swaps positions with swap_from and swap_to as { id, position }", async () => {
    const { client, calls } = await setup(() => ok({ message: "Course element has been moved." }));
    const result = await client.swapPosition(
      "/element/",
      { id: 5, position: 1 },
      { id: 9, position: 2 },
    );
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      data: { message: "Course element has been moved." },
    });
    const swap = calls.at(-1)!;
    expect(field(swap, "cmdType")).toBe("swap");
    expect(JSON.parse(field(swap, "swap_from")!)).toEqual({ id: 5, position: 1 });
    expect(JSON.parse(field(swap, "swap_to")!)).toEqual({ id: 9, position: 2 });
  });

  it("signs in and keeps the answer in the session", async () => {
    const answer = {
      token: "new",
      wsToken: "ws",
      sessionKey: "sk",
      profile,
      photo: null,
      lang: "tg",
    };
    const { client, session, calls } = await setup(() => ok(answer), false);
    const result = await client.login({ userName: "teacher", password: "Secret#123" });
    expect(result.ok).toBe(true);
    expect(calls).toHaveLength(1);
    expect(field(calls[0]!, "cmdType")).toBe("login");
    expect(field(calls[0]!, "Authorization")).toBeUndefined();
    expect(session.get()).toMatchObject({
      token: "new",
      wsToken: "ws",
      lang: "tg",
      expiredSession: false,
    });
  });

  it("logs out: success clears the session", async () => {
    const { client, session, calls } = await setup(() => ok());
    await client.logout();
    expect(field(calls[0]!, "cmdType")).toBe("logout");
    expect(field(calls[0]!, "userid")).toBe("42");
    expect(session.get()).toMatchObject({ token: null, expiredSession: false });
  });

  it.each([401, 405])("logs out: %i clears the session and says it expired", async (status) => {
    const { client, session } = await setup(() => ({ status, body: { status, message: "No" } }));
    const result = await client.logout();
    expect(result).toMatchObject({ ok: false, message: "Your session has expired." });
    expect(session.get()).toMatchObject({ token: null, expiredSession: true });
  });

  it("asks the class service for a login URL with the lower-cased username and wstoken", async () => {
    const { client, calls } = await setup(() => ({
      status: 200,
      body: { loginurl: "http://x/login?key=1" },
    }));
    expect(await client.requestClassServiceLoginUrl("Teacher.One")).toBe("http://x/login?key=1");
    const call = calls[0]!;
    expect(call.url).toBe("/webservice/rest/server.php");
    expect(field(call, "wsfunction")).toBe("auth_userkey_request_login_url");
    expect(field(call, "moodlewsrestformat")).toBe("json");
    expect(field(call, "user[username]")).toBe("teacher.one");
    expect(field(call, "wstoken")).toBe("ws-9");
    expect(field(call, "Authorization")).toBeUndefined();
  });

  /** A client whose class service always fails, its waits recorded instead of slept. */
  async function failingClassService() {
    const waits: number[] = [];
    const failing = await startFakeService(() => ({ status: 500, body: {} }));
    service = failing;
    const session = createSessionStore();
    session.set({ token: "t", wsToken: "w", profile });
    const client = createApiClient({
      baseUrl: `${failing.url}/api`,
      classServiceUrl: `${failing.url}/webservice`,
      session,
      sleep: async (ms) => void waits.push(ms),
    });
    return { client, waits, service: failing };
  }

  it("tries the class-service sign-in twice, then gives up", async () => {
    const { client, waits, service } = await failingClassService();
    expect(await client.requestClassServiceLoginUrl("teacher")).toBeNull();
    expect(service.calls).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  it("makes only the attempts left after those made elsewhere, the first of them 1 second after the last", async () => {
    const { client, waits, service } = await failingClassService();
    expect(await client.requestClassServiceLoginUrl("teacher", { attemptsMade: 1 })).toBeNull();
    expect(service.calls).toHaveLength(1);
    expect(waits).toEqual([1000]);
    const later = { attemptsMade: 1, sinceLastAttemptMs: 700 };
    expect(await client.requestClassServiceLoginUrl("teacher", later)).toBeNull();
    expect(service.calls).toHaveLength(2);
    expect(waits).toEqual([1000, 300]);
    const long = { attemptsMade: 1, sinceLastAttemptMs: 2500 };
    expect(await client.requestClassServiceLoginUrl("teacher", long)).toBeNull();
    expect(service.calls).toHaveLength(3);
    expect(waits).toEqual([1000, 300]);
    expect(await client.requestClassServiceLoginUrl("teacher", { attemptsMade: 2 })).toBeNull();
    expect(service.calls).toHaveLength(3);
  });
});
