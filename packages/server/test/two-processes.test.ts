import http from "node:http";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD, freshPostgresUrl } from "./helper";
import {
  MAIN,
  type Server,
  serverStarter,
  form,
  call,
  statusSoon,
  stopServers,
} from "./support/two-processes";

// Only the "postgres" project includes this file (vitest.config.ts).
const onPostgres = inject("lmsTemplate").kind === "postgres";

const servers: Server[] = [];
let drop: (() => Promise<void>) | undefined;
let databaseUrl: string | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-two-"));

const start = serverStarter(dataDir);

beforeAll(async () => {
  if (!onPostgres) throw new Error("two-processes.test.ts runs in the postgres project only");
  if (!existsSync(MAIN)) {
    throw new Error(`${MAIN} is missing: run 'pnpm --filter @lms/server build' before the tests`);
  }
  const database = await freshPostgresUrl();
  drop = database.drop;
  databaseUrl = database.url;
  servers.push(await start(database.url), await start(database.url));
}, 60_000);

afterAll(async () => {
  await stopServers(servers);
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("two server processes on one PostgreSQL", () => {
  it("finishes a request in flight when stopped with SIGTERM", async () => {
    const server = servers.pop()!;
    const token = (
      await call<{ token: string }>(server, "user", {
        cmdType: "login",
        userName: "admin",
        password: DEMO_PASSWORD,
      })
    ).body.data!.token;
    // The request's headers and first half go out, then SIGTERM, then the rest: the server has
    // the request in hand when it is told to stop, and must still answer it.
    const boundary = "----lmsdrain";
    const part = (name: string, value: string) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body = Buffer.from(
      part("cmdType", "getisloggedinstatus") +
        part("Authorization", `Bearer ${token}`) +
        part("padding", "x".repeat(64 * 1024)) +
        `--${boundary}--\r\n`,
    );
    const { port } = new URL(server.url);
    const answer = new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port: Number(port),
          method: "POST",
          path: "/api/user/",
          headers: {
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "content-length": body.length,
          },
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        },
      );
      request.on("error", reject);
      request.write(body.subarray(0, 1000));
      setTimeout(() => {
        server.process.kill("SIGTERM");
        setTimeout(() => request.end(body.subarray(1000)), 300);
      }, 500);
    });
    const exited = new Promise<number | null>((resolve) =>
      server.process.once("exit", (code) => resolve(code)),
    );
    expect(await answer).toBe(200);
    expect(await exited).toBe(0);
    servers.push(await start(databaseUrl!));
  });

  it("share sessions: a token from one is valid on the other, and logout on one ends it on both", async () => {
    const [a, b] = servers as [Server, Server];
    const login = await call<{ token: string }>(a, "user", {
      cmdType: "login",
      userName: "teacher",
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const token = login.body.data!.token;
    expect((await call(b, "user", { cmdType: "getisloggedinstatus" }, token)).status).toBe(200);
    // Both now keep the session in memory: the logout on b must reach a's copy too.
    expect((await call(a, "user", { cmdType: "getisloggedinstatus" }, token)).status).toBe(200);
    expect((await call(b, "user", { cmdType: "logout" }, token)).status).toBe(200);
    expect(await statusSoon(a, token, 401)).toBe(401);
  });

  it("share the content origin's key: a content URL made by one is served by the other, until logout", async () => {
    const [a, b] = servers as [Server, Server];
    const token = (
      await call<{ token: string }>(a, "user", {
        cmdType: "login",
        userName: "teacher",
        password: DEMO_PASSWORD,
      })
    ).body.data!.token;
    // A file of the teacher's, uploaded through a (both share LMS_DATA_DIR for files).
    const course = await call<{ id: number }>(
      a,
      "course",
      {
        cmdType: "create",
        courseName: "Two processes",
        courseCode: `TWO${Date.now() % 100000}`,
        gradeLevel: 7,
        subject: "Science",
        published: true,
      },
      token,
    );
    const element = await call<{ id: number }>(
      a,
      "element",
      { cmdType: "create", courseId: course.body.data!.id, name: "Unit", type: "lesson" },
      token,
    );
    const upload = form({
      cmdType: "create",
      courseId: course.body.data!.id,
      elementId: element.body.data!.id,
      name: "Sheet",
      type: "file",
      Authorization: `Bearer ${token}`,
    });
    upload.append("file", new Blob(["%PDF-1.4\ntrailer << >>\n%%EOF\n"]), "sheet.pdf");
    const created = await fetch(`${a.url}/api/material/`, { method: "POST", body: upload });
    expect(created.status).toBe(200);
    const detail = (await created.json()) as { data: { files: { url: string }[] } };
    const url = new URL(detail.data.files[0]!.url);
    expect(url.origin).toBe(a.contentUrl);
    const onB = `${b.contentUrl}${url.pathname}`;
    const served = await fetch(onB);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-security-policy")).toMatch(/^sandbox allow-scripts/);
    expect((await call(a, "user", { cmdType: "logout" }, token)).status).toBe(200);
    let status = 0;
    for (let i = 0; i < 50 && status !== 401; i++) {
      status = (await fetch(onB)).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });

  it("share what ends or changes a session: a deactivation or a role's rights on one hold on the other", async () => {
    const [a, b] = servers as [Server, Server];
    const login = async (server: Server, userName: string) =>
      (
        await call<{ token: string }>(server, "user", {
          cmdType: "login",
          userName,
          password: DEMO_PASSWORD,
        })
      ).body.data!.token;
    const admin = await login(a, "admin");
    const student = await login(b, "student2");
    expect((await call(b, "user", { cmdType: "getisloggedinstatus" }, student)).status).toBe(200);
    const studentId = (
      await call<{ userId: number }>(b, "user", { cmdType: "getisloggedinstatus" }, student)
    ).body.data!.userId;
    expect((await call(a, "user", { cmdType: "deactivate", id: studentId }, admin)).status).toBe(
      200,
    );
    expect(await statusSoon(b, student, 401)).toBe(401);
    expect((await call(a, "user", { cmdType: "activate", id: studentId }, admin)).status).toBe(200);

    // The teacher's role is disabled through a; b refuses the teacher's list.
    const teacher = await login(b, "teacher");
    const courses = () => call(b, "course", { cmdType: "list" }, teacher).then((r) => r.status);
    expect(await courses()).toBe(200);
    const disable = { cmdType: "setstatus", id: 3, status: "disabled" };
    expect((await call(a, "role", disable, admin)).status).toBe(200);
    let status = 0;
    for (let i = 0; i < 50 && status !== 403; i++) {
      status = await courses();
      if (status !== 403) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(403);
    await call(a, "role", { ...disable, status: "enabled" }, admin);
  });

  it("share a school's disabling: its users are refused on the other at the next request", async () => {
    const [a, b] = servers as [Server, Server];
    const login = async (server: Server, userName: string) =>
      (
        await call<{ token: string }>(server, "user", {
          cmdType: "login",
          userName,
          password: DEMO_PASSWORD,
        })
      ).body.data!.token;
    const admin = await login(a, "admin");
    const student = await login(b, "student2");
    // b keeps the student's session in memory.
    expect((await call(b, "user", { cmdType: "getisloggedinstatus" }, student)).status).toBe(200);
    const off = { cmdType: "setstatus", id: 2, status: "disabled" };
    expect((await call(a, "school", off, admin)).status).toBe(200);
    try {
      expect(await statusSoon(b, student, 401)).toBe(401);
    } finally {
      await call(a, "school", { ...off, status: "enabled" }, admin);
    }
    expect(await statusSoon(b, student, 200)).toBe(200);
  });

  it("answer a search on one with a user created through the other", async () => {
    const [a, b] = servers as [Server, Server];
    const login = (server: Server) =>
      call<{ token: string }>(server, "user", {
        cmdType: "login",
        userName: "admin",
        password: DEMO_PASSWORD,
      }).then((answer) => answer.body.data!.token);
    const [tokenA, tokenB] = [await login(a), await login(b)];
    const search = () =>
      call<{ pagination: { totalcount: number }; data: { userName: string }[] }>(
        a,
        "user",
        { cmdType: "list", search: "magbanua", sortBy: "lastName", sortOrder: "asc" },
        tokenA,
      ).then((answer) => answer.body.data!);
    const student = (firstName: string, userName: string, lrn: string) =>
      call(
        b,
        "user",
        {
          cmdType: "create",
          firstName,
          lastName: "Magbanua",
          userName,
          email: `${userName}@example.edu.ph`,
          roleId: 5,
          schoolId: 1,
          learningReferenceNumber: lrn,
          grade: 7,
          section: "Rizal",
        },
        tokenB,
      );
    expect((await search()).pagination.totalcount).toBe(0);
    expect((await student("Lito", "lmagbanua", "123456789012")).status).toBe(200);
    const after = await search();
    expect(after.pagination.totalcount).toBe(1);
    expect(after.data.map((u) => u.userName)).toEqual(["lmagbanua"]);
    // a now keeps this search's one match; a second one made through b must show too.
    expect((await student("Rosa", "rmagbanua", "123456789013")).status).toBe(200);
    const both = await search();
    expect(both.pagination.totalcount).toBe(2);
    expect(both.data.map((u) => u.userName).sort()).toEqual(["lmagbanua", "rmagbanua"]);
  });

  it("keep element positions unique and gap-free under concurrent swaps", async () => {
    const [a, b] = servers as [Server, Server];
    const token = (
      await call<{ token: string }>(a, "user", {
        cmdType: "login",
        userName: "admin",
        password: DEMO_PASSWORD,
      })
    ).body.data!.token;
    const course = await call<{ id: number }>(
      a,
      "course",
      {
        cmdType: "create",
        courseName: "Concurrency",
        courseCode: "CONC",
        gradeLevel: 7,
        subject: "Science",
        schoolId: 1,
      },
      token,
    );
    const courseId = course.body.data!.id;
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const element = await call<{ id: number }>(
        i % 2 ? a : b,
        "element",
        {
          cmdType: "create",
          courseId,
          name: `E${i}`,
          type: "lesson",
          placement: i % 3 ? "bottom" : "top",
        },
        token,
      );
      ids.push(element.body.data!.id);
    }
    const swaps = Array.from({ length: 60 }, (_, i) => {
      const from = ids[(i * 3) % ids.length]!;
      const to = ids[(i * 5 + 1) % ids.length]!;
      return call(
        i % 2 ? a : b,
        "element",
        { cmdType: "swap", swap_from: { id: from, position: 1 }, swap_to: { id: to, position: 2 } },
        token,
      );
    });
    // Positions sent without looking: a swap whose positions are not those stored is a 409.
    const statuses = (await Promise.all(swaps)).map((s) => s.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const list = await call<{ data: { position: number }[] }>(
      a,
      "element",
      { cmdType: "list", courseId, rowsPerPage: 50 },
      token,
    );
    const positions = list.body.data!.data.map((e) => e.position).sort((x, y) => x - y);
    expect(positions).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
