import { beforeAll, describe, expect, it } from "vitest";
import { RESOURCES } from "../src/routes/api/resources";
import { useTestApp } from "./helper";
import { PERMISSION_TABLE, SEEDED_ROLES, TARGET_TABLE } from "./support/permission-table";

const t = useTestApp();
const tokens = new Map<string, string>();

beforeAll(async () => {
  for (const role of SEEDED_ROLES)
    tokens.set(role, await t().login(role === "lsg" ? "lsg@demo.school.ph" : role));
});

describe("the role × command table", () => {
  it("names every command the server declares, and no other", () => {
    const declared = Object.fromEntries(
      RESOURCES.map((r) => [r.name, Object.keys(r.commands).sort()]),
    );
    const table = Object.fromEntries(
      Object.entries(PERMISSION_TABLE).map(([name, commands]) => [
        name,
        Object.keys(commands).sort(),
      ]),
    );
    expect(table).toEqual(declared);
  });

  it("has a target's-role column for exactly the commands that declare a target user", () => {
    const declared = RESOURCES.flatMap((r) =>
      Object.entries(r.commands)
        .filter(([, def]) => def.target !== undefined)
        .map(([command]) => `${r.name} ${command}`),
    ).sort();
    const table = Object.entries(TARGET_TABLE)
      .flatMap(([name, commands]) => Object.keys(commands).map((command) => `${name} ${command}`))
      .sort();
    expect(table).toEqual(declared);
    expect(declared).toEqual(expect.arrayContaining(["user changepassword", "user update"]));
  });

  it("refuses a role a signed-in command only by a rule declared with it", () => {
    const undeclared = RESOURCES.flatMap((r) =>
      Object.entries(r.commands)
        .filter(
          ([, def]) =>
            def.spec.access === "signedIn" &&
            def.allow === undefined &&
            def.reader === undefined &&
            def.target === undefined,
        )
        .map(([command]) => ({
          command: `${r.name} ${command}`,
          allowed: PERMISSION_TABLE[r.name]![command],
        })),
    );
    expect(undeclared.filter((c) => c.allowed !== "Y".repeat(SEEDED_ROLES.length))).toEqual([]);
    const declared = RESOURCES.flatMap((r) =>
      Object.entries(r.commands)
        .filter(([, def]) => def.reader !== undefined || def.allow !== undefined)
        .map(([command]) => `${r.name} ${command}`),
    );
    expect(declared).toEqual(
      expect.arrayContaining(["journey mycourses", "journey summary", "class list", "audit list"]),
    );
  });

  // Logout ends the session it runs in, so it goes last.
  const rows = Object.entries(PERMISSION_TABLE).flatMap(([resource, commands]) =>
    Object.entries(commands)
      .filter(([command]) => command !== "logout")
      .map(([command, allowed]) => ({ resource, command, allowed })),
  );
  rows.push({ resource: "user", command: "logout", allowed: PERMISSION_TABLE.user!.logout! });

  it.each(rows)("$resource $command: $allowed", async ({ resource, command, allowed }) => {
    const statuses: string[] = [];
    for (const [index, role] of SEEDED_ROLES.entries()) {
      const answer = await t().call(resource, command, {}, { token: tokens.get(role)! });
      expect(answer.status, `${role}: ${answer.payload}`).toBeLessThan(500);
      expect(answer.status, `${role}: ${answer.payload}`).not.toBe(401);
      statuses.push(answer.status === 403 ? "N" : "Y");
      expect(statuses[index], `${role} ${resource} ${command}: ${answer.payload}`).toBe(
        allowed[index],
      );
    }
  });
});
