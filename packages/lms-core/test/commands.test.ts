import { describe, expect, it } from "vitest";
import { COMMANDS, CONTRACT, callCommand, createApiClient, createSessionStore } from "../src/index";
import type { CommandSpec } from "../src/contract/define";
import { field, startFakeService } from "./fake-service";

const PROFILE = {
  userId: 1,
  userName: "admin",
  firstName: "Ada",
  roleId: 1,
  schoolId: null,
  children: [],
};

const byName = (contract: object) =>
  Object.entries(contract as Record<string, Record<string, CommandSpec>>).flatMap(
    ([resource, commands]) =>
      Object.values(commands).map((spec) => ({
        resource,
        cmdType: spec.cmdType,
        path: spec.path,
        answer: spec.answer,
        listRequest: spec.listRequest,
      })),
  );

describe("COMMANDS, the contract without its schemas", () => {
  it("holds every command of CONTRACT with its path, answer kind and list request, and no other", () => {
    expect(byName(COMMANDS)).toEqual(byName(CONTRACT));
    expect(COMMANDS.user.export).toMatchObject({ answer: "file", listRequest: true });
    expect(COMMANDS.user.template).toMatchObject({ answer: "file", listRequest: false });
    expect(COMMANDS.school.list).not.toHaveProperty("input");
  });

  it("sends an export as the list's search, sort and page, and a plain download as fields", async () => {
    const service = await startFakeService(() => ({
      status: 200,
      body: { status: 200, message: "OK", data: {} },
    }));
    try {
      const session = createSessionStore();
      session.set({ token: "tok", wsToken: "ws", sessionKey: "k", profile: PROFILE });
      const api = createApiClient({
        baseUrl: `${service.url}/api`,
        classServiceUrl: `${service.url}/webservice`,
        session,
        sleep: async () => {},
      });
      await callCommand(api, COMMANDS.school.export, {
        page: 3,
        rowsPerPage: 25,
        search: "rizal",
        sortBy: "schoolName",
        sortOrder: "desc",
      });
      const exported = service.calls.find((call) => field(call, "cmdType") === "export")!;
      expect(field(exported, "search")).toBe("rizal");
      expect(field(exported, "sortOrder")).toBe("desc");
      expect(field(exported, "page")).toBe("3");
      await callCommand(api, COMMANDS.material.download, { id: 7 });
      const download = service.calls.find((call) => field(call, "cmdType") === "download")!;
      expect(field(download, "id")).toBe("7");
      expect(field(download, "search")).toBeUndefined();
    } finally {
      await service.close();
    }
  });
});
