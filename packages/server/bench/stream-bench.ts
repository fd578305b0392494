/**
 * `pnpm bench`, after bench.ts (issue 14 "Bulk upload", "Export"): a 50,000-row bulk upload with
 * progress lines on PGlite and PostgreSQL, and the users export of LMS_BENCH_EXPORT_USERS
 * (1,000,000) users on PostgreSQL: time to its first byte, total time, and the server's peak
 * memory. Writes its own section of docs/PERFORMANCE.md (`stream-bench`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { clusterUnavailable, freePort } from "../test/support/pg-cluster";
import { populate, startBenchCluster } from "./data";
import { writeSection } from "./performance-doc";
import { MAIN, NODE_FLAGS, OUT } from "./settings";

const UPLOAD_ROWS = Number(process.env.LMS_BENCH_UPLOAD_ROWS ?? 50_000);
const EXPORT_USERS = Number(process.env.LMS_BENCH_EXPORT_USERS ?? 1_000_000);
const DRIVERS = (process.env.LMS_BENCH_DRIVERS ?? "pglite,postgres").split(",");
const PASSWORD = "Demo@2026!";

/** A multipart POST to /api/user/, as the portal sends it. */
function call(url: string, fields: Record<string, string>, file?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([file], { type: "text/csv" }), "users.csv");
  return fetch(`${url}/api/user/`, { method: "POST", body: form });
}

/** The process's resident memory now and its high-water mark (VmHWM), in MB. */
function memoryMb(pid: number): { now: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const mb = (field: string) =>
      Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024);
    return { now: mb("VmRSS"), peak: mb("VmHWM") };
  } catch {
    return { now: 0, peak: 0 };
  }
}

/**
 * The memory `work` takes: the resident size before it and the high-water mark while it runs, the
 * mark reset first (clear_refs 5) where the kernel lets the bench, else the process's whole life.
 */
async function measured<T>(pid: number, work: () => Promise<T>): Promise<[T, Memory]> {
  const before = memoryMb(pid).now;
  let reset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    reset = false;
  }
  const result = await work();
  return [result, { before, peak: memoryMb(pid).peak, reset }];
}

interface Memory {
  before: number;
  peak: number;
  /** Whether the peak is the work's own (else the process's since it started). */
  reset: boolean;
}

/**
 * Waits until the user search index answers (built at the server's start), so that its building
 * is not counted in the upload's or the export's memory.
 */
async function indexReady(url: string, token: string) {
  const setting = process.env.LMS_USER_SEARCH_INDEX?.trim().toLowerCase();
  if (setting && ["0", "false", "no", "off"].includes(setting)) return;
  for (let i = 0; i < 600; i++) {
    const answer = await call(url, {
      cmdType: "list",
      rowsPerPage: "25",
      search: `warm${i}`,
      Authorization: `Bearer ${token}`,
    });
    await answer.arrayBuffer();
    if (/^index\b/.test(answer.headers.get("server-timing") ?? "")) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.warn("the search index did not answer within 10 minutes");
}

async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, MAIN], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await call(url, { cmdType: "getisloggedinstatus" })).status === 401)
        return { url, child };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

function uploadCsv(rows: number): string {
  const columns = [
    "firstName",
    "lastName",
    "userName",
    "email",
    "role",
    "grade",
    "section",
    "learningReferenceNumber",
  ];
  const lines = [columns.join(",")];
  for (let i = 0; i < rows; i++) {
    lines.push(`Lea,Salonga,stream${i},stream${i}@bench.test,Student,7,Rizal,${500000000000 + i}`);
  }
  return lines.join("\r\n");
}

interface UploadResult {
  seconds: number;
  status: number;
  progressLines: number;
}

async function upload(url: string, token: string, schoolId: number): Promise<UploadResult> {
  const csv = uploadCsv(UPLOAD_ROWS);
  const started = performance.now();
  const response = await call(
    url,
    {
      cmdType: "bulkupload",
      mode: "add",
      dryRun: "0",
      progress: "1",
      schoolId: String(schoolId),
      Authorization: `Bearer ${token}`,
    },
    csv,
  );
  const text = await response.text();
  const lines = text.split("\n").filter((l) => l.trim() !== "");
  const last = JSON.parse(lines[lines.length - 1] ?? "{}") as { status?: number };
  if (last.status !== 200) console.warn(`upload answered ${text.slice(-600)}`);
  return {
    seconds: (performance.now() - started) / 1000,
    status: last.status ?? response.status,
    progressLines: lines.length - 1,
  };
}

interface ExportResult {
  firstByteMs: number;
  seconds: number;
  rows: number;
  megabytes: number;
}

