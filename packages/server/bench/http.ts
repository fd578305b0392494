/** The HTTP side of `pnpm bench`: request bodies, the server process, the load generator. */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { appendFileSync, readFileSync } from "node:fs";
import { freePort } from "../test/support/pg-cluster";
import { CLIENTS, LIST_REQUESTS, MAIN, NODE_FLAGS, PACKAGE, STATUS_REQUESTS } from "./settings";
import { cpuPerRequest, sampleCpu } from "./cpu-use";
import { percentile, type Body, type Times } from "./lists";

/** A multipart body as the portal's client sends it, built once (the clients stay cheap). */
export function form(fields: Record<string, string>, file?: { name: string; data: string }): Body {
  const boundary = `----lmsbench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="users.csv"\r\ncontent-type: text/csv\r\n\r\n`,
      ),
      Buffer.from(file.data),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { data: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** A POST over a kept-alive connection: status, JSON and the server's own time (Server-Timing). */
export function post(
  url: string,
  body: Body,
): Promise<{ status: number; json: { data?: unknown }; serverMs: number; timing: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-type": body.type, "content-length": body.data.length },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const timing = /dur=([\d.]+)/.exec(String(response.headers["server-timing"] ?? ""));
          let json: { data?: unknown } = {};
          try {
            json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            // not JSON
          }
          resolve({
            status: response.statusCode ?? 0,
            json,
            serverMs: timing ? Number(timing[1]) : 0,
            timing: String(response.headers["server-timing"] ?? ""),
          });
        });
      },
    );
    request.on("error", reject);
    request.end(body.data);
  });
}

/** The server the loads' CPU time is read from: the last one started. */
let serverPid: number | undefined;

export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // LMS_BENCH_PROFILE=<folder>: the server writes a CPU profile there when it stops.
  const profile = process.env.LMS_BENCH_PROFILE;
  const args = profile
    ? [...NODE_FLAGS, "--cpu-prof", `--cpu-prof-dir=${profile}`, MAIN]
    : [...NODE_FLAGS, MAIN];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      LMS_SEED_DEMO: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  serverPid = child.pid;
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      const answer = await post(`${url}/api/user/`, form({ cmdType: "getisloggedinstatus" }));
      if (answer.status === 401) return { url, child };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

/** A floor's latencies under the bench's clients, in ms. */
export interface Floor {
  p50: number;
  p95: number;
}

/**
 * The machine's floor under the bench's clients: a bare Fastify route (HTTP alone), or with `page`
 * one that reads 25 random users by id through the same driver as the server (a pool of 10
 * connections, or PGlite in its thread): what any list page costs here before the portal's own work.
 */
