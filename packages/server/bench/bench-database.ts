import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "../src/db/client";
import type { ListInput } from "../src/lib/list";
import { clusterUnavailable, type PgCluster } from "../test/support/pg-cluster";
import {
  createBenchDatabase,
  populate,
  schoolsFor,
  startBenchCluster,
  usersFor,
  type Populated,
} from "./data";
import { DRIVERS } from "./settings";

type Driver = "pglite" | "postgres";

/**
 * For each database of LMS_BENCH_DRIVERS in turn (PostgreSQL when a cluster can start): the bench's
 * data populated in a new database, `work` run on it, then the database and its files removed.
 * What the single-list benches (classes, progress) share.
 */
export async function onEachBenchDatabase(
  name: string,
  work: (driver: Driver, db: Db, populated: Populated) => Promise<void>,
): Promise<void> {
  for (const driver of ["pglite", "postgres"] as const) {
    if (!DRIVERS.includes(driver)) continue;
    const problem = driver === "postgres" ? clusterUnavailable() : null;
    if (problem) {
      console.warn(`PostgreSQL skipped: ${problem}`);
      continue;
    }
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `lms-${name}-${driver}-`));
    let cluster: PgCluster | null = null;
    try {
      let databaseUrl: string | null = null;
      if (driver === "postgres") {
        cluster = await startBenchCluster();
        databaseUrl = await createBenchDatabase(cluster);
      }
      const users = usersFor(driver);
      const schools = schoolsFor(users);
      console.log(`[${driver}] populating ${users} users in ${schools} schools…`);
      const populated = await populate(databaseUrl, dataDir, users, schools);
      console.log(`[${driver}] populated in ${populated.seconds.toFixed(0)} s`);
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        await work(driver, database.db, populated);
      } finally {
        await database.close();
      }
    } finally {
      await cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

/** How long `run` takes, in milliseconds. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** A list request of 25 rows, first page, ascending, unsearched, with `fields` over it. */
export function listInput(fields: Partial<ListInput>): ListInput {
  return { page: 1, rowsPerPage: 25, sortOrder: "asc", search: "", ...fields };
}
