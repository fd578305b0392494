import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "../src/config";
import { rowsOf } from "../src/db/client";
import { prepareDatabase } from "../src/server";
import { freshPostgresUrl } from "./helper";

// Only the "postgres" project includes this file (vitest.config.ts): PGlite has one connection.
const onPostgres = inject("lmsTemplate").kind === "postgres";

let url: string;
let drop: (() => Promise<void>) | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "lms-pool-"));

beforeAll(async () => {
  if (!onPostgres) throw new Error("database-pool.test.ts runs in the postgres project only");
  ({ url, drop } = await freshPostgresUrl());
});

afterAll(async () => {
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The backends that answer eight statements sent at once, each holding its connection 50 ms. */
async function backendsAtOnce(env: Record<string, string>): Promise<number> {
  const config = loadConfig({ DATABASE_URL: url, LMS_DATA_DIR: dataDir, ...env });
  const { database } = await prepareDatabase(config);
  try {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        rowsOf<{ pid: number }>(
          database.db.execute(sql`select pg_backend_pid() as pid from pg_sleep(0.05)`),
        ),
      ),
    );
    return new Set(answers.map((rows) => rows[0]!.pid)).size;
  } finally {
    await database.close();
  }
}

describe("the server's connections to PostgreSQL", () => {
  it("holds at most LMS_DB_POOL_SIZE of them, ten by default", async () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(await backendsAtOnce({ LMS_DB_POOL_SIZE: "3" })).toBe(3);
    expect(await backendsAtOnce({})).toBe(8);
    expect(() => loadConfig({ LMS_DB_POOL_SIZE: "0" })).toThrow(/LMS_DB_POOL_SIZE/);
  });
});