export async function measureFloor(page?: {
  databaseUrl: string | null;
  dataDir: string;
  users: number;
}): Promise<Floor> {
  const port = await freePort();
  const read = `"select * from users where id = any($1::int[])"`;
  const ids = `Array.from({ length: 25 }, () => 1 + Math.floor(Math.random() * ${page?.users ?? 0}))`;
  const database = !page
    ? "const query = null;"
    : page.databaseUrl
      ? `const { default: pg } = await import("pg");
         const pool = new pg.Pool({ connectionString: ${JSON.stringify(page.databaseUrl)}, max: 10 });
         const query = () => pool.query({ name: "floor", text: ${read}, values: [${ids}] });`
      : `const { PGlite } = await import("@electric-sql/pglite");
         const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
         const db = await PGlite.create({ dataDir: ${JSON.stringify(path.join(page.dataDir, "db"))}, extensions: { pg_trgm } });
         const query = () => db.query(${read}, [${ids}]);
         // Closed before the server opens the same folder.
         process.once("SIGTERM", () => void db.close().then(() => process.exit(0)));`;
  const code = `import Fastify from "fastify";
    ${database}
    const app = Fastify();
    app.addContentTypeParser("multipart/form-data", (_request, payload, done) => {
      payload.resume();
      payload.on("end", () => done(null, {}));
    });
    app.post("/api/user/", async () => ({ data: query ? (await query()).rows : { userId: 1 } }));
    await app.listen({ port: ${port}, host: "127.0.0.1" });`;
  const child = spawn(process.execPath, [...NODE_FLAGS, "--input-type=module", "-e", code], {
    cwd: PACKAGE,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const url = `http://127.0.0.1:${port}/api/user/`;
    const body = form({ cmdType: "getisloggedinstatus" });
    for (let i = 0; ; i++) {
      if (child.exitCode !== null || i > 600) throw new Error("the floor server did not start");
      try {
        if ((await post(url, body)).status === 200) break;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await load(url, 1_000, body);
    const times = await load(url, page ? LIST_REQUESTS : STATUS_REQUESTS, body);
    return { p50: percentile(times.client, 50), p95: percentile(times.client, 95) };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

export function peakMemoryMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** A status check without a token, the untimed first request of each connection (see load). */
const OPENING = form({ cmdType: "getisloggedinstatus" });

/**
 * Runs `total` requests from `CLIENTS` concurrent connections with autocannon (a lean load
 * generator: the clients' own work must not stand in for the server's): each connection sends its
 * next request as soon as the last one is answered. The latencies seen and the server's times.
 * Each connection first sends a status check that is not timed: autocannon's own start (its
 * connections opened, its first requests sent) held the first answers of every load for 11 to 44
 * ms where the server's own time was 0.1 to 6 ms (session 28), a tenth of a 100-request load.
 */
export function load(
  url: string,
  total: number,
  bodies: Body | ((i: number) => Body),
): Promise<Times> {
  const client: number[] = [];
  const server: number[] = [];
  let fromIndex = 0;
  let fromMemory = 0;
  let next = 0;
  let setups = 0;
  // autocannon reads an answer's headers (onResponse) just before it tells which connection had
  // it and its latency ("response"): the two are joined there.
  let timingRead = "";
  const onResponse = (
    _status: number,
    _body: string,
    _context: object,
    headers?: Record<string, unknown>,
  ) => {
    timingRead = String(headers?.["server-timing"] ?? "");
  };
  // The connections whose opening check was answered, and those of them answered other than 2xx
  // (without a token the server answers 401; the floor's bare route 200).
  const opened = new WeakSet<object>();
  let openingsNot2xx = 0;
  const answered = (connection: object, status: number, time: number) => {
    const named = timingRead;
    timingRead = "";
    if (!opened.has(connection)) {
      opened.add(connection);
      if (status < 200 || status > 299) openingsNot2xx++;
      return;
    }
    client.push(time);
    const timing = /dur=([\d.]+)/.exec(named);
    server.push(timing ? Number(timing[1]) : 0);
    // A list names answers of the users' search index, or of rows it holds in memory.
    if (/^index\b/.test(named)) fromIndex++;
    if (/^memory\b/.test(named)) fromMemory++;
  };
  const path = new URL(url).pathname;
  const openingPath = new URL("/api/user/", url).pathname;
  const request = {
    // autocannon sets up each connection's first request as it opens them, before any other.
    setupRequest: (request: autocannon.Request) => {
      const opening = setups++ < CLIENTS;
      const body = opening ? OPENING : typeof bodies === "function" ? bodies(next++) : bodies;
      return {
        ...request,
        path: opening ? openingPath : path,
        body: body.data,
        headers: { ...request.headers, "content-type": body.type },
      };
    },
    onResponse,
  };
  const before = sampleCpu(serverPid);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: "POST",
        connections: CLIENTS,
        // A slow list is measured, not dropped: autocannon gives up on a request after 10 s by default.
        timeout: Number(process.env.LMS_BENCH_TIMEOUT_SECONDS ?? 120),
        amount: total + CLIENTS,
        requests: [request],
      },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx > openingsNot2xx || result.errors || result.timeouts)
          reject(
            new Error(
              `${result.non2xx - openingsNot2xx} answers not 2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
            ),
          );
        else {
          // LMS_BENCH_RAW=<file>: each load's latencies in the order answered, to see when the
          // slow ones came (a JSON line per load).
          const raw = process.env.LMS_BENCH_RAW;
          if (raw) appendFileSync(raw, `${JSON.stringify({ url, client, server })}\n`);
          const cpu = cpuPerRequest(before, sampleCpu(serverPid), total);
          resolve({ client, server, fromIndex, fromMemory, ...(cpu ? { cpu } : {}) });
        }
      },
    );
    instance.on("response", (connection, status, _bytes, time) =>
      answered(connection, status, time),
    );
  });
}
