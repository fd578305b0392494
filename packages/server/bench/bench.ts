/**
 * `pnpm bench` (issues 4 and 14): 1,000,000 users in 5,000 schools on a throwaway PostgreSQL
 * cluster and 100,000 in 500 on PGlite, 10 concurrent clients, against the built server
 * (dist/main.js) as a child process. Writes the repository's docs/PERFORMANCE.md (DEVELOPERS.md:
 * one place for every benchmark).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import http from "node:http";
import autocannon from "autocannon";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BULK_UPLOAD_COLUMNS } from "@lms/core";
import pg from "pg";
import {
  clusterUnavailable,
  freePort,
  startCluster,
  type PgCluster,
} from "../test/support/pg-cluster";
import { FIRST, LAST_END, LAST_START, populate, schoolsFor, usersFor } from "./data";
import { measureClasses, measureLists, type MixResult } from "./lists";
import { writeSection } from "./performance-doc";

const here = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = path.resolve(here, "..");
const MAIN = path.join(PACKAGE, "dist", "main.js");
const OUT = path.resolve(
  process.env.LMS_BENCH_OUT ?? path.join(PACKAGE, "..", "..", "docs", "PERFORMANCE.md"),
);
const CLIENTS = Number(process.env.LMS_BENCH_CLIENTS ?? 10);
const LIST_REQUESTS = Number(process.env.LMS_BENCH_LIST_REQUESTS ?? 2_000);
const NEW_SEARCHES = Number(process.env.LMS_BENCH_NEW_SEARCHES ?? 400);
const STATUS_REQUESTS = Number(process.env.LMS_BENCH_STATUS_REQUESTS ?? 20_000);
const BULK_ROWS = 10_000;
/** The databases to measure, e.g. LMS_BENCH_DRIVERS=pglite while working on one of them. */
const DRIVERS = (process.env.LMS_BENCH_DRIVERS ?? "pglite,postgres").split(",");
const PASSWORD = "Demo@2026!";

interface Result {
  driver: string;
  users: number;
  schools: number;
  lists: MixResult[];
  /** The class list's first answer took longer than this many seconds (not measured further). */
  classesSlowerThan: number | null;
  populatePeakMb: number;
  statusP50: number;
  statusP95: number;
  statusServerP95: number;
  bulkSeconds: number;
  bulkStatus: number;
  peakMb: number;
  populateSeconds: number;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

interface Body {
  data: Buffer;
  type: string;
}

/** A multipart body as the portal's client sends it, built once (the clients stay cheap). */
function form(fields: Record<string, string>, file?: { name: string; data: string }): Body {
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
function post(
  url: string,
  body: Body,
): Promise<{ status: number; json: { data?: unknown }; serverMs: number }> {
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
          });
        });
      },
    );
    request.on("error", reject);
    request.end(body.data);
  });
}

async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // LMS_BENCH_PROFILE=<folder>: the server writes a CPU profile there when it stops.
  const profile = process.env.LMS_BENCH_PROFILE;
  // The server's own start command's flags (package.json "start").
  const flags = ["--max-semi-space-size=32"];
  const args = profile
    ? [...flags, "--cpu-prof", `--cpu-prof-dir=${profile}`, MAIN]
    : [...flags, MAIN];
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

/**
 * The machine's floor, for comparison: a bare Fastify route that answers at once (no body
 * parsing, no database), driven by the same clients as the status check.
 */
