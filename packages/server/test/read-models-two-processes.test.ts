import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD, freshPostgresUrl } from "./helper";
import { MAIN, type Server, serverStarter } from "./support/two-processes";

// Only the "postgres" project includes this file (vitest.config.ts). Each read model
// (src/read-models/README.md) is asked on one process, then a write is made elsewhere (through
// the other process, or a statement of this one), and the next read on the first must show it.

const onPostgres = inject("lmsTemplate").kind === "postgres";

const servers: Server[] = [];
let drop: (() => Promise<void>) | undefined;
let client: pg.Client | undefined;
let token = "";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-read-models-"));
// The read models are what this file tests: on whatever LMS_READ_MODELS says.
const start = serverStarter(dataDir, { LMS_READ_MODELS: "on", LMS_USER_SEARCH_INDEX: "on" });

interface Page<T> {
  data: T[];
  pagination: { totalcount: number };
}

interface Answer<T> {
  status: number;
  data: T;
  /** How the server answered (Server-Timing: "index", "memory", or the database's). */
  timing: string;
  /** The answer as sent (an error's message and fields). */
  body: unknown;
}

/** A command on a server, with repeated `entries` (filters) after the fields. */
async function post<T>(
  server: Server,
  resource: string,
  fields: Record<string, unknown>,
  entries: [string, string][] = [],
): Promise<Answer<T>> {
  const body = new FormData();
  for (const [name, value] of Object.entries({ ...fields, Authorization: `Bearer ${token}` })) {
    body.append(name, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  for (const [name, value] of entries) body.append(name, value);
  const response = await fetch(`${server.url}/api/${resource}/`, { method: "POST", body });
  const json = (await response.json()) as { data: T };
  return {
    status: response.status,
    body: json,
    data: json.data,
    timing: response.headers.get("server-timing") ?? "",
  };
}

const list = <T>(server: Server, resource: string, fields: Record<string, unknown> = {}) =>
  post<Page<T>>(server, resource, { cmdType: "list", rowsPerPage: 25, ...fields });

/** Asks until the answer is `named` (a list loads in the background): the read model holds it. */
async function heldBy<T>(name: string, ask: () => Promise<Answer<T>>): Promise<Answer<T>> {
  let answer = await ask();
  // The index is built in the background: beside the other suites on two cores that took over 5 s.
  const deadline = Date.now() + 60_000;
  while (!answer.timing.startsWith(name) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await ask();
  }
  expect(answer.timing).toMatch(new RegExp(`^${name}, `));
  return answer;
}

const sqlRun = async (text: string, values: unknown[] = []) =>
  (await client!.query(text, values)).rows as Record<string, unknown>[];

let student = 0;
/** A student created through `server`, in grade 7 of school 1, section `section`. */
async function createStudent(server: Server, lastName: string, section = "Rizal") {
  student += 1;
  const userName = `rm${student}${lastName.toLowerCase()}`;
  const created = await post<{ id: number }>(server, "user", {
    cmdType: "create",
    firstName: "Read",
    lastName,
    userName,
    email: `${userName}@example.edu.ph`,
    roleId: 5,
    schoolId: 1,
    learningReferenceNumber: String(900_000_000_000 + student),
    grade: 7,
    section,
  });
  expect(created.status).toBe(200);
  return userName;
}

beforeAll(async () => {
  if (!onPostgres) throw new Error("read-models-two-processes.test.ts runs on PostgreSQL only");
  if (!existsSync(MAIN)) {
    throw new Error(`${MAIN} is missing: run 'pnpm --filter @lms/server build' before the tests`);
  }
  const database = await freshPostgresUrl();
  drop = database.drop;
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  servers.push(await start(database.url), await start(database.url));
  const login = await post<{ token: string }>(servers[0]!, "user", {
    cmdType: "login",
    userName: "admin",
    password: DEMO_PASSWORD,
  });
  token = login.data.token;
  // Both processes done with their start's work in memory (the index built, the lists loaded).
  for (const server of servers) {
    for (let i = 0; i < 200; i++) {
      const health = (await (await fetch(`${server.url}/healthz`)).json()) as { warm: boolean };
      if (health.warm) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}, 90_000);

afterAll(async () => {
  for (const server of servers) {
    if (server.process.exitCode !== null) continue;
    server.process.kill("SIGTERM");
    await new Promise((resolve) => server.process.once("exit", resolve));
  }
  await client?.end();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("each read model on two server processes: a write elsewhere shows on the next read", () => {
  it("the users' search index (a search answered from memory)", async () => {
    const [a, b] = servers as [Server, Server];
    const search = () =>
      list<{ userName: string }>(a, "user", {
        search: "quirino",
        sortBy: "lastName",
        sortOrder: "asc",
      });
    const before = await heldBy("index", search);
    const userName = await createStudent(b, "Quirino");
    const after = await search();
    expect(after.data.pagination.totalcount).toBe(before.data.pagination.totalcount + 1);
    expect(after.data.data.map((u) => u.userName)).toContain(userName);
  });

  it("the users' ranks (a page of every user answered from memory)", async () => {
    const [a, b] = servers as [Server, Server];
    const page = () => list<{ userName: string }>(a, "user", { sortBy: "userName" });
    const before = await heldBy("index", page);
    await createStudent(b, "Ranks");
    expect((await page()).data.pagination.totalcount).toBe(before.data.pagination.totalcount + 1);
  });

  it("a search's sorted matches kept (a term the index leaves to the database)", async () => {
    const [a, b] = servers as [Server, Server];
    // Two letters: the database's trigram search answers, and its matches are kept.
    const search = () => list<{ userName: string }>(a, "user", { search: "qz" });
    const before = await search();
    expect((await search()).data).toEqual(before.data);
    const userName = await createStudent(b, "Qzara");
    const after = await search();
    expect(after.data.pagination.totalcount).toBe(before.data.pagination.totalcount + 1);
    expect(after.data.data.map((u) => u.userName)).toContain(userName);
  });

  it("a list's total kept per version (a filtered page)", async () => {
    const [a, b] = servers as [Server, Server];
    const students = () =>
      post<Page<unknown>>(a, "user", { cmdType: "list", rowsPerPage: 25 }, [
        ["filter[key]", "roleId"],
        ["filter[values][]", "5"],
      ]);
    const before = await students();
    expect((await students()).data.pagination.totalcount).toBe(before.data.pagination.totalcount);
    await createStudent(b, "Totals");
    const after = await students();
    expect(after.data.pagination.totalcount).toBe(before.data.pagination.totalcount + 1);
  });

  it("the users' records held as JSON (a change to a table a record is read from)", async () => {
    const [a] = servers as [Server];
    // A search asked again answers from its kept matches and their records held.
    type User = { userName: string; roleName: string };
    const search = () => list<User>(a, "user", { search: "qz" });
    const held = (await search(), await search());
    const userName = held.data.data[0]!.userName;
    expect(held.data.data[0]!.roleName).toBe("student");
    await sqlRun("update roles set role_name = 'learner' where role_name = 'student'");
    try {
      const after = await search();
      expect(after.data.data.find((u) => u.userName === userName)?.roleName).toBe("learner");
    } finally {
      await sqlRun("update roles set role_name = 'student' where role_name = 'learner'");
    }
  });

  it("the schools, courses and materials held in memory", async () => {
    const [a, b] = servers as [Server, Server];
    // Pages: on PostgreSQL the database's trigram index answers a school search (PERFORMANCE.md).
    const schools = () =>
      list<{ schoolCode: string }>(a, "school", { sortBy: "createdAt", sortOrder: "desc" });
    const beforeSchools = await heldBy("memory", schools);
    const school = await post(b, "school", {
      cmdType: "create",
      schoolCode: "TWOPROC",
      schoolName: "Two Processes School",
      country: "Philippines",
      city: "Davao City",
    });
    expect(school.status).toBe(200);
    const afterSchools = await schools();
    expect(afterSchools.data.pagination.totalcount).toBe(
      beforeSchools.data.pagination.totalcount + 1,
    );
    expect(afterSchools.data.data.map((s) => s.schoolCode)).toContain("TWOPROC");

    const courses = () => list<{ courseCode: string }>(a, "course", { search: "memory" });
    const beforeCourses = await heldBy("memory", courses);
    const course = await post<{ id: number }>(b, "course", {
      cmdType: "create",
      courseName: "Memory course",
      courseCode: "MEMO1",
      gradeLevel: 7,
      subject: "Science",
      schoolId: 1,
    });
    expect(course.status).toBe(200);
    const afterCourses = await courses();
    expect(afterCourses.data.pagination.totalcount).toBe(
      beforeCourses.data.pagination.totalcount + 1,
    );

    const materials = () => list<{ name: string }>(a, "material", { search: "memory" });
    const beforeMaterials = await heldBy("memory", materials);
    const element = await post<{ id: number }>(b, "element", {
      cmdType: "create",
      courseId: course.data.id,
      name: "Lesson",
      type: "lesson",
      placement: "bottom",
    });
    expect(element.status).toBe(200);
    await sqlRun(
      `insert into materials (course_id, element_id, name, type, url, position, published, created_by)
       values ($1, $2, 'Memory material', 'link', 'https://example.test/', 1, true, 'test')`,
      [course.data.id, element.data.id],
    );
    const afterMaterials = await materials();
    expect(afterMaterials.data.pagination.totalcount).toBe(
      beforeMaterials.data.pagination.totalcount + 1,
    );
  });

  it("the classes held in memory", async () => {
    const [a] = servers as [Server];
    const classes = () => list<{ section: string }>(a, "class");
    const before = await heldBy("memory", classes);
    // A student of a class's school and year in a section of its own: a new class.
    await sqlRun(`insert into users (first_name, last_name, user_name, email, role_id, school_id,
                                     grade, section, school_year_from, created_by)
                  select 'Class', 'Member', 'rm.class', 'rm.class@example.edu.ph', 5, school_id,
                         grade, 'Quezon Hall', school_year_from, 'test'
                    from users where role_id = 5 and school_year_from is not null
                     and grade is not null
                   order by id limit 1`);
    const after = await classes();
    expect(after.data.pagination.totalcount).toBe(before.data.pagination.totalcount + 1);
  });

  it("a course's progress held (students, figures and rows)", async () => {
    const [a] = servers as [Server];
    const [course] = await sqlRun(
      `select c.id from courses c
        where exists (select 1 from materials m join course_elements e on e.id = m.element_id
                       where m.course_id = c.id and m.published and e.published)
          and exists (select 1 from users u where u.role_id = 5 and u.grade = c.grade_level
                         and (c.school_id is null or u.school_id = c.school_id))
        order by c.id limit 1`,
    );
    const courseId = Number(course!.id);
    type Row = { userId: number; done: number; percent: number };
    // In name order: the student's place does not move with its figures.
    const page = () => list<Row>(a, "progress", { courseId, sortBy: "lastName" });
    // The second page asked at the same versions holds the course's rows.
    for (let i = 0; i < 3; i++) {
      const answer = await page();
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    const before = await page();
    const row = before.data.data.find((r) => r.percent < 100)!;
    expect(row).toBeDefined();
    const [material] = await sqlRun(
      `select m.id from materials m join course_elements e on e.id = m.element_id
        where m.course_id = $1 and m.published and e.published
          and not exists (select 1 from progress p where p.user_id = $2 and p.material_id = m.id
                            and p.completed_at is not null)
        order by m.id limit 1`,
      [courseId, row.userId],
    );
    await sqlRun(
      `insert into progress (user_id, material_id, course_id, completed_at, created_by)
       values ($1, $2, $3, now(), 'test')
       on conflict (user_id, material_id) do update set completed_at = now()`,
      [row.userId, material!.id, courseId],
    );
    const after = await page();
    const changed = after.data.data.find((r) => r.userId === row.userId);
    expect(changed?.done ?? Infinity).toBe(row.done + 1);
  });
});
