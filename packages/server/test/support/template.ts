import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import type { Argon2Cost } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { migrate } from "../../src/db/migrate";
import { seedRoles } from "../../src/db/default-permissions";
import { seedDemo } from "../../src/db/seed";
import { LocalFileStorage } from "../../src/lib/storage";
import { clusterUnavailable, startCluster, type PgCluster } from "./pg-cluster";

/** argon2id with a test-friendly cost (production uses OWASP's; see config.ts). */
export const TEST_ARGON2: Argon2Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const DEMO_PASSWORD = "Demo@2026!";

export interface TemplateInfo {
  kind: "pglite" | "postgres";
  /** Uploaded files of the demo data, copied into each test file's data folder. */
  filesDir: string;
  /** PGlite: the migrated and seeded data directory, dumped. */
  dumpFile?: string;
  /** PostgreSQL: the cluster's admin URL and the template database to copy. */
  adminUrl?: string;
  templateDb?: string;
}

export const TEMPLATE_DB = "lms_template";

/** Builds the migrated, seeded database every test file starts from. */
export async function createTemplate(
  kind: "pglite" | "postgres",
): Promise<{ info: TemplateInfo; teardown: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "lms-template-"));
  const filesDir = path.join(dir, "files");
  const storage = new LocalFileStorage(filesDir);
  const passwordHash = await hash(DEMO_PASSWORD, TEST_ARGON2);
  if (kind === "pglite") {
    const database = await openDatabase({});
    await migrate(database.db);
    await seedRoles(database.db);
    await seedDemo(database.db, { passwordHash, storage });
    // Each test file unpacks the dump: without template0 and template1 (nothing here creates a
    // database) it is a third smaller and opens in two thirds of the time.
    await database.pglite!.exec(
      "alter database template0 is_template false; alter database template1 is_template false",
    );
    await database.pglite!.exec("drop database template0");
    await database.pglite!.exec("drop database template1");
    const dump = await database.pglite!.dumpDataDir("none");
    const dumpFile = path.join(dir, "template.tar");
    writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    return {
      info: { kind, filesDir, dumpFile },
      teardown: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const cluster: PgCluster = await startCluster();
  try {
    const admin = new pg.Client({ connectionString: cluster.url("postgres") });
    await admin.connect();
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: cluster.url(TEMPLATE_DB), poolSize: 2 });
    await migrate(database.db);
    await seedRoles(database.db);
    await seedDemo(database.db, { passwordHash, storage });
    await database.close();
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return {
    info: { kind, filesDir, adminUrl: cluster.url("postgres"), templateDb: TEMPLATE_DB },
    teardown: async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export { clusterUnavailable };
