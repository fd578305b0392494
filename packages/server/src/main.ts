#!/usr/bin/env -S node --max-semi-space-size=32 --heap-growing-percent=50
import { loadConfig } from "./config";
import { DEMO_USERS } from "./db/seed";
import { startServer } from "./server";

/** `pnpm start`: migrate, seed, serve; prints the URL and the demo sign-ins; SIGTERM drains. */
async function main() {
  const config = loadConfig();
  const { app, url } = await startServer(config);
  const demo = await app.repos.users.findForLogin("admin");
  console.log(`\nSchool portal: ${url}`);
  console.log(`Main service: ${url}api   Class service: ${url}webservice`);
  console.log(`Content origin (uploaded files and packages): ${config.contentUrl}`);
  console.log(
    `Database: ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`}`,
  );
  if (demo?.createdBy === "seed") {
    console.log(`Demo sign-ins (password ${config.demoPassword}): ${DEMO_USERS.join(", ")}\n`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping`);
    const timer = setTimeout(() => process.exit(1), config.shutdownMs);
    timer.unref();
    // A connection that was busy when closing began becomes idle once its answer is sent;
    // close it then, rather than waiting for its keep-alive to run out.
    const idle = setInterval(() => app.server.closeIdleConnections(), 50);
    idle.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void stop("SIGTERM"));
  process.once("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
