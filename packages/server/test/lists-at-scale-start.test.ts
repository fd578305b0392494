import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createRepositories, type Repositories } from "../src/plugins/app/data-access";
import { ListMemory } from "../src/read-models/list-memory/list-memory";
import { ADMIN_VIEWER, ROWS, useListsAtScale } from "./support/lists-at-scale";

const { people, t, list } = useListsAtScale();
let admin: string;
let teacher: string;

beforeAll(() => {
  ({ admin, teacher } = people);
});

describe("schools, courses and materials lists at scale: where a page came from", () => {
  it("names a page held in memory in its Server-Timing, and not one the database gave", async () => {
    const timing = async (resource: string, token: string) =>
      String((await list(resource, token, { page: 2 })).headers["server-timing"]);
    for (const resource of ["school", "course", "material", "class"]) {
      // With LMS_READ_MODELS=off nothing is held: the database gives every page.
      if (!t().config.readModels) {
        expect(await timing(resource, admin), resource).toMatch(/^app;dur=[\d.]+$/);
        continue;
      }
      // The lists load in the background once the server has started.
      let named = await timing(resource, admin);
      for (let i = 0; i < 200 && !named.startsWith("memory"); i++) {
        await new Promise((r) => setTimeout(r, 50));
        named = await timing(resource, admin);
      }
      expect(named, resource).toMatch(/^memory, app;dur=[\d.]+$/);
    }
    // A teacher's courses are read from the database.
    expect(await timing("course", teacher)).toMatch(/^app;dur=[\d.]+$/);
    // Schools' searches: from the held schools on PGlite, by the trigram index on PostgreSQL
    // (as fast at 5,000 schools: docs/PERFORMANCE.md).
    const searched = String(
      (await list("school", admin, { page: 1, search: "scale" })).headers["server-timing"],
    );
    const held = t().config.readModels && t().database.driver === "pglite";
    expect(searched).toMatch(held ? /^memory, app;dur=/ : /^app;dur=[\d.]+$/);
  });
});

describe("lists held in memory at the server's start", () => {
  const page = { page: 1, rowsPerPage: ROWS, sortOrder: "asc" as const, search: "" };
  const firstPages = (repos: Repositories) =>
    Promise.all([
      repos.classes.list(page, [], {}, { schoolId: null, teacherId: null }),
      repos.schools.list(page, [], { schoolId: null }),
      repos.courses.list(page, [], ADMIN_VIEWER),
      repos.materials.list({ viewer: ADMIN_VIEWER }, page, [], { editor: ADMIN_VIEWER }),
    ]);

  it("builds the users' index, then loads each list one after another, before any page asks", async () => {
    const repos = createRepositories(t().database.db, { userSearchIndex: {} });
    const steps: string[] = [];
    const watch = (name: string, target: object, method: string) => {
      const spied = target as Record<string, () => Promise<boolean>>;
      const original = spied[method]!.bind(target);
      spied[method] = async () => {
        steps.push(`${name} starts`);
        const ready = await original();
        steps.push(`${name} ${ready ? "ready" : "not ready"}`);
        return ready;
      };
    };
    watch("users", repos.usersSearch, "indexReady");
    for (const name of ["classes", "schools", "courses", "materials"] as const) {
      watch(name, repos[name], "memoryReady");
    }
    const failures: string[] = [];
    await repos.warm((list) => failures.push(list));
    expect(failures).toEqual([]);
    expect(steps).toEqual(
      ["users", "classes", "schools", "courses", "materials"].flatMap((name) => [
        `${name} starts`,
        `${name} ready`,
      ]),
    );
    for (const first of await firstPages(repos)) expect(first.fromMemory).toBe(true);
    repos.close();
  });

  it("says which list failed to load, and loads the others", async () => {
    const repos = createRepositories(t().database.db);
    const broken = new ListMemory(t().database.db, {
      tables: ["schools"],
      columns: sql`id`,
      from: sql`no_such_table`,
      searchText: sql`''`,
      school: sql`null`,
      orders: new Map([[":asc", sql`id`]]),
    });
    await expect(broken.ready()).rejects.toThrow();
    repos.classes.memoryReady = () => broken.ready();
    const failures: string[] = [];
    await repos.warm((list) => failures.push(list));
    expect(failures).toEqual(["classes"]);
    const [classes, ...others] = await firstPages(repos);
    expect(classes!.fromMemory).toBeUndefined();
    for (const first of others) expect(first.fromMemory).toBe(true);
    repos.close();
  });

  it("loads nothing once closed", async () => {
    const repos = createRepositories(t().database.db);
    repos.close();
    await repos.warm(() => expect.unreachable());
    for (const first of await firstPages(repos)) expect(first.fromMemory).toBeUndefined();
  });
});
