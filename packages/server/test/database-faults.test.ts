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
    const rows = Array.from({ length: 3000 }, (_, i) =>
      bulkUploadRow({
        firstName: "Cut",
        lastName: "Short",
        userName: `cut${i}`,
        email: `cut${i}@example.edu.ph`,
        roleId: "5",
        schoolId: "1",
        learningReferenceNumber: String(200000000000 + i),
        grade: "7",
        section: "Rizal",
      }),
    );
    const csv = [BULK_UPLOAD_COLUMNS.join(","), ...rows].join("\r\n");
    const killer = await adminClient("lms");
    let killed = 0;
    let uploading = true;
    const upload = call("bulkupload", { mode: "add" }, csv).finally(() => {
      uploading = false;
    });
    // The upload's connection is the one whose transaction has written (it holds a transaction id).
    while (uploading && killed === 0) {
      const { rows: cut } = await killer.query<{ pid: number }>(
        `select pid from pg_stat_activity
         where datname = 'lms' and backend_xid is not null and pid <> pg_backend_pid()`,
      );
      for (const { pid } of cut) {
        await killer.query("select pg_terminate_backend($1)", [pid]);
        killed++;
      }
    }
    const answer = await upload;
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
});
