/**
 * `pnpm bench` (issue 4 "Speed"): 100,000 users in 1,000 schools, 10 concurrent clients, against
 * the built server (dist/main.js) as a child process, on PGlite and on a throwaway PostgreSQL
 * cluster. Writes the repository's docs/PERFORMANCE.md (DEVELOPERS.md: one place for every benchmark).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BULK_UPLOAD_COLUMNS } from "@lms/core";
import { sql } from "drizzle-orm";
import pg from "pg";
import { loadConfig } from "../src/config";
import { prepareDatabase } from "../src/server";
import {
  clusterUnavailable,
  freePort,
  startCluster,
  type PgCluster,
} from "../test/support/pg-cluster";

const here = path.dirname(fileURLToPath(import.meta.url));
const PACKAGE = path.resolve(here, "..");
const MAIN = path.join(PACKAGE, "dist", "main.js");
const OUT = path.resolve(
  process.env.LMS_BENCH_OUT ?? path.join(PACKAGE, "..", "..", "docs", "PERFORMANCE.md"),
);
const USERS = Number(process.env.LMS_BENCH_USERS ?? 100_000);
const SCHOOLS = Number(process.env.LMS_BENCH_SCHOOLS ?? 1_000);
const CLIENTS = Number(process.env.LMS_BENCH_CLIENTS ?? 10);
const LIST_REQUESTS = Number(process.env.LMS_BENCH_LIST_REQUESTS ?? 1_000);
const STATUS_REQUESTS = Number(process.env.LMS_BENCH_STATUS_REQUESTS ?? 3_000);
const BULK_ROWS = 10_000;
const PASSWORD = "Demo@2026!";

const FIRST = [
  "Maria",
  "Jose",
  "Juan",
  "Ana",
  "Mark",
  "Angel",
  "Rosa",
  "Carlo",
  "Liza",
  "Paolo",
  "Grace",
  "Miguel",
  "Joy",
  "Ramon",
  "Bea",
  "Nico",
  "Andrea",
  "Kristine",
  "Jerome",
  "Patricia",
  "Rafael",
  "Camille",
  "Francis",
  "Bianca",
  "Gabriel",
  "Nicole",
  "Adrian",
  "Jasmine",
  "Daniel",
  "Erika",
  "Vincent",
  "Aileen",
  "Christian",
  "Hazel",
  "Dominic",
  "Trisha",
  "Emmanuel",
  "Lorraine",
  "Jericho",
  "Shiela",
];
/** Surnames are built from two parts, so that 100,000 users have some 2,400 surnames. */
const LAST_START = [
  "Santa",
  "Dela",
  "De",
  "San",
  "Villa",
  "Del",
  "Mar",
  "Cas",
  "Bau",
  "Men",
  "Agui",
  "Nava",
  "Sala",
  "Mer",
  "Oca",
  "Ri",
  "Fer",
  "Tor",
  "Gon",
  "Lo",
  "Pa",
  "Qui",
  "Ro",
  "Ba",
  "Ca",
  "Da",
  "Ga",
  "Ma",
  "Na",
  "Ta",
  "Va",
  "Ya",
  "Za",
  "Bi",
  "Di",
  "Li",
  "Mi",
  "Ni",
  "Pi",
  "Ti",
];
const LAST_END = [
  "cruz",
  "nueva",
  "ramos",
  "tista",
  "doza",
  "lar",
  "rro",
  "zar",
  "cado",
  "campo",
  "vera",
  "nandez",
  "res",
  "zales",
  "pez",
  "dilla",
  "rino",
  "mero",
  "utista",
  "rcia",
  "sas",
  "ngco",
  "guel",
  "quez",
  "nio",
  "lona",
  "rdo",
  "bal",
  "nte",
  "llo",
  "rado",
  "nito",
  "gas",
  "llas",
  "ñez",
  "gal",
  "to",
  "ra",
  "na",
  "sa",
  "dez",
  "ron",
  "lin",
  "cion",
  "mos",
  "tes",
  "var",
  "des",
  "gues",
  "rez",
  "tos",
  "cio",
  "mar",
  "tan",
  "pin",
  "rin",
  "lan",
  "nal",
  "sal",
  "dal",
];
const SEARCHES = [
  "san",
  "cruz",
  "dela",
  "mendo",
  "nueva",
  "maria",
  "jose",
  "rivera",
  "user12",
  "navar",
  "ana",
  "ramos",
  "vill",
  "gabriel",
  "lopez",
  "dez",
];

