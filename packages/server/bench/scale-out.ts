/**
 * `pnpm bench`, after the server benchmark (issue 14 "Scale out"): the user-list load against one
 * server process and against two on the same PostgreSQL, each process pinned to its own core with
 * taskset where the machine has it, and the throughput ratio. Writes its own section of
 * docs/PERFORMANCE.md.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { loadConfig } from "../src/config";
import { prepareDatabase } from "../src/server";
import { clusterUnavailable, freePort, type PgCluster } from "../test/support/pg-cluster";
import { writeSection } from "./performance-doc";
import { startBenchCluster } from "./data";
import { MAIN, NODE_FLAGS, OUT } from "./settings";

const USERS = Number(process.env.LMS_BENCH_SCALE_USERS ?? 100_000);
const SCHOOLS = 1_000;
const CLIENTS = Number(process.env.LMS_BENCH_CLIENTS ?? 10);
const REQUESTS = Number(process.env.LMS_BENCH_SCALE_REQUESTS ?? 4_000);
const PASSWORD = "Demo@2026!";
const FIRST = ["Maria", "Jose", "Juan", "Ana", "Pedro", "Rosa", "Carlos", "Elena", "Miguel", "Luz"];
const LAST = ["Santos", "Reyes", "Cruz", "Bautista", "Garcia", "Mendoza", "Torres", "Flores"];
const SEARCHES = ["san", "rey", "cru", "bau", "gar", "men", "tor", "flo", "mar", "jos", "ana"];

interface Body {
  data: Buffer;
  type: string;
}

function form(fields: Record<string, string>): Body {
  const boundary = `----lmsscale${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    data: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const pinnable = os.availableParallelism() >= 2 && spawnSync("taskset", ["--version"]).status === 0;

interface Server {
  url: string;
  child: ChildProcess;
}

async function startServer(env: Record<string, string>, core: number | null): Promise<Server> {
  const port = await freePort();
  const node = [process.execPath, ...NODE_FLAGS, MAIN];
  const [command, ...args] = core !== null ? ["taskset", "-c", String(core), ...node] : node;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-scale-"));
  const child = spawn(command!, args, {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      LMS_CONTENT_PORT: String(await freePort()),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      LMS_SEED_DEMO: "0",
      LMS_DATA_DIR: dataDir,
      LMS_PORTAL_DIR: path.join(dataDir, "none"),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  child.once("exit", () => rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error("a server exited");
    try {
      // Warm: the users' search index built and the lists held in memory loaded.
      const health = await fetch(`${url}/healthz`);
      if (health.status === 200 && ((await health.json()) as { warm: boolean }).warm) {
        return { url, child };
      }
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("a server did not start");
}

async function stop(server: Server) {
  if (server.child.exitCode !== null) return;
  server.child.kill("SIGTERM");
  await new Promise((resolve) => server.child.once("exit", resolve));
}

interface Measured {
  seconds: number;
  client: number[];
  server: number[];
}

/** `total` list requests from `connections` clients against one URL (autocannon). */
function load(url: string, connections: number, total: number, token: string): Promise<Measured> {
  const client: number[] = [];
  const server: number[] = [];
  let next = 0;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/api/user/`,
        method: "POST",
        connections,
        amount: total,
        requests: [
          {
            setupRequest: (request: autocannon.Request) => {
              const i = next++;
              // Searches, pages and sorts in turn, as the server benchmark's kept-search mix.
              const body = form({
                cmdType: "list",
                page: String(1 + (i % 3)),
                rowsPerPage: "25",
                sortBy: i % 2 ? "lastName" : "firstName",
                sortOrder: i % 4 < 2 ? "asc" : "desc",
                search: SEARCHES[i % SEARCHES.length]!,
                Authorization: `Bearer ${token}`,
              });
              return {
                ...request,
                body: body.data,
                headers: { ...request.headers, "content-type": body.type },
              };
            },
            onResponse: (_status, _body, _context, headers) => {
              const timing = /dur=([\d.]+)/.exec(String(headers?.["server-timing"] ?? ""));
              server.push(timing ? Number(timing[1]) : 0);
            },
          },
        ],
      },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx || result.errors || result.timeouts)
          reject(new Error(`${result.non2xx} answers not 2xx, ${result.errors} errors`));
        else resolve({ seconds: (performance.now() - started) / 1000, client, server });
      },
    );
    instance.on("response", (_client, _status, _bytes, time) => client.push(time));
  });
}

/** The clients split between the servers, all at once; throughput over the whole run. */
async function loadAll(servers: Server[], token: string, total = REQUESTS): Promise<Measured> {
  const started = performance.now();
  const share = Math.floor(CLIENTS / servers.length);
  const runs = await Promise.all(
    servers.map((s) => load(s.url, share, Math.floor(total / servers.length), token)),
  );
  return {
    seconds: (performance.now() - started) / 1000,
    client: runs.flatMap((r) => r.client),
    server: runs.flatMap((r) => r.server),
  };
}

async function populate(databaseUrl: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-scale-seed-"));
  const config = { ...loadConfig({ DATABASE_URL: databaseUrl }), dataDir, seedDemo: true };
  const { database } = await prepareDatabase(config);
  try {
    const names = (list: string[]) => `array[${list.map((n) => `'${n}'`).join(",")}]`;
    await database.db.execute(
      sql.raw(`insert into schools (school_code, school_name, city, province, region, country, created_by)
        select 'S' || lpad(i::text, 5, '0'), 'Scale School ' || i, 'City', 'Province', 'Region',
               'Philippines', 'bench'
          from generate_series(1, ${SCHOOLS}) i`),
    );
    await database.db.execute(
      sql.raw(`insert into users (first_name, last_name, user_name, email, role_id, school_id, status,
                                  registered, created_by)
        select (${names(FIRST)})[1 + (i * 7919) % ${FIRST.length}],
               (${names(LAST)})[1 + (i * 6151) % ${LAST.length}] || (i % 997),
               'scale' || i, 'scale' || i || '@bench.test', 5,
               (select min(id) from schools where created_by = 'bench') + i % ${SCHOOLS}, 0, 0, 'bench'
          from generate_series(1, ${USERS}) i`),
    );
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signIn(url: string): Promise<string> {
  const body = form({ cmdType: "login", userName: "admin", password: PASSWORD });
  const answer = await fetch(`${url}/api/user/`, {
    method: "POST",
    headers: { "content-type": body.type },
    body: new Uint8Array(body.data),
  });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);

async function main() {
  const problem = clusterUnavailable();
  if (problem) {
    console.warn(`scale-out bench skipped: ${problem}`);
    return;
  }
  const loadBefore = os.loadavg()[0]!;
  let cluster: PgCluster | null = null;
  const servers: Server[] = [];
  try {
    cluster = await startBenchCluster();
    const admin = new pg.Client({ connectionString: cluster.url("postgres") });
    await admin.connect();
    await admin.query("create database lms_scale");
    await admin.end();
    const databaseUrl = cluster.socketUrl("lms_scale");
    console.log(`[scale-out] populating ${USERS} users…`);
    await populate(databaseUrl);
    const env = { DATABASE_URL: databaseUrl };

    servers.push(await startServer(env, pinnable ? 0 : null));
    const token = await signIn(servers[0]!.url);
    // Warm-ups: the processes' first compilations and the kept searches.
    await loadAll(servers, token, REQUESTS / 4);
    console.log("[scale-out] one process…");
    const one = await loadAll(servers, token);
    servers.push(await startServer(env, pinnable ? 1 : null));
    await loadAll([servers[1]!], token, REQUESTS / 4);
    console.log("[scale-out] two processes…");
    const two = await loadAll(servers, token);

    const rate = (m: Measured) => REQUESTS / m.seconds;
    const row = (label: string, m: Measured) =>
      `| ${label} | ${fmt(rate(m))} | ${fmt(percentile(m.client, 50))} / ${fmt(percentile(m.client, 95))} ms | ${fmt(percentile(m.server, 95))} ms |`;
    const ratio = rate(two) / rate(one);
    const body = [
      `Measured by \`pnpm bench\` (packages/server/bench/scale-out.ts) on ${new Date().toISOString().slice(0, 10)}: ${USERS.toLocaleString("en")} users in ${SCHOOLS.toLocaleString("en")} schools on one PostgreSQL, ${CLIENTS} concurrent clients, ${REQUESTS.toLocaleString("en")} user-list requests (25 rows; searches, pages 1–3 and both sorts in turn), ${os.availableParallelism()} cores, Node ${process.version}.`,
      "",
      "| server processes | throughput (requests/s) | client p50 / p95 | server's own p95 (Server-Timing) |",
      "| ---------------- | ----------------------- | ---------------- | -------------------------------- |",
      row("1", one),
      row("2 (the clients split between them)", two),
      "",
      `Throughput ratio, two processes to one: **${ratio.toFixed(2)}×**.`,
      "",
      "Notes:",
      "",
      `- ${pinnable ? "Each server process is pinned to its own core (`taskset -c 0`, `taskset -c 1`)" : "taskset or a second core is missing: the processes are not pinned"}; PostgreSQL and the load generator run on the same two cores, unpinned, so the second process does not get a core of its own: the ratio shows what a second process adds on this machine, not the ideal 2× of a second machine.`,
      "- Both processes share the database, its sessions and its kept searches: a search kept by one serves the other, and a change on one reaches the other's caches at commit (LISTEN/NOTIFY).",
      "- docs/DEPLOYMENT.md tells how to run N servers behind a load balancer.",
      `- The machine's load average was ${loadBefore.toFixed(2)} before the run and ${os.loadavg()[0]!.toFixed(2)} after it.`,
    ].join("\n");
    writeSection(OUT, "scale-out-bench", "Scale-out", body);
    console.log(body);
  } finally {
    for (const server of servers) await stop(server);
    await cluster?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
