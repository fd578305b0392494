import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import {
  getTableColumns,
  type ExtractTablesWithRelations,
  type Query,
  type SQL,
} from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type {
  PgColumn,
  PgDatabase,
  PgDialect,
  PgQueryResultHKT,
  PgTable,
  PgTransaction,
} from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { createPgliteFolder } from "./pglite-folder";
import { guardConnection, listenPostgres } from "./postgres-connections";
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
  /**
   * Receives the notifications of a channel; `onLive` says whether they are being received (a
   * lost PostgreSQL connection is retried every second). Returns the function that stops.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The embedded database runs inside this process: its page cache (shared_buffers, 128 MB by
 * default) counts in the server's memory, while pages beyond it stay in the system's file cache.
 */
export const PGLITE_CONF = "shared_buffers = 64MB";

/** Opens PGlite in dataDir/db (or in memory, or from a dump) or PostgreSQL at DATABASE_URL. */
export async function openDatabase(options: {
  databaseUrl?: string | null;
  dataDir?: string | null;
  /** A PGlite data-directory dump (tests start every file from a migrated template). */
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PostgreSQL: how long a command waits for a connection, and for a statement's answer, before it
   * fails (a 503): a database that is down or frozen answers in seconds instead of hanging requests.
   * Unset or 0: no limit (migrations and seeding).
   */
  timeouts?: { connectMs: number; statementMs: number };
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      // 0: no limit (pg's own meaning for each of them).
      connectionTimeoutMillis: options.timeouts?.connectMs ?? 0,
      query_timeout: options.timeouts?.statementMs || undefined,
      // The database stops the statement too, not only the wait for it.
      statement_timeout: options.timeouts?.statementMs || undefined,
    });
    // An idle client's error (the server restarted) must not crash the process.
    pool.on("error", () => {});
    pool.on("connect", guardConnection);
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    const databaseUrl = options.databaseUrl;
    let closing: Promise<void> | undefined;
    return {
      db,
      driver: "postgres",
      listen: (channel, onMessage, onLive) =>
        listenPostgres(databaseUrl, channel, onMessage, onLive),
      // Once: a health check's test and the app's own close may both ask.
      close: () => (closing ??= pool.end()),
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.join(options.dataDir, "db");
    await mkdir(dataDir, { recursive: true });
    if (!options.loadDataDir) await createPgliteFolder(dataDir, PGLITE_CONF);
  }
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: PGLITE_EXTENSIONS,
    postgresqlconf: PGLITE_CONF,
  });
  return pgliteDatabase(client);
}

/** An open PGlite as the server's database (tests hand over one they keep between files). */
export async function pgliteDatabase(client: PGlite): Promise<Database> {
  // PGlite's statements PREPAREd below are executed by their generic plan, planned once: a custom
  // plan, planned again on every EXECUTE, cost a class list page 1.3 ms of its 2.5 (the plans are
  // the same for their reads by id, version or page).
  await client.exec("set plan_cache_mode = force_generic_plan");
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    pglite: client,
    listen: async (channel, onMessage, onLive) => {
      const stop = await client.listen(channel, onMessage);
      onLive(true);
      return async () => {
        onLive(false);
        if (!client.closed) await stop();
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * A value written into a statement's text as a SQL literal (PGlite's EXECUTE, below): numbers,
 * booleans, strings quoted with their quotes doubled (standard_conforming_strings is on), arrays
 * of numbers or strings as an array literal, null.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (value instanceof Date) return sqlLiteral(value.toISOString());
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  if (Array.isArray(value)) return sqlLiteral(`{${value.map(arrayElement).join(",")}}`);
  throw new Error(`no SQL literal for ${typeof value}`);
}

function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string") return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  throw new Error(`no array element literal for ${typeof value}`);
}

const pgliteStatements = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/**
 * A statement prepared once per database session, its rows as arrays. PostgreSQL gets a named
 * statement (planned per connection, generically after five runs). PGlite plans every unnamed
 * statement again on each run (a page's rows by id: 1.3 ms a run, 0.4 ms prepared), and its
 * EXECUTE takes no bound parameters: there the statement is PREPAREd by name and EXECUTEd with its
 * values written in as literals. `types` lists the parameters' types where the text does not cast
 * them.
 */
export function preparedStatement(
  db: Db,
  name: string,
  text: string,
  types?: string,
): (values: readonly unknown[]) => Promise<unknown[][]> {
  const run = preparedRun(db, name, text, types);
  return async (values) => (await run(values)).rows;
}

type PreparedRun = (
  values: readonly unknown[],
) => Promise<{ rows: unknown[][]; fields: readonly string[] }>;

/** Date, time and interval types the ORM's `execute` answers as their text. */
const TEXT_DATE_TYPES = [1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231];
const asText = (value: string) => value;
const PGLITE_TEXT_DATES = Object.fromEntries(TEXT_DATE_TYPES.map((type) => [type, asText]));

/**
 * Runs a statement prepared once per session; `textDates` answers dates and times as text on
 * PGlite, as the ORM's `execute` does.
 */
