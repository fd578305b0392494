import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { PACKAGE_ROOT } from "../config";
import { rowsOf, type Db } from "./client";

export const MIGRATIONS_FOLDER = path.join(PACKAGE_ROOT, "drizzle");

/** Any number: the advisory lock that keeps two starting processes from migrating at once. */
const MIGRATION_LOCK = 4_104_2026;

/**
 * Applies the migrations of drizzle/ that the database has not seen, in one transaction under an
 * advisory lock, so that several server processes may start together on one PostgreSQL.
 * Returns the number applied.
 */
export async function migrate(db: Db, folder = MIGRATIONS_FOLDER): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder: folder });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.execute(sql`create schema if not exists lms_meta`);
    await tx.execute(sql`create table if not exists lms_meta.migrations (
      hash text primary key,
      created_at bigint not null,
      applied_at timestamptz not null default now()
    )`);
    const done = new Set(
      (await rowsOf<{ hash: string }>(tx.execute(sql`select hash from lms_meta.migrations`))).map(
        (r) => r.hash,
      ),
    );
    let applied = 0;
    for (const migration of migrations) {
      if (done.has(migration.hash)) continue;
      for (const statement of migration.sql) {
        if (statement.trim() !== "") await tx.execute(sql.raw(statement));
      }
      await tx.execute(
        sql`insert into lms_meta.migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
      applied += 1;
    }
    return applied;
  });
}
