import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BULK_UPLOAD_COLUMNS } from "@lms/core";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { prepareDatabase } from "../src/server";
import { DEMO_PASSWORD, multipart, testConfig } from "./helper";
import { startCluster, type PgCluster } from "./support/pg-cluster";
import {
  call as callServer,
  serverStarter,
  stopServers,
  type Server,
} from "./support/two-processes";
import { bulkUploadRow } from "./support/users";

// PostgreSQL only (vitest.config.ts leaves it out of "pglite"): a cluster of its own, stopped,
// frozen and cut under a server with short timeouts.
const CONNECT_MS = 1000;
const STATEMENT_MS = 2000;

let cluster: PgCluster;
let app: FastifyInstance;
let admin: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-faults-"));

async function call(cmdType: string, fields: Record<string, string> = {}, file?: string) {
  const { body, contentType } = await multipart(
    { cmdType, ...fields, ...(admin ? { Authorization: `Bearer ${admin}` } : {}) },
    [],
    file ? { file: { data: file, filename: "users.csv", type: "text/csv" } } : {},
  );
  const resource = cmdType === "login" || cmdType === "bulkupload" ? "user" : "school";
  const started = performance.now();
  const response = await app.inject({
    method: "POST",
    url: `/api/${resource}/`,
    headers: { "content-type": contentType },
    payload: body,
  });
  return {
    status: response.statusCode,
    body: response.json<{ code: string; data?: { token?: string } }>(),
    retryAfter: response.headers["retry-after"],
    ms: performance.now() - started,
  };
}

const listSchools = () => call("list", { page: "1", rowsPerPage: "10" });

/** A bulk upload's CSV of `count` new students named `<prefix><n>`. */
function studentsCsv(prefix: string, count: number, firstLrn: number): string {
  const rows = Array.from({ length: count }, (_, i) =>
    bulkUploadRow({
      firstName: "Cut",
      lastName: "Short",
      userName: `${prefix}${i}`,
      email: `${prefix}${i}@example.edu.ph`,
      roleId: "5",
      schoolId: "1",
      learningReferenceNumber: String(firstLrn + i),
      grade: "7",
      section: "Rizal",
    }),
  );
  return [BULK_UPLOAD_COLUMNS.join(","), ...rows].join("\r\n");
}

/**
 * Terminates the connection of the first transaction that writes while `work` runs (the upload's:
 * it holds a transaction id), then gives work's answer and how many connections were cut.
 */
async function cutWhileWriting<T>(killer: pg.Client, work: Promise<T>) {
  let running = true;
  let killed = 0;
  const done = work.finally(() => {
    running = false;
  });
  while (running && killed === 0) {
    for (const pid of await writers(killer)) {
      await killer.query("select pg_terminate_backend($1)", [pid]);
      killed++;
    }
  }
  return { answer: await done, killed };
}

/** A connection's writing transactions on the lms database, other than its own. */
async function writers(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `select pid from pg_stat_activity
     where datname = 'lms' and backend_xid is not null and pid <> pg_backend_pid()`,
  );
  return rows.map((row) => row.pid);
}

/** Asks until the server answers 200 again (at most 20 s), and never a 500 on the way. */
async function recovered(): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < 100; i++) {
    const answer = await listSchools();
    seen.push(answer.status);
    if (answer.status === 200) return seen;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return seen;
}

async function adminClient(database = "postgres"): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: cluster.url(database) });
  // The cluster is stopped under it at the end.
  client.on("error", () => {});
  await client.connect();
  return client;
}

beforeAll(async () => {
  cluster = await startCluster({ sharedBuffers: "32MB" });
  const setup = await adminClient();
  await setup.query("create database lms");
  await setup.end();
  const config = testConfig(dataDir, {
    databaseUrl: cluster.url("lms"),
    databaseTimeouts: { connectMs: CONNECT_MS, statementMs: STATEMENT_MS },
    seedDemo: true,
    readModels: false,
  });
  const { database } = await prepareDatabase(config);
  app = await buildApp({ config, database, ownsDatabase: true });
  await app.ready();
  const login = await call("login", { userName: "admin", password: DEMO_PASSWORD });
  admin = login.body.data!.token!;
});