async function measureFloor(): Promise<{ p50: number; p95: number }> {
  const port = await freePort();
  const code = `import Fastify from "fastify";
    const app = Fastify();
    app.addContentTypeParser("multipart/form-data", (_request, payload, done) => {
      payload.resume();
      payload.on("end", () => done(null, {}));
    });
    app.post("/api/user/", async () => ({ data: { userId: 1 } }));
    await app.listen({ port: ${port}, host: "127.0.0.1" });`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
    cwd: PACKAGE,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const url = `http://127.0.0.1:${port}/api/user/`;
    const body = form({ cmdType: "getisloggedinstatus" });
    for (let i = 0; ; i++) {
      if (child.exitCode !== null || i > 200) throw new Error("the floor server did not start");
      try {
        if ((await post(url, body)).status === 200) break;
      } catch {
        // not yet listening
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    await load(url, 1_000, body);
    const times = await load(url, STATUS_REQUESTS, body);
    return { p50: percentile(times.client, 50), p95: percentile(times.client, 95) };
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

function peakMemoryMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/**
 * Runs `total` requests from `CLIENTS` concurrent connections with autocannon (a lean load
 * generator: the clients' own work must not stand in for the server's): each connection sends its
 * next request as soon as the last one is answered. The latencies seen and the server's times.
 */
function load(
  url: string,
  total: number,
  bodies: Body | ((i: number) => Body),
): Promise<{ client: number[]; server: number[] }> {
  const client: number[] = [];
  const server: number[] = [];
  let next = 0;
  const onResponse = (
    _status: number,
    _body: string,
    _context: object,
    headers?: Record<string, unknown>,
  ) => {
    const timing = /dur=([\d.]+)/.exec(String(headers?.["server-timing"] ?? ""));
    server.push(timing ? Number(timing[1]) : 0);
  };
  // One body for every request is sent as built; changing bodies are built request by request.
  const request =
    typeof bodies === "function"
      ? {
          setupRequest: (request: autocannon.Request) => {
            const body = bodies(next++);
            return {
              ...request,
              body: body.data,
              headers: { ...request.headers, "content-type": body.type },
            };
          },
          onResponse,
        }
      : { onResponse };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: "POST",
        connections: CLIENTS,
        // A slow list is measured, not dropped: autocannon gives up on a request after 10 s by default.
        timeout: Number(process.env.LMS_BENCH_TIMEOUT_SECONDS ?? 120),
        amount: total,
        ...(typeof bodies === "function"
          ? {}
          : { body: bodies.data, headers: { "content-type": bodies.type } }),
        requests: [request],
      },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx || result.errors || result.timeouts)
          reject(new Error(`${result.non2xx} answers not 2xx, ${result.errors} errors`));
        else resolve({ client, server });
      },
    );
    instance.on("response", (_client, _status, _bytes, time) => client.push(time));
  });
}

function bulkCsv(schoolId: number): string {
  const lines = [BULK_UPLOAD_COLUMNS.join(",")];
  for (let i = 0; i < BULK_ROWS; i++) {
    const values: Record<string, string> = {
      firstName: FIRST[i % FIRST.length]!,
      lastName: `${LAST_START[i % LAST_START.length]}${LAST_END[i % LAST_END.length]}`,
      userName: `bulk${i}`,
      email: `bulk${i}@bench.test`,
      roleId: "5",
      schoolId: String(schoolId),
      learningReferenceNumber: String(500000000000 + i),
      grade: String(1 + (i % 12)),
      section: "Rizal",
    };
    lines.push(BULK_UPLOAD_COLUMNS.map((c) => values[c] ?? "").join(","));
  }
  return "\uFEFF" + lines.join("\r\n");
}

/**
 * Populates the database in a child process (this file with --populate), so that its peak memory
 * is measured on its own: with PGlite, loading runs the embedded database in that process.
 */
async function populateInChild(
  databaseUrl: string | null,
  dataDir: string,
  users: number,
  schools: number,
): Promise<{ seconds: number; bigCourseId: number; peakMb: number }> {
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      "--populate",
      JSON.stringify({ databaseUrl, dataDir, users, schools }),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`populating failed (${String(code)})`);
  return JSON.parse(output.trim().split("\n").pop()!) as {
    seconds: number;
    bigCourseId: number;
    peakMb: number;
  };
}

