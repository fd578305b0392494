import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Executor } from "./client";

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts many rows in one statement with a single parameter: the rows as JSON, unpacked by
 * `jsonb_to_recordset`. A multi-row VALUES list costs the query builder and the database's parser
 * time for every value (a 10,000-row bulk upload spent most of its time there). Every row has the
 * keys of the first; a key left undefined there keeps the column's default.
 */
export async function insertRows<T extends PgTable, R extends Record<string, unknown>>(
  db: Executor,
  table: T,
  rows: (Partial<T["$inferInsert"]> & Record<string, unknown>)[],
  returning?: Record<string, PgColumn>,
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(rows[0]!).filter(
    (key) => Object.hasOwn(columns, key) && rows[0]![key] !== undefined,
  );
  const names = keys.map((key) => quote(columns[key]!.name));
  const types = keys.map((key, i) => `${names[i]} ${columns[key]!.getSQLType()}`);
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(keys.map((key) => [columns[key]!.name, row[key]]))),
  );
  const list = sql.raw(names.join(", "));
  const query: SQL = sql`insert into ${sql.raw(quote(getTableName(table)))} (${list})
    select ${list} from jsonb_to_recordset(${json}::jsonb) as x(${sql.raw(types.join(", "))})`;
  if (!returning) {
    await db.execute(query);
    return [];
  }
  const out = Object.entries(returning).map(
    ([alias, column]) => `${quote(column.name)} as ${quote(alias)}`,
  );
  query.append(sql.raw(` returning ${out.join(", ")}`));
  return rowsOf<R>(db.execute(query));
}