afterAll(async () => {
  cluster?.thaw();
  await app?.close();
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the database going away", () => {
  it("answers 503 with Retry-After while PostgreSQL is stopped, never a 500, and 200 once it is back", async () => {
    expect((await listSchools()).status).toBe(200);
    await cluster.halt();
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => listSchools()));
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body.code).toBe("errors.unavailable");
        expect(answer.retryAfter).toBe("5");
      }
    } finally {
      await cluster.resume();
    }
    const seen = await recovered();
    expect(seen.at(-1)).toBe(200);
    expect(seen).not.toContain(500);
  });

  it("answers a frozen database with 503 within its timeouts, and recovers when it thaws", async () => {
    expect((await listSchools()).status).toBe(200);
    cluster.freeze();
    try {
      const answers = await Promise.all(Array.from({ length: 3 }, () => listSchools()));
      for (const answer of answers) {
        expect(answer.status).toBe(503);
        expect(answer.body.code).toBe("errors.unavailable");
        // A statement's wait, or a connection's, and the time to send the answer.
        expect(answer.ms).toBeLessThan(CONNECT_MS + STATEMENT_MS + 3000);
      }
    } finally {
      cluster.thaw();
    }
    const seen = await recovered();
    expect(seen.at(-1)).toBe(200);
    expect(seen).not.toContain(500);
  });

  it("fails a bulk upload whose connection is cut mid-transaction with 503, writes none of it, and serves on", async () => {
    const csv = studentsCsv("cut", 3000, 200000000000);
    const killer = await adminClient("lms");
    const { answer, killed } = await cutWhileWriting(
      killer,
      call("bulkupload", { mode: "add" }, csv),
    );
    expect(killed).toBeGreaterThan(0);
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe("errors.unavailable");
    const { rows: written } = await killer.query<{ n: string }>(
      "select count(*) as n from users where user_name like 'cut%'",
    );
    await killer.end();
    expect(Number(written[0]!.n)).toBe(0);
    expect((await recovered()).at(-1)).toBe(200);
  });

  it("ends a streamed bulk upload (progress=1) whose connection is cut with a 503 line, and writes none of it", async () => {
    const { body, contentType } = await multipart(
      { cmdType: "bulkupload", mode: "add", progress: "1", Authorization: `Bearer ${admin}` },
      [],
      { file: { data: studentsCsv("streamcut", 3000, 400000000000), filename: "users.csv" } },
    );
    const killer = await adminClient("lms");
    const { answer, killed } = await cutWhileWriting(
      killer,
      app.inject({
        method: "POST",
        url: "/api/user/",
        headers: { "content-type": contentType },
        payload: body,
      }),
    );
    expect(killed).toBeGreaterThan(0);
    const last = JSON.parse(answer.payload.trim().split("\n").at(-1)!) as {
      status: number;
      code: string;
    };
    expect(last).toMatchObject({ status: 503, code: "errors.unavailable" });
    const { rows } = await killer.query<{ n: string }>(
      "select count(*) as n from users where user_name like 'streamcut%'",
    );
    await killer.end();
    expect(Number(rows[0]!.n)).toBe(0);
    expect((await recovered()).at(-1)).toBe(200);
  });

  it("loses a server killed (SIGKILL) in the middle of a bulk upload without a row half-written, and takes the upload whole after a restart", async () => {
    const serverDir = mkdtempSync(path.join(os.tmpdir(), "lms-faults-server-"));
    const start = serverStarter(serverDir);
    const servers: Server[] = [];
    const watcher = await adminClient("lms");
    const count = async () => {
      const { rows } = await watcher.query<{ n: string }>(
        "select count(*) as n from users where user_name like 'killed%'",
      );
      return Number(rows[0]!.n);
    };
    try {
      const first = await start(cluster.url("lms"));
      servers.push(first);
      const login = await callServer<{ token: string }>(first, "user", {
        cmdType: "login",
        userName: "admin",
        password: DEMO_PASSWORD,
      });
      const token = login.body.data!.token;
      const upload = (server: Server) => {
        const body = new FormData();
        body.append("cmdType", "bulkupload");
        body.append("mode", "add");
        body.append("Authorization", `Bearer ${token}`);
        body.append("file", new Blob([studentsCsv("killed", 4000, 300000000000)]), "users.csv");
        return fetch(`${server.url}/api/user/`, { method: "POST", body });
      };
      let answered: string | undefined;
      const cut = upload(first).then(
        async (response) => (answered = `${response.status} ${await response.text()}`),
        () => "connection lost",
      );
      // Killed once the upload's transaction has written rows.
      while ((await writers(watcher)).length === 0) {
        if (answered !== undefined) throw new Error(`answered before it was killed: ${answered}`);
        if (first.process.exitCode !== null) throw new Error("the server exited by itself");
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      first.process.kill("SIGKILL");
      expect(await cut).toBe("connection lost");
      // PostgreSQL ends the dead server's transaction when it finds its connection gone.
      for (let i = 0; i < 200 && (await writers(watcher)).length > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await writers(watcher)).toEqual([]);
      expect(await count()).toBe(0);

      const second = await start(cluster.url("lms"));
      servers.push(second);
      expect(await count()).toBe(0);
      const again = await upload(second);
      expect(again.status).toBe(200);
      expect(await count()).toBe(4000);
    } finally {
      await watcher.end();
      await stopServers(servers);
      rmSync(serverDir, { recursive: true, force: true });
    }
  });
});
