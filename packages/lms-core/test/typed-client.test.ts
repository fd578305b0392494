import { afterEach, describe, expect, it } from "vitest";
import {
  CONTRACT,
  createApiClient,
  createContractClient,
  createSessionStore,
  errorsOf,
  callCommand,
  commandRef,
  SESSION_COMMANDS,
  type ListParams,
} from "../src/index";
import { field, startFakeService, type Handler } from "./fake-service";

let service: Awaited<ReturnType<typeof startFakeService>> | undefined;

afterEach(async () => {
  await service?.close();
  service = undefined;
});

/** A typed client of a fake service whose status check always answers 200. */
async function setup(handler: Handler) {
  service = await startFakeService((call) =>
    field(call, "cmdType") === "getisloggedinstatus"
      ? { status: 200, body: { status: 200 } }
      : handler(call),
  );
  const session = createSessionStore();
  session.set({ token: "tok-1", wsToken: "ws", sessionKey: "k", profile: { userId: 1 } as never });
  const api = createApiClient({ baseUrl: `${service.url}/api`, session });
  const commands = () =>
    service!.calls.filter((c) => field(c, "cmdType") !== "getisloggedinstatus");
  return { client: createContractClient(api), commands };
}

const ok = (data: unknown) => ({ status: 200, body: { status: 200, data } });
const params: ListParams = { page: 3, rowsPerPage: 25, sortOrder: "asc", search: " Rizal " };

describe("the contract's declarations", () => {
  it("gives each command its path, answer kind and effect", () => {
    const { list, create, get, export: exportCsv } = CONTRACT.school;
    expect(list).toMatchObject({ resource: "school", cmdType: "list", path: "/school/" });
    expect([list.answer, exportCsv.answer, get.answer]).toEqual(["list", "file", "json"]);
    expect([list.keepsSessions, list.audited]).toEqual([true, false]);
    expect([create.keepsSessions, create.audited]).toEqual([false, true]);
  });

  it("adds the refusals every command may answer to its own", () => {
    const errors = errorsOf(CONTRACT.school.create);
    expect(errors[409]).toEqual(["errors.schoolCreateConflict"]);
    expect(errors[422]).toEqual(["validation"]);
    expect(errors[401]).toEqual(["auth.sessionExpired"]);
    expect(errors[403]).toEqual(["errors.forbidden"]);
  });

  it("has one sentence of description for every command", () => {
    for (const [resource, commands] of Object.entries(CONTRACT)) {
      for (const [cmdType, spec] of Object.entries(commands)) {
        expect(`${resource}.${cmdType}: ${spec.description}`).toMatch(/: [A-Z].*\.$/);
        expect(spec.cmdType).toBe(cmdType);
      }
    }
  });
});

describe("the typed client over HTTP", () => {
  it("sends a list request with the list protocol and reads the page", async () => {
    const { client, commands } = await setup(() =>
      ok({ pagination: { page: 3, rowsPerPage: 25, totalcount: 51 }, data: [{ id: 7 }] }),
    );
    const answer = await client.school.list(params);
    const call = commands()[0]!;
    expect(call.url).toBe("/api/school/");
    expect([field(call, "cmdType"), field(call, "page"), field(call, "search")]).toEqual([
      "list",
      "3",
      "rizal",
    ]);
    expect(answer.ok && answer.data).toMatchObject({ page: 3, totalCount: 51, rows: [{ id: 7 }] });
  });

  it("sends a command's fields, its token and its files", async () => {
    const { client, commands } = await setup(() => ok({ id: 9 }));
    const logo = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
    await client.school.update({ id: 9, schoolCode: "RNHS", schoolName: "Rizal NHS" } as never, {
      files: { logo: { blob: logo, filename: "logo.png" } },
    });
    const call = commands()[0]!;
    expect([field(call, "cmdType"), field(call, "id"), field(call, "schoolCode")]).toEqual([
      "update",
      "9",
      "RNHS",
    ]);
    expect(field(call, "Authorization")).toBe("Bearer tok-1");
    expect(call.files).toEqual([{ name: "logo", filename: "logo.png", size: 4 }]);
  });

  it("names a bulk command's records by id, by ids, or as every row of a list", async () => {
    const { client, commands } = await setup(() => ok({ count: 1 }));
    await client.school.setstatus({ status: "enabled" }, { selection: { ids: [4] } });
    await client.school.setstatus({ status: "enabled" }, { selection: { ids: [4, 5] } });
    await client.school.setstatus({ status: "disabled" }, { selection: { matching: params } });
    const [one, several, all] = commands();
    expect([field(one!, "id"), field(one!, "ids")]).toEqual(["4", undefined]);
    expect(field(several!, "ids")).toBe("[4,5]");
    expect([field(all!, "allMatching"), field(all!, "search"), field(all!, "status")]).toEqual([
      "1",
      "rizal",
      "disabled",
    ]);
  });

  it("answers a refusal with its status and catalogue code", async () => {
    const { client } = await setup(() => ({
      status: 409,
      body: { status: 409, code: "errors.schoolCreateConflict", message: "Creation Unsuccessful." },
    }));
    const answer = await client.school.create({ schoolCode: "X", schoolName: "Y" } as never);
    expect(answer).toMatchObject({ ok: false, status: 409, code: "errors.schoolCreateConflict" });
  });

  it("rejects a field the command does not take, at compile time", () => {
    const call = (client: ReturnType<typeof createContractClient>) =>
      // @ts-expect-error `schoolId` is not an input of school.get
      client.school.get({ schoolId: 1 });
    expect(typeof call).toBe("function");
  });
});

describe("the session commands the API client runs", () => {
  it("are the contract's", () => {
    const { login, logout, getisloggedinstatus } = CONTRACT.user;
    expect([login.path, logout.path, getisloggedinstatus.path]).toEqual(
      Array(3).fill(SESSION_COMMANDS.path),
    );
    expect([login.cmdType, logout.cmdType, getisloggedinstatus.cmdType]).toEqual([
      SESSION_COMMANDS.login,
      SESSION_COMMANDS.logout,
      SESSION_COMMANDS.status,
    ]);
  });
});

describe("a command by name (commandRef)", () => {
  it("calls the same command as its declaration, without loading it", async () => {
    const { commands } = await setup(() => ok({}));
    service!.calls.length = 0;
    const session = createSessionStore();
    const api = createApiClient({ baseUrl: `${service!.url}/api`, session });
    const ref = commandRef("user", "forgotpassword");
    expect([ref.path, ref.cmdType, ref.answer]).toEqual(["/user/", "forgotpassword", "json"]);
    await callCommand(api, ref, { email: "ana@school.ph" });
    const call = commands()[0]!;
    expect([call.url, field(call, "cmdType"), field(call, "email")]).toEqual([
      "/api/user/",
      "forgotpassword",
      "ana@school.ph",
    ]);
  });
});