function preparedRun(
  db: Db,
  name: string,
  text: string,
  types?: string,
  textDates = false,
): PreparedRun {
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (client instanceof PGlite) {
    return async (values) => {
      let statements = pgliteStatements.get(client);
      if (!statements) pgliteStatements.set(client, (statements = new Map()));
      let ready = statements.get(name);
      if (!ready) {
        ready = client.exec(`prepare ${name}${types ? ` (${types})` : ""} as ${text}`);
        statements.set(name, ready);
        ready.catch(() => statements.delete(name));
      }
      await ready;
      const args = values.length > 0 ? ` (${values.map(sqlLiteral).join(", ")})` : "";
      // The simple protocol (exec): a quarter of a millisecond less a run than query's extended
      // one, which parses, binds and describes the EXECUTE first.
      const [result] = await client.exec(`execute ${name}${args}`, {
        rowMode: "array",
        ...(textDates ? { parsers: PGLITE_TEXT_DATES } : {}),
      });
      return {
        rows: result!.rows as unknown[][],
        fields: result!.fields.map((field) => field.name),
      };
    };
  }
  return async (values) => {
    const result = await client.query<unknown[]>({
      name,
      text,
      values: [...values],
      rowMode: "array",
    });
    return { rows: result.rows, fields: result.fields.map((field) => field.name) };
  };
}

/** The most texts `preparedQuery` prepares per database; past them it runs them unnamed. */
const MOST_PREPARED_QUERIES = 500;

interface PreparedQueries {
  /** A text's statement, or null when it could not be prepared (it runs unnamed). */
  byText: Map<string, PreparedRun | null>;
  named: number;
}
const preparedQueries = new WeakMap<object, PreparedQueries>();

/**
 * A statement of the query builder run, on PGlite, as a statement prepared once per text (see
 * preparedStatement) and executed by its generic plan, its rows as objects with the values
 * `execute` gives: for a list's statements whose text varies with the sort, the scope and the
 * filters, but not with the search term or the page (parameters). A text that cannot be prepared
 * (a parameter whose type PostgreSQL cannot tell alone), or one past the first
 * MOST_PREPARED_QUERIES, runs unnamed, as every statement does on PostgreSQL: there a custom
 * plan per run keeps a search's plan fitted to its term.
 */
export async function preparedQuery<Row>(db: Db, query: SQL): Promise<Row[]> {
  const built = rendered(db, query);
  if (!((db as unknown as { $client: unknown }).$client instanceof PGlite)) {
    // As db.execute runs it (its session's parsers of the values), without rendering it again.
    return rowsOf<Row>(db._.session.prepareQuery(built, undefined, undefined, false).execute());
  }
  const { sql: text, params } = built;
  let prepared = preparedQueries.get(db);
  if (!prepared) preparedQueries.set(db, (prepared = { byText: new Map(), named: 0 }));
  let run = prepared.byText.get(text);
  if (run === undefined && prepared.byText.size < MOST_PREPARED_QUERIES) {
    run = preparedRun(db, `lms_query_${prepared.named++}`, text, undefined, true);
    prepared.byText.set(text, run);
  }
  if (!run) return rowsOf<Row>(db.execute(query));
  let answer: Awaited<ReturnType<PreparedRun>>;
  try {
    answer = await run(params);
  } catch {
    // Run unnamed from now on: a real error (not the preparing's) is thrown again there.
    prepared.byText.set(text, null);
    return rowsOf<Row>(db.execute(query));
  }
  return recordsOf<Row>(answer.rows, answer.fields);
}

/**
 * Each statement's text and parameters as the dialect renders them, kept while the statement is: a
 * statement a repository keeps (a course read on every course-scoped request) is rendered once,
 * where rendering it took a few per cent of such a request. Statements are not changed once run.
 */
const renderedQueries = new WeakMap<SQL, Query>();

function rendered(db: Db, query: SQL): Query {
  let built = renderedQueries.get(query);
  if (!built) {
    built = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    renderedQueries.set(query, built);
  }
  return built;
}

/** Rows given as arrays made into records, the i-th value under the i-th key. */
function recordsOf<Row>(rows: unknown[][], keys: readonly string[]): Row[] {
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) record[keys[i]!] = row[i];
    return record as Row;
  });
}

/**
 * The rows of a whole-table select of the query builder (`db.select().from(table)...`) run by
 * `preparedQuery`, each mapped to the table's fields as the builder maps them.
 */
export async function preparedTableRows<T extends PgTable>(
  db: Db,
  query: { getSQL(): SQL },
  table: T,
): Promise<T["$inferSelect"][]> {
  const rows = await preparedQuery<Record<string, unknown>>(db, query.getSQL());
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[column.name];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T["$inferSelect"];
  });
}

/**
 * A named statement built with the query builder whose rows are made by position from the driver's
 * arrays, without the ORM's per-field mapping: for the hottest reads only (values keep the driver's
 * own types: Date for timestamps, parsed JSON). The selection's keys are the columns, in order.
 */
export function preparedRows<Row>(
  db: Db,
  name: string,
  query: { toSQL(): { sql: string } },
  keys: readonly string[],
): (values: unknown[]) => Promise<Row[]> {
  const run = preparedStatement(db, name, query.toSQL().sql);
  return async (values) => recordsOf<Row>(await run(values), keys);
}

/** Rows of a raw SQL statement on either driver (both answer { rows }). */
export async function rowsOf<T>(result: Promise<unknown>): Promise<T[]> {
  return ((await result) as { rows: T[] }).rows;
}
