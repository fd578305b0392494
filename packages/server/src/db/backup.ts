import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_CONF, PGLITE_EXTENSIONS } from "./client";

/** What a backup folder holds: the database as PGlite dumps it, and the uploaded files. */
const DUMP = "db.tar.gz";
const FILES = "files";

export class BackupError extends Error {}

/**
 * Backs the embedded database (LMS_DATA_DIR/db) and the uploaded files (LMS_DATA_DIR/files) up
 * into a new folder. The server must be stopped: PGlite is opened by one process at a time, and a
 * running one holds postmaster.pid in its folder. PostgreSQL's are pg_dump and pg_restore
 * (docs/DEPLOYMENT.md, "Backups").
 */
export async function backupPglite(dataDir: string, target: string): Promise<{ bytes: number }> {
  const db = path.join(dataDir, "db");
  if (!existsSync(path.join(db, "PG_VERSION"))) {
    throw new BackupError(`There is no embedded database in ${db}.`);
  }
  if (existsSync(path.join(db, "postmaster.pid"))) {
    throw new BackupError(
      `The database in ${db} is open: stop the server first (a server that was killed leaves ` +
        "postmaster.pid behind; start and stop it once).",
    );
  }
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new BackupError(`${target} is not empty: back up into a new folder.`);
  }
  mkdirSync(target, { recursive: true });
  const client = await PGlite.create({
    dataDir: db,
    extensions: PGLITE_EXTENSIONS,
    postgresqlconf: PGLITE_CONF,
  });
  let dump: Blob;
  try {
    dump = await client.dumpDataDir("gzip");
  } finally {
    await client.close();
  }
  const bytes = Buffer.from(await dump.arrayBuffer());
  writeFileSync(path.join(target, DUMP), bytes);
  const files = path.join(dataDir, FILES);
  if (existsSync(files)) cpSync(files, path.join(target, FILES), { recursive: true });
  return { bytes: bytes.length };
}

/** Restores a backup folder into a data folder that has no database yet. */
export async function restorePglite(source: string, dataDir: string): Promise<void> {
  const dump = path.join(source, DUMP);
  if (!existsSync(dump)) throw new BackupError(`${source} holds no ${DUMP}: not a backup folder.`);
  const db = path.join(dataDir, "db");
  if (existsSync(path.join(db, "PG_VERSION"))) {
    throw new BackupError(
      `${db} already holds a database: restore into a new LMS_DATA_DIR, then point the server at it.`,
    );
  }
  mkdirSync(db, { recursive: true });
  const bytes = readFileSync(dump);
  // Gzip's magic number: a dump PGlite wrote uncompressed ("none") is taken too.
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const client = await PGlite.create({
    dataDir: db,
    loadDataDir: new Blob([new Uint8Array(bytes)], gzipped ? { type: "application/x-gzip" } : {}),
    extensions: PGLITE_EXTENSIONS,
    postgresqlconf: PGLITE_CONF,
  });
  await client.close();
  const files = path.join(source, FILES);
  if (existsSync(files)) cpSync(files, path.join(dataDir, FILES), { recursive: true });
}