async function exportUsers(url: string, token: string): Promise<ExportResult> {
  const started = performance.now();
  const response = await call(url, {
    cmdType: "export",
    rowsPerPage: "25",
    Authorization: `Bearer ${token}`,
  });
  const reader = response.body!.getReader();
  let firstByteMs = 0;
  let bytes = 0;
  let newlines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByteMs) firstByteMs = performance.now() - started;
    bytes += value.length;
    for (const byte of value) if (byte === 10) newlines += 1;
  }
  return {
    firstByteMs,
    seconds: (performance.now() - started) / 1000,
    rows: newlines - 1,
    megabytes: bytes / 1024 / 1024,
  };
}

interface DriverResult {
  driver: string;
  upload: UploadResult;
  uploadMemory: Memory;
  exported?: ExportResult;
  exportMemory?: Memory;
}

async function signIn(url: string): Promise<string> {
  const login = await call(url, { cmdType: "login", userName: "admin", password: PASSWORD });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function run(driver: "pglite" | "postgres"): Promise<DriverResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `lms-stream-bench-${driver}-`));
  const cluster = driver === "postgres" ? await startBenchCluster() : null;
  try {
    let databaseUrl: string | null = null;
    if (cluster) {
      const admin = new pg.Client({ connectionString: cluster.url("postgres") });
      await admin.connect();
      await admin.query("create database lms_stream");
      await admin.end();
      databaseUrl = cluster.socketUrl("lms_stream");
      // The export's million users in 5,000 schools.
      console.log(`[${driver}] populating ${EXPORT_USERS} users…`);
      await populate(databaseUrl, dataDir, EXPORT_USERS, 5000);
    }
    const { url, child } = await startServer({
      LMS_DATA_DIR: dataDir,
      LMS_PORTAL_DIR: path.join(dataDir, "none"),
      LMS_SEED_DEMO: cluster ? "0" : "1",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    try {
      const token = await signIn(url);
      await indexReady(url, token);
      let exported: [ExportResult, Memory] | undefined;
      if (cluster) {
        console.log(`[${driver}] exporting every user…`);
        exported = await measured(child.pid!, () => exportUsers(url, token));
      }
      console.log(`[${driver}] uploading ${UPLOAD_ROWS} rows…`);
      // Rows name no school: they go to the demo's first school (a school's Users tab).
      const [result, uploadMemory] = await measured(child.pid!, () => upload(url, token, 1));
      return {
        driver,
        upload: result,
        uploadMemory,
        exported: exported?.[0],
        exportMemory: exported?.[1],
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

function memoryText(memory: Memory): string {
  return `${memory.before} / ${memory.peak} MB${memory.reset ? "" : " (peak since start)"}`;
}

async function main() {
  const results: DriverResult[] = [];
  if (DRIVERS.includes("pglite")) results.push(await run("pglite"));
  const problem = clusterUnavailable();
  if (DRIVERS.includes("postgres") && !problem) results.push(await run("postgres"));
  else if (problem) console.warn(`PostgreSQL skipped: ${problem}`);
  const check = (ok: boolean) => (ok ? "✅" : "❌");
  const lines = [
    `Measured by \`pnpm bench\` (packages/server/bench/stream-bench.ts) on ${new Date().toISOString().slice(0, 10)}, ` +
      `${os.cpus().length} cores, Node ${process.version}, against the built server (\`node dist/main.js\`).`,
    "",
    `| database | bulk upload ${UPLOAD_ROWS.toLocaleString("en")} rows (one transaction, progress lines) | server memory: before / peak during the upload | users export | server memory: before / peak during the export |`,
    "|---|---|---|---|---|",
    ...results.map((r) => {
      const e = r.exported;
      return (
        `| ${r.driver} | ${r.upload.seconds.toFixed(1)} s, status ${r.upload.status}, ${r.upload.progressLines} progress lines` +
        `${r.driver === "postgres" ? ` ${check(r.upload.status === 200 && r.upload.seconds <= 20)} (target ≤ 20 s)` : ""} ` +
        `| ${memoryText(r.uploadMemory)} ` +
        `| ${e ? `${e.rows.toLocaleString("en")} rows, ${e.megabytes.toFixed(0)} MB: first byte ${e.firstByteMs.toFixed(0)} ms ${check(e.firstByteMs <= 1000)} (target ≤ 1 s), total ${e.seconds.toFixed(1)} s` : "—"} ` +
        `| ${r.exportMemory ? memoryText(r.exportMemory) : "—"} |`
      );
    }),
    "",
    "Notes:",
    "- The upload is read from its temporary file as a stream twice (header, row count and names; " +
      "then checked and written 1,000 rows at a time inside one transaction), so memory holds a batch " +
      "and each row's short result. The export reads 2,000 users at a time by keyset in the list's order " +
      "and sends each batch as it comes.",
    "- Memory is the server's resident size before the work and its high-water mark (VmHWM) while the work runs " +
      "(the mark reset just before it; “since start” where the kernel refused the reset), measured once the user " +
      "search index has been built.",
  ];
  writeSection(OUT, "stream-bench", "Streaming upload and export (issue 14)", lines.join("\n"));
  console.log(lines.join("\n"));
}

await main();
