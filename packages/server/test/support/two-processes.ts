import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./pg-cluster";

export const MAIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../dist/main.js",
);

export interface Server {
  url: string;
  /** Its content origin (issue 12): the second listener. */
  contentUrl: string;
  process: ChildProcess;
}

/**
 * Starts a server process on a database, its files in `dataDir`, `env` added to its environment;
 * resolves once it answers.
 */
export function serverStarter(dataDir: string, env: NodeJS.ProcessEnv = {}) {
  return async function start(databaseUrl: string): Promise<Server> {
    const port = await freePort();
    const contentPort = await freePort();
    const child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        LMS_CONTENT_PORT: String(contentPort),
        HOST: "127.0.0.1",
        LMS_DATA_DIR: dataDir,
        LMS_SEED_DEMO: "0",
        LMS_PORTAL_DIR: path.join(dataDir, "no-portal"),
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i++) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      try {
        const response = await fetch(`${url}/api/user/`, {
          method: "POST",
          body: form({ cmdType: "getisloggedinstatus" }),
        });
        if (response.status === 401) {
          return { url, contentUrl: `http://127.0.0.1:${contentPort}`, process: child };
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${output}`);
  };
}

export function form(fields: Record<string, unknown>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    body.append(name, typeof value === "object" ? JSON.stringify(value) : String(value));
  }
  return body;
}

export async function call<T = unknown>(
  server: Server,
  resource: string,
  fields: Record<string, unknown>,
  token?: string,
) {
  const response = await fetch(`${server.url}/api/${resource}/`, {
    method: "POST",
    body: form({ ...fields, ...(token ? { Authorization: `Bearer ${token}` } : {}) }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: T; message?: string },
  };
}

/**
 * The status of a token's check on a server, polled for up to a second: another process hears of a
 * change through PostgreSQL's notification at commit, a moment after the change's own answer.
 */
export async function statusSoon(server: Server, token: string, expected: number): Promise<number> {
  let status = 0;
  for (let i = 0; i < 50; i++) {
    status = (await call(server, "user", { cmdType: "getisloggedinstatus" }, token)).status;
    if (status === expected) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return status;
}

/** Stops every server still running (SIGTERM: each drains and exits). */
export async function stopServers(servers: Server[]): Promise<void> {
  for (const server of servers) {
    // Gone already: exited, or killed by a signal (exitCode stays null then).
    if (server.process.exitCode !== null || server.process.signalCode !== null) continue;
    server.process.kill("SIGTERM");
    await new Promise((resolve) => server.process.once("exit", resolve));
  }
}
