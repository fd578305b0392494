import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_CONF, PGLITE_EXTENSIONS, pgliteDatabase, type Database } from "../../src/db/client";

/**
 * The PGlite test files' databases, kept by each worker between its files. Unpacking the template's
 * dump cost 0.5 to 1.2 s a file (69 files); putting a kept database back to the template's rows
 * costs a tenth of that. A database goes back only when its file's app closed it: one a test closed
 * itself, or whose tables, columns, indexes, triggers or functions a test changed, is closed for
 * good. After it goes back, the file's handle refuses every call, so nothing the file left running
 * can reach the next file's data.
 */
interface Kept {
  client: PGlite;
  /** Puts every table's rows and every sequence back as the template had them. */
  reset: string;
  schema: string;
}

const idle: Kept[] = [];

export interface PooledDatabase {
  database: Database;
  /** Gives the database back for the worker's next file (or closes it when it cannot be reused). */
  release(): Promise<void>;
}

export async function takePglite(dumpFile: string): Promise<PooledDatabase> {
  const kept = idle.pop() ?? (await openKept(dumpFile));
  const handle = Proxy.revocable(kept.client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  let closedByTest = false;
  const database = await pgliteDatabase(handle.proxy);
  const close = database.close;
  return {
    database: {
      ...database,
      close: async () => {
        closedByTest = true;
        await close();
      },
    },
    release: async () => {
      handle.revoke();
      if (closedByTest || kept.client.closed) return;
      try {
        if ((await schemaOf(kept.client)) !== kept.schema) throw new Error("schema changed");
        // Each alone: DISCARD ALL cannot run inside the transaction a list of statements makes.
        await kept.client.exec("rollback");
        await kept.client.exec("discard all");
        await kept.client.exec(kept.reset);
        idle.push(kept);
      } catch {
        await kept.client.close();
      }
    },
  };
}

async function openKept(dumpFile: string): Promise<Kept> {
  const client = await PGlite.create({
    loadDataDir: new Blob([new Uint8Array(readFileSync(dumpFile))]),
    extensions: PGLITE_EXTENSIONS,
    postgresqlconf: PGLITE_CONF,
  });
  const tables = await client.query<{ name: string; columns: string }>(`
    select format('%I', c.relname) as name,
           string_agg(format('%I', a.attname), ', ' order by a.attnum) as columns
    from pg_class c
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      and a.attgenerated = ''
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relispartition
    group by c.relname`);
  // Each sequence's own row: pg_sequences has no value for one restarted and not used since.
  const sequenceNames = await client.query<{ name: string }>(
    "select format('%I', sequencename) as name from pg_sequences where schemaname = 'public'",
  );
  const sequences = await Promise.all(
    sequenceNames.rows.map(async ({ name }) => {
      const { rows } = await client.query<{ value: string; called: boolean }>(
        `select last_value::text as value, is_called as called from public.${name}`,
      );
      return { name, ...rows[0]! };
    }),
  );
  const names = tables.rows.map((t) => t.name);
  await client.exec(
    "create schema lms_reset;" +
      names.map((name) => `create table lms_reset.${name} as table public.${name};`).join(""),
  );
  const reset = [
    "set session_replication_role = replica;",
    `truncate ${names.map((name) => `public.${name}`).join(", ")};`,
    ...tables.rows.map(
      (t) =>
        `insert into public.${t.name} (${t.columns}) overriding system value ` +
        `select ${t.columns} from lms_reset.${t.name};`,
    ),
    ...sequences.map((s) => `select setval('public.${s.name}', ${s.value}, ${s.called});`),
    "reset session_replication_role;",
  ].join("\n");
  return { client, reset, schema: await schemaOf(client) };
}

/** What a test may have changed in the tables' definitions, or in the triggers and functions. */
async function schemaOf(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ schema: string }>(`
    select md5(concat_ws('|',
      (select string_agg(c.relname || c.relkind::text, ',' order by c.relname) from pg_class c
        where c.relnamespace = 'public'::regnamespace),
      (select string_agg(a.attrelid::regclass::text || a.attname || a.atttypid::text, ','
          order by a.attrelid, a.attnum)
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped),
      (select string_agg(t.tgname || t.tgenabled::text, ',' order by t.tgname) from pg_trigger t
        join pg_class c on c.oid = t.tgrelid where c.relnamespace = 'public'::regnamespace),
      (select string_agg(md5(p.prosrc), ',' order by p.proname) from pg_proc p
        where p.pronamespace = 'public'::regnamespace))) as schema`);
  return rows[0]!.schema;
}