async function run(driver: "pglite" | "postgres"): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `lms-bench-${driver}-`));
  let cluster: PgCluster | null = null;
  let databaseUrl: string | null = null;
  try {
    if (driver === "postgres") {
      cluster = await startCluster();
      const admin = new pg.Client({ connectionString: cluster.url("postgres") });
      await admin.connect();
      await admin.query("create database lms_bench");
      await admin.end();
      // The server reaches PostgreSQL on the same host through its Unix socket (half the cost of
      // a loopback TCP round trip here); LMS_BENCH_PG_TCP=1 measures over TCP instead.
      databaseUrl =
        process.env.LMS_BENCH_PG_TCP === "1"
          ? cluster.url("lms_bench")
          : cluster.socketUrl("lms_bench");
    }
    const users = usersFor(driver);
    const schools = schoolsFor(users);
    console.log(`[${driver}] populating ${users} users in ${schools} schools…`);
    const populated = await populateInChild(databaseUrl, dataDir, users, schools);
    const populateSeconds = populated.seconds;
    const { url, child } = await startServer({
      LMS_DATA_DIR: dataDir,
      LMS_PORTAL_DIR: path.join(dataDir, "none"),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    try {
      const login = await post(
        `${url}/api/user/`,
        form({ cmdType: "login", userName: "admin", password: PASSWORD }),
      );
      const token = (login.json.data as { token: string }).token;
      const auth = { Authorization: `Bearer ${token}` };
      const api = `${url}/api/user/`;
      const listContext = {
        url,
        auth,
        form: (fields: Record<string, string>) => form(fields),
        post,
        load,
        bigCourseId: populated.bigCourseId,
        requests: LIST_REQUESTS,
        newSearches: NEW_SEARCHES,
        log: (text: string) => console.log(`[${driver}] ${text}`),
      };
      const lists = await measureLists(listContext);
      const statusBody = form({ cmdType: "getisloggedinstatus", ...auth });
      await load(api, 1_000, statusBody);
      console.log(`[${driver}] status check…`);
      const statusTimes = await load(api, STATUS_REQUESTS, statusBody);
      console.log(`[${driver}] bulk upload of ${BULK_ROWS} rows…`);
      const csv = bulkCsv(3);
      const started = performance.now();
      const bulk = await post(
        `${url}/api/user/`,
        form({ cmdType: "bulkupload", mode: "add", ...auth }, { name: "file", data: csv }),
      );
      const bulkSeconds = (performance.now() - started) / 1000;
      const classes = await measureClasses(listContext);
      if (Array.isArray(classes)) lists.push(...classes);
      const classesSlowerThan = Array.isArray(classes) ? null : classes.slowerThanSeconds;
      await new Promise((r) => setTimeout(r, 500));
      const peakMb = peakMemoryMb(child.pid!);
      return {
        driver,
        users,
        schools,
        lists,
        classesSlowerThan,
        populatePeakMb: populated.peakMb,
        statusP50: percentile(statusTimes.client, 50),
        statusP95: percentile(statusTimes.client, 95),
        statusServerP95: percentile(statusTimes.server, 95),
        bulkSeconds,
        bulkStatus: bulk.status,
        peakMb,
        populateSeconds,
      };
    } finally {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  } finally {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const count = (n: number) => n.toLocaleString("en");

/** The targets (issue 14): new searches ≤ 20 ms, paging and sorting ≤ 10 ms; PGlite ≤ 100 ms. */
function targetOf(driver: string, mix: string): number {
  if (driver === "pglite") return 100;
  return mix.includes("search") ? 20 : 10;
}

async function main() {
  if (process.argv[2] === "--populate") {
    const options = JSON.parse(process.argv[3]!) as {
      databaseUrl: string | null;
      dataDir: string;
      users: number;
      schools: number;
    };
    const populated = await populate(
      options.databaseUrl,
      options.dataDir,
      options.users,
      options.schools,
    );
    console.log(JSON.stringify({ ...populated, peakMb: peakMemoryMb(process.pid) }));
    return;
  }
  const loadBefore = os.loadavg()[0]!;
  const results: Result[] = [];
  console.log("floor: a bare Fastify route…");
  const floor = await measureFloor();
  if (DRIVERS.includes("pglite")) results.push(await run("pglite"));
  const problem = clusterUnavailable();
  if (!DRIVERS.includes("postgres")) console.warn("PostgreSQL left out (LMS_BENCH_DRIVERS)");
  else if (problem) console.warn(`PostgreSQL skipped: ${problem}`);
  else results.push(await run("postgres"));

  const check = (ok: boolean) => (ok ? "✅" : "❌");
  const floorNote = (p95: number) => `${fmt(p95 / floor.p95)}× the floor`;
  const lines = [
    `Measured by \`pnpm bench\` (packages/server/bench/bench.ts) on ${new Date().toISOString().slice(0, 10)}: ` +
      results
        .map((r) => `${r.driver} with ${count(r.users)} users in ${count(r.schools)} schools`)
        .join(", ") +
      `; ${CLIENTS} concurrent clients over HTTP against the built server (\`node dist/main.js\`), ` +
      `${os.cpus().length} cores, Node ${process.version}. The machine's floor (a bare Fastify route ` +
      `under the same clients) answers in ${fmt(floor.p50)} / ${fmt(floor.p95)} ms p50 / p95.`,
    "",
    "### Lists (25 rows a page)",
    "",
    "| database | list | requests | total | client p50 / p95 | server's own p95 | target (p95) |",
    "|---|---|---|---|---|---|---|",
    ...results.flatMap((r) =>
      r.lists.map((m) => {
        const target = targetOf(r.driver, m.mix);
        const p95 = percentile(m.client, 95);
        return (
          `| ${r.driver} | ${m.list}: ${m.mix} | ${count(m.requests)} | ${count(m.total)}${m.estimates ? ` (${m.estimates} of the answers checked estimated)` : ""} ` +
          `| ${fmt(percentile(m.client, 50))} / ${fmt(p95)} ms | ${fmt(percentile(m.server, 95))} ms ` +
          `| ≤ ${target} ms ${check(p95 <= target)} (${floorNote(p95)}) |`
        );
      }),
    ),
    ...results
      .filter((r) => r.classesSlowerThan !== null)
      .map(
        (r) =>
          `| ${r.driver} | classes | 1 | – | first answer not back after ${r.classesSlowerThan} s ❌ | – | ≤ ${targetOf(r.driver, "pages")} ms ❌ |`,
      ),
    "",
    "### Status check, bulk upload and memory",
    "",
    "| database | status check p50 / p95 | bulk upload 10,000 rows | peak memory: loading / server |",
    "|---|---|---|---|",
    ...results.map(
      (r) =>
        `| ${r.driver} | ${fmt(r.statusP50)} / ${fmt(r.statusP95)} ms (server's own p95 ${fmt(r.statusServerP95)} ms) ` +
        `| ${fmt(r.bulkSeconds)} s (status ${r.bulkStatus}) ` +
        `| ${r.populatePeakMb} MB / ${r.peakMb} MB${r.driver === "pglite" ? ` ${check(Math.max(r.peakMb, r.populatePeakMb) < 600)} (target < 600)` : ""} |`,
    ),
    "",
    "Notes:",
    `- Latencies are measured by the clients (autocannon, ${CLIENTS} connections, each sending its next ` +
      "request as soon as the last is answered), end to end: multipart request, authentication, " +
      "permission check, validation, query, JSON answer. The server's own time comes from its " +
      "Server-Timing header. The clients, the server and PostgreSQL share the machine's cores; the " +
      "server reaches PostgreSQL through its Unix socket.",
    "- New searches: every request a different term of 3 to 6 letters cut from the real name parts, " +
      "none asked before. The user list first reads at most LMS_LIST_EXACT_COUNT (5,000) matches " +
      "through the trigram index, unsorted; when that is all of them they are sorted and kept (the " +
      "next pages and sorts of that search read 25 records by id). A term with more matches is " +
      "common: its page is read by walking the sort column's (column, id) index and keeping the " +
      "matching rows, and the total is the planner's estimate of the matches, answered with " +
      "`totalIsEstimate: true` (the portal shows “about N”).",
    "- Paging without a search reads the page's ids from the sort column's (column, id) index " +
      "(index-only), from the nearer end of the list (the last page is read backwards), then the 25 " +
      "records by id. The exact total is counted once per version of the users table (a counter kept " +
      "by a trigger) and kept: the first page after any change of a user counts again.",
    "- A ❌ whose p95 sits close to the floor (a few times it) is the machine: the clients, the " +
      "server and the database share 2 cores with other engineers' work (load average below).",
    "- Peak memory is the peak resident set (VmHWM) of the process populating the database and of " +
      "the server after the whole list load; with PGlite it includes the database and its page cache.",
    "- The server runs as its start command runs it: `node --max-semi-space-size=32`.",
    `- Populating the database took ${results.map((r) => `${fmt(r.populateSeconds)} s (${r.driver})`).join(", ")}.`,
    `- The machine's load average was ${loadBefore.toFixed(2)} before the run and ${os.loadavg()[0]!.toFixed(2)} after it ` +
      "(other work on a shared machine shows up in every number).",
  ];
  writeSection(OUT, "server-bench", "Server", lines.join("\n"));
  // The repository's formatter checks Markdown too: leave the file as it would write it.
  const prettier = path.resolve(PACKAGE, "../../node_modules/.bin/prettier");
  spawnSync(prettier, ["--write", OUT], { stdio: "ignore" });
  console.log(lines.join("\n"));
  console.log(`written to ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
