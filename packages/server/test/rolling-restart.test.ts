import http from "node:http";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD, freshPostgresUrl } from "./helper";
import { freePort } from "./support/pg-cluster";
import { MAIN, call, form, serverStarter, stopServers, type Server } from "./support/two-processes";

// Only the PostgreSQL projects include this file (vitest.config.ts): two processes, one database.
const onPostgres = inject("lmsTemplate").kind === "postgres";

const servers: Server[] = [];
let drop: (() => Promise<void>) | undefined;
let databaseUrl: string;
let proxy: http.Server;
let proxyUrl: string;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-rolling-"));
const start = serverStarter(dataDir, { LMS_SHUTDOWN_SECONDS: "10" });

/**
 * A proxy as docs/DEPLOYMENT.md sets a load balancer up (HAProxy's `retry-on conn-failure
 * empty-response`): each request goes to the next server in turn, and to the other one when a
 * server refuses the connection or closes it without a byte of answer (a connection still in the
 * kernel's queue when the listener closed). A request a server answered is never sent twice.
 */
function startProxy(): Promise<http.Server> {
  let next = 0;
  const forward = (
    request: http.IncomingMessage,
    body: Buffer,
    response: http.ServerResponse,
    tries: number,
  ) => {
    const target = new URL(servers[next++ % servers.length]!.url);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, connection: "close" },
        agent: false,
      },
      (answer) => {
        answered = true;
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    let answered = false;
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      const retry = error.code === "ECONNREFUSED" || (error.code === "ECONNRESET" && !answered);
      if (retry && tries < 4) forward(request, body, response, tries + 1);
      else if (!response.headersSent) response.writeHead(502).end();
    });
    upstream.end(body);
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => forward(request, Buffer.concat(chunks), response, 0));
  });
  return new Promise((resolve) => {
    void freePort().then((port) =>
      server.listen(port, "127.0.0.1", () => {
        proxyUrl = `http://127.0.0.1:${port}`;
        resolve(server);
      }),
    );
  });
}

beforeAll(async () => {
  if (!onPostgres) throw new Error("rolling-restart.test.ts runs in the PostgreSQL projects only");
  if (!existsSync(MAIN)) {
    throw new Error(`${MAIN} is missing: run 'pnpm --filter @lms/server build' before the tests`);
  }
  const database = await freshPostgresUrl();
  drop = database.drop;
  databaseUrl = database.url;
  servers.push(await start(databaseUrl), await start(databaseUrl));
  proxy = await startProxy();
}, 60_000);

afterAll(async () => {
  proxy?.close();
  await stopServers(servers);
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a rolling restart of two servers behind a proxy", () => {
  it("loses no request: each server drains, exits 0 and comes back while the other serves", async () => {
    const login = await call<{ token: string }>(servers[0]!, "user", {
      cmdType: "login",
      userName: "admin",
      password: DEMO_PASSWORD,
    });
    const token = login.body.data!.token;
    const statuses: number[] = [];
    let running = true;
    // Four clients asking for a page of schools, one request after the other, all along.
    const clients = Array.from({ length: 4 }, async () => {
      while (running) {
        const response = await fetch(`${proxyUrl}/api/school/`, {
          method: "POST",
          body: form({
            cmdType: "list",
            page: 1,
            rowsPerPage: 10,
            Authorization: `Bearer ${token}`,
          }),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
    });
    for (let i = 0; i < servers.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const old = servers[i]!;
      const exited = new Promise<number | null>((resolve) =>
        old.process.once("exit", (code) => resolve(code)),
      );
      old.process.kill("SIGTERM");
      expect(await exited).toBe(0);
      servers[i] = await start(databaseUrl);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(clients);
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });
});
