import { execFile, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export const PG_BIN = process.env.LMS_PG_BIN ?? "/usr/lib/postgresql/15/bin";

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  /** The same database through the cluster's Unix socket (in `dir`). */
  socketUrl(database: string): string;
  port: number;
  dir: string;
  /** Stops the server (its folder stays) and starts it again: the fault tests' outage. */
  halt(): Promise<void>;
  resume(): Promise<void>;
  /** SIGSTOP / SIGCONT to every process of the server: a database frozen, not down. */
  freeze(): void;
  thaw(): void;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Why a throwaway cluster cannot start here, or null when it can. */
export function clusterUnavailable(): string | null {
  if (!existsSync(path.join(PG_BIN, "initdb")) || !existsSync(path.join(PG_BIN, "pg_ctl"))) {
    return `PostgreSQL binaries not found in ${PG_BIN} (Debian: apt-get install postgresql-15, or set LMS_PG_BIN)`;
  }
  if (process.getuid?.() === 0) {
    const probe = spawnSync("id", ["-u", "postgres"]);
    if (probe.status !== 0)
      return "running as root, but there is no postgres user to run initdb as";
  }
  return null;
}

/**
 * A throwaway PostgreSQL cluster (initdb into a temporary folder, pg_ctl start on a free port,
 * sockets in the same folder), tuned for tests: no fsync. As root it runs as the postgres user.
 * `sharedBuffers`: its buffer cache (the benches give theirs a million users' table).
 */
export async function startCluster({ sharedBuffers = "256MB" } = {}): Promise<PgCluster> {
  const problem = clusterUnavailable();
  if (problem) throw new Error(problem);
  const dir = mkdtempSync(path.join(os.tmpdir(), "lms-pg-"));
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const exec = async (binary: string, args: string[]) => {
    const command = path.join(PG_BIN, binary);
    return asRoot ? run("runuser", ["-u", "postgres", "--", command, ...args]) : run(command, args);
  };
  if (asRoot) {
    const uid = Number(spawnSync("id", ["-u", "postgres"]).stdout.toString().trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"]).stdout.toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  await exec("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
    "-c max_connections=300",
    `-c shared_buffers=${sharedBuffers}`,
  ].join(" ");
  const start = () =>
    exec("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  await start();
  /** The postmaster's pid (the first line of postmaster.pid) and its children's. */
  const processes = () => {
    const postmaster = readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]!;
    const children = spawnSync("ps", ["-o", "pid=", "--ppid", postmaster]).stdout.toString();
    return [postmaster, ...children.split(/\s+/).filter(Boolean)].map(Number);
  };
  const signal = (name: NodeJS.Signals) => {
    for (const pid of processes()) process.kill(pid, name);
  };
  return {
    halt: async () => {
      await exec("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    resume: async () => {
      await start();
    },
    freeze: () => signal("SIGSTOP"),
    thaw: () => signal("SIGCONT"),
    port,
    dir,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    socketUrl: (database) =>
      `postgres://postgres@/${database}?host=${encodeURIComponent(dir)}&port=${port}`,
    stop: async () => {
      try {
        await exec("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
