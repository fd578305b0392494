import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Executor } from "./client";

const ROWS_PER_STATEMENT = 1000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Inserts many rows in one statement with a single parameter: the rows as JSON, unpacked by
 * `jsonb_to_recordset`. A multi-row VALUES list costs the query builder and the database's parser
 * time for every value (a 10,000-row bulk upload spent most of its time there). Every row has the
 * keys of the first; a key left undefined there keeps the column's default. Call it inside a
 * transaction when the rows must be written all or none.
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
  const list = sql.raw(names.join(", "));
  const out = returning
    ? ` returning ${Object.entries(returning)
        .map(([alias, column]) => `${quote(column.name)} as ${quote(alias)}`)
        .join(", ")}`
    : "";
  const inserted: R[] = [];
  // In slices: the embedded database's memory grows to its largest statement and stays there.
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const json = JSON.stringify(
      rows
        .slice(start, start + ROWS_PER_STATEMENT)
        .map((row) => Object.fromEntries(keys.map((key) => [columns[key]!.name, row[key]]))),
    );
    const query: SQL = sql`insert into ${sql.raw(quote(getTableName(table)))} (${list})
      select ${list} from jsonb_to_recordset(${json}::jsonb) as x(${sql.raw(types.join(", "))})`;
    query.append(sql.raw(out));
    if (returning) inserted.push(...(await rowsOf<R>(db.execute(query))));
    else await db.execute(query);
  }
  return inserted;
}
