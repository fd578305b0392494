/**
 * `pnpm bench` (issues 4 and 14): 1,000,000 users in 5,000 schools on a throwaway PostgreSQL
 * cluster and 100,000 in 500 on PGlite, 10 concurrent clients, against the built server
 * (dist/main.js) as a child process. Each list is then measured again on a server with every read
 * model off (LMS_READ_MODELS=off) on the same data (LMS_BENCH_READ_MODELS_OFF=0 leaves that out).
 * Writes the repository's docs/PERFORMANCE.md (DEVELOPERS.md: one place for every benchmark).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BULK_UPLOAD_COLUMNS } from "@lms/core";
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/db/client";
import { clusterUnavailable, type PgCluster } from "../test/support/pg-cluster";
import {
  createBenchDatabase,
  FIRST,
  LAST_END,
  LAST_START,
  populate,
  schoolsFor,
  startBenchCluster,
  usersFor,
} from "./data";
import { measureLists, percentile, type ListContext } from "./lists";
import { writeSection } from "./performance-doc";
import {
  BULK_ROWS,
  DRIVERS,
  LIST_REQUESTS,
  NEW_SEARCHES,
  OUT,
  PACKAGE,
  PASSWORD,
  READ_MODELS_OFF,
  STATUS_REQUESTS,
} from "./settings";
import { form, load, measureFloor, peakMemoryMb, post, startServer } from "./http";
import { serverReport, type Result } from "./report";

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

/** The admin's bearer token on a server. */
async function signIn(url: string): Promise<{ Authorization: string }> {
  const login = await post(
    `${url}/api/user/`,
    form({ cmdType: "login", userName: "admin", password: PASSWORD }),
  );
  return { Authorization: `Bearer ${(login.json.data as { token: string }).token}` };
}

/** What measureLists needs of a server, its lines in the log named by `name`. */
function listContext(
  name: string,
  url: string,
  auth: { Authorization: string },
  bigCourseId: number,
): ListContext {
  return {
    url,
    auth,
    form: (fields: Record<string, string>) => form(fields),
    post,
    load,
    bigCourseId,
    requests: LIST_REQUESTS,
    newSearches: NEW_SEARCHES,
    log: (text: string) => console.log(`[${name}] ${text}`),
  };
}

async function run(driver: "pglite" | "postgres"): Promise<Result> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `lms-bench-${driver}-`));
  let cluster: PgCluster | null = null;
  let databaseUrl: string | null = null;
  try {
    if (driver === "postgres") {
      cluster = await startBenchCluster();
      // The server reaches PostgreSQL on the same host through its Unix socket (half the cost of
      // a loopback TCP round trip here); LMS_BENCH_PG_TCP=1 measures over TCP instead.
      databaseUrl = await createBenchDatabase(cluster, process.env.LMS_BENCH_PG_TCP === "1");
    }
    const users = usersFor(driver);
    const schools = schoolsFor(users);
    console.log(`[${driver}] populating ${users} users in ${schools} schools…`);
    const populated = await populateInChild(databaseUrl, dataDir, users, schools);
    const populateSeconds = populated.seconds;
    console.log(`[${driver}] the floor of a page (25 users by id through the driver)…`);
    const pageFloor = await measureFloor({ databaseUrl, dataDir, users });
    let result: Omit<Result, "pageFloorAfter">;
    const serverEnv = {
      LMS_DATA_DIR: dataDir,
      LMS_PORTAL_DIR: path.join(dataDir, "none"),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const { url, child } = await startServer({ ...serverEnv, LMS_READ_MODELS: "on" });
    try {
      const auth = await signIn(url);
      const api = `${url}/api/user/`;
      const lists = await measureLists(listContext(driver, url, auth, populated.bigCourseId));
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
      await new Promise((r) => setTimeout(r, 500));
      const peakMb = peakMemoryMb(child.pid!);
      result = {
        driver,
        users,
        schools,
        lists,
        populatePeakMb: populated.peakMb,
        pageFloor,
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
    // Again once the lists have run: the first was taken just after populating, when PostgreSQL may
    // still be writing and analysing.
    console.log(`[${driver}] the page floor again…`);
    const pageFloorAfter = await measureFloor({ databaseUrl, dataDir, users });
    if (!READ_MODELS_OFF) return { ...result, pageFloorAfter };
    // On the same data: the bulk upload's users go first.
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      await database.db.execute(sql`delete from users where user_name like 'bulk%'`);
      await database.db.execute(sql`vacuum analyze users`);
    } finally {
      await database.close();
    }
    const off = await startServer({ ...serverEnv, LMS_READ_MODELS: "off" });
    try {
      const auth = await signIn(off.url);
      const context = listContext(
        `${driver}, read models off`,
        off.url,
        auth,
        populated.bigCourseId,
      );
      const listsOff = await measureLists({ ...context, readModels: false });
      // The status check reads its session every time (no recent sessions kept).
      const statusBody = form({ cmdType: "getisloggedinstatus", ...auth });
      await load(`${off.url}/api/user/`, 1_000, statusBody);
      const statusOff = await load(`${off.url}/api/user/`, STATUS_REQUESTS, statusBody);
      const statusOffP95 = percentile(statusOff.client, 95);
      return { ...result, pageFloorAfter, listsOff, statusOffP95 };
    } finally {
      off.child.kill("SIGTERM");
      await new Promise((resolve) => off.child.once("exit", resolve));
    }
  } finally {
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
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

  const lines = serverReport(results, floor, loadBefore);
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