interface Result {
  driver: string;
  listP50: number;
  listP95: number;
  listServerP95: number;
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

/** Fills the database with schools and users in a few statements. */
async function populate(databaseUrl: string | null, dataDir: string): Promise<number> {
  const started = Date.now();
  const config = { ...loadConfig({}), databaseUrl, dataDir, seedDemo: true };
  const { database } = await prepareDatabase(config);
  const db = database.db;
  const first = `(array[${FIRST.map((n) => `'${n}'`).join(",")}])`;
  const start = `(array[${LAST_START.map((n) => `'${n}'`).join(",")}])`;
  const end = `(array[${LAST_END.map((n) => `'${n}'`).join(",")}])`;
  await db.execute(
    sql.raw(`insert into schools (school_code, school_name, city, province, region, country, created_by)
      select 'B' || lpad(i::text, 5, '0'), 'Bench School ' || i, 'City ' || (i % 80), 'Province ' || (i % 40),
             'Region ' || (i % 17), 'Philippines', 'bench'
        from generate_series(1, ${SCHOOLS}) i`),
  );
  const [{ min } = { min: 3 }] = (
    (await db.execute(
      sql`select min(id)::int as min from schools where created_by = 'bench'`,
    )) as unknown as {
      rows: { min: number }[];
    }
  ).rows;
  const batch = 20_000;
  for (let from = 1; from <= USERS; from += batch) {
    const to = Math.min(USERS, from + batch - 1);
    await db.execute(
      sql.raw(`insert into users (first_name, last_name, user_name, email, role_id, school_id, status,
                                  registered, grade, section, learning_reference_number, created_by, created_at)
        select ${first}[1 + ((i * 7919) % 104729) % ${FIRST.length}],
               ${start}[1 + ((i * 6151) % 99991) % ${LAST_START.length}]
                 || ${end}[1 + ((i * 3571) % 65537) % ${LAST_END.length}],
               'user' || i, 'user' || i || '@bench.test', 5, ${min} + (i % ${SCHOOLS}), 0, 0,
               1 + (i % 12), 'S' || (i % 5), lpad(i::text, 12, '0'), 'bench',
               now() - (i || ' seconds')::interval
          from generate_series(${from}, ${to}) i`),
    );
  }
  await db.execute(sql`analyze`);
  await database.close();
  return (Date.now() - started) / 1000;
}

async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
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

function peakMemoryMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /VmHWM:\s+(\d+) kB/.exec(status);
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** Runs `total` requests from 10 concurrent clients; the latencies seen and the server's times. */
async function load(
  total: number,
  request: (i: number) => Promise<{ status: number; serverMs: number }>,
): Promise<{ client: number[]; server: number[] }> {
  const client: number[] = [];
  const server: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total) {
        const i = next++;
        const started = performance.now();
        const answer = await request(i);
        client.push(performance.now() - started);
        server.push(answer.serverMs);
        if (answer.status !== 200) throw new Error(`request ${i} answered ${answer.status}`);
      }
    }),
  );
  return { client, server };
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
      databaseUrl = cluster.url("lms_bench");
    }
    console.log(`[${driver}] populating ${USERS} users in ${SCHOOLS} schools…`);
    const populateSeconds = await populate(databaseUrl, dataDir);
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
      const list = (i: number) =>
        post(
          `${url}/api/user/`,
          form({
            cmdType: "list",
            page: String(1 + (i % 3)),
            rowsPerPage: "25",
            sortBy: i % 2 ? "lastName" : "firstName",
            sortOrder: i % 4 < 2 ? "asc" : "desc",
            search: SEARCHES[i % SEARCHES.length]!,
            ...auth,
          }),
        );
      await load(50, list);
      console.log(`[${driver}] user list…`);
      const listTimes = await load(LIST_REQUESTS, list);
      const statusBody = form({ cmdType: "getisloggedinstatus", ...auth });
      const status = () => post(`${url}/api/user/`, statusBody);
      await load(100, status);
      console.log(`[${driver}] status check…`);
      const statusTimes = await load(STATUS_REQUESTS, status);
      console.log(`[${driver}] bulk upload of ${BULK_ROWS} rows…`);
      const csv = bulkCsv(3);
      const started = performance.now();
      const bulk = await post(
        `${url}/api/user/`,
        form({ cmdType: "bulkupload", mode: "add", ...auth }, { name: "file", data: csv }),
      );
      const bulkSeconds = (performance.now() - started) / 1000;
      await new Promise((r) => setTimeout(r, 500));
      const peakMb = peakMemoryMb(child.pid!);
      return {
        driver,
        listP50: percentile(listTimes.client, 50),
        listP95: percentile(listTimes.client, 95),
        listServerP95: percentile(listTimes.server, 95),
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

async function main() {
  const loadBefore = os.loadavg()[0]!;
  const results: Result[] = [];
  results.push(await run("pglite"));
  const problem = clusterUnavailable();
  if (problem) console.warn(`PostgreSQL skipped: ${problem}`);
  else results.push(await run("postgres"));

  const targets: Record<string, { list: number; status?: number }> = {
    pglite: { list: 150 },
    postgres: { list: 20, status: 3 },
  };
  const check = (ok: boolean) => (ok ? "✅" : "❌");
  const lines = [
    "# Performance",
    "",
    `Measured by \`pnpm bench\` (packages/server/bench/bench.ts) on ${new Date().toISOString().slice(0, 10)}: ` +
      `${USERS.toLocaleString("en")} users in ${SCHOOLS.toLocaleString("en")} schools, ${CLIENTS} concurrent clients over HTTP ` +
      `against the built server (\`node dist/main.js\`), ${os.cpus().length} cores, Node ${process.version}.`,
    "",
    "| database | user list p50 / p95 (25 rows, sorted, search ≥ 3 chars) | status check p50 / p95 | bulk upload 10,000 rows | server peak memory |",
    "|---|---|---|---|---|",
    ...results.map((r) => {
      const target = targets[r.driver]!;
      return (
        `| ${r.driver} | ${fmt(r.listP50)} / ${fmt(r.listP95)} ms ${check(r.listP95 <= target.list)} (target ≤ ${target.list}; server's own p95 ${fmt(r.listServerP95)} ms) ` +
        `| ${fmt(r.statusP50)} / ${fmt(r.statusP95)} ms${target.status ? ` ${check(r.statusP95 <= target.status)} (target ≤ ${target.status})` : ""} (server's own p95 ${fmt(r.statusServerP95)} ms) ` +
        `| ${fmt(r.bulkSeconds)} s ${check(r.bulkStatus === 200 && r.bulkSeconds <= 5)} (target ≤ 5, status ${r.bulkStatus}) ` +
        `| ${r.peakMb} MB${r.driver === "pglite" ? ` ${check(r.peakMb < 600)} (target < 600)` : ""} |`
      );
    }),
    "",
    "Notes:",
    "- Latencies are measured by the clients, end to end (multipart request, authentication, permission",
    "  check from the database, validation, query, JSON answer); the server's own time comes from its",
    "  Server-Timing header. The clients, the server and PostgreSQL share the machine's cores.",
    "- The user list runs the search on the trigram-indexed search column and the count of every match.",
    "- The bulk upload is one real run (no dry run): parse, validate, check existing users, insert every",
    "  user, its activation link and its e-mail in one transaction; no password is hashed.",
    "- Peak memory is the server process's peak resident set (VmHWM); with PGlite it includes the database.",
    `- Populating the database took ${results.map((r) => `${fmt(r.populateSeconds)} s (${r.driver})`).join(", ")}.`,
    `- The machine's load average was ${loadBefore.toFixed(2)} before the run and ${os.loadavg()[0]!.toFixed(2)} after it ` +
      "(other work on a shared machine shows up in every number).",
    "",
  ];
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, lines.join("\n"));
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
