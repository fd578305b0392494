import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers behind one type: repositories do not know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction: what repository methods accept. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** The embedded database itself (tests dump it as a template). */
  pglite?: PGlite;
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens PGlite in dataDir/db (or in memory, or from a dump) or PostgreSQL at DATABASE_URL. */
export async function openDatabase(options: {
  databaseUrl?: string | null;
  dataDir?: string | null;
  /** A PGlite data-directory dump (tests start every file from a migrated template). */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
    });
    // An idle client's error (the server restarted) must not crash the process.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    return { db, driver: "postgres", close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, "db");
    await mkdir(dataDir, { recursive: true });
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    pglite: client,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Rows of a raw SQL statement on either driver (both answer { rows }). */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}
