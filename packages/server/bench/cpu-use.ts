/**
 * The CPU time each side of a load spends, read from Linux's /proc: the server's main thread
 * (where every request's JavaScript runs, one at a time), PostgreSQL's processes and the clients
 * (this process). With the clients each waiting for its answer, a list's median cannot fall below
 * the clients' number times the thread's time a request (Little's law: the thread answers at most
 * one request per that time), whatever the database does.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Milliseconds of CPU a request on each side. */
export interface CpuPerRequest {
  thread: number;
  database: number;
  clients: number;
}

/** Milliseconds of CPU spent so far: the server's thread, each PostgreSQL process's, the clients'. */
export interface CpuSample {
  thread: number;
  database: Map<number, number>;
  clients: number;
}

const TICK_MS = 1000 / (Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100);

/**
 * A task's command name and its time on the CPU in ms: from schedstat, in nanoseconds, where the
 * kernel keeps it (a mix of a hundred requests spends a few ticks of stat's 10 ms), else from
 * stat's user and system ticks. `dir` is /proc/<pid> or /proc/<pid>/task/<tid>: one task.
 */
function cpuOf(dir: string): { name: string; ms: number } {
  const stat = readFileSync(`${dir}/stat`, "utf8");
  const close = stat.lastIndexOf(")");
  const name = stat.slice(stat.indexOf("(") + 1, close);
  try {
    const ns = Number(readFileSync(`${dir}/schedstat`, "utf8").split(" ")[0]);
    if (Number.isFinite(ns)) return { name, ms: ns / 1e6 };
  } catch {
    // No schedstat in this kernel.
  }
  const fields = stat.slice(close + 2).split(" ");
  return { name, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
}

function databaseMs(): Map<number, number> {
  const byProcess = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = cpuOf(`/proc/${entry}`);
      if (stat.name.startsWith("postgres")) byProcess.set(Number(entry), stat.ms);
    } catch {
      // The process ended meanwhile.
    }
  }
  return byProcess;
}

/**
 * The database's CPU between two samples: each process's since the first (all of it for one
 * started since). A process that ended between them (an autovacuum worker) is left out: its time
 * is gone from /proc, and summing the totals would count it negative.
 */
function databaseSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, spent] of after) ms += spent - (before.get(pid) ?? 0);
  return ms;
}

/** The CPU spent so far, or null where /proc or the server's process is not there. */
export function sampleCpu(serverPid: number | undefined): CpuSample | null {
  if (serverPid === undefined) return null;
  try {
    const thread = cpuOf(`/proc/${serverPid}/task/${serverPid}`).ms;
    const usage = process.cpuUsage();
    return { thread, database: databaseMs(), clients: (usage.user + usage.system) / 1000 };
  } catch {
    return null;
  }
}

export function cpuPerRequest(
  before: CpuSample | null,
  after: CpuSample | null,
  requests: number,
): CpuPerRequest | undefined {
  if (!before || !after || requests === 0) return undefined;
  return {
    thread: (after.thread - before.thread) / requests,
    database: databaseSince(before.database, after.database) / requests,
    clients: (after.clients - before.clients) / requests,
  };
}
