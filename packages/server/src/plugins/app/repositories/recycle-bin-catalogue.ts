import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "../../../db/client";

/**
 * The tables the recycle bin copies: what it reads of the database's own catalogue (the foreign
 * keys a deletion follows from its record, each table's columns) and what it makes of some tables.
 */

export const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);
export const literal = (value: string) => sql.raw(`'${value.replace(/'/g, "''")}'`);

/**
 * Rows that are not kept: sessions and the links and keys made for them end with the record
 * (a restored user signs in again).
 */
export const NOT_KEPT = new Set(["sessions", "password_tokens", "class_login_keys"]);

/** The columns of kept rows that name a stored file (kept until the purge). */
export const FILE_COLUMNS: Record<string, string> = {
  schools: "logo",
  users: "photo",
  courses: "image",
  material_files: "storage_key",
};

/**
 * A restored element or material whose position is taken goes to the end: the column of the
 * group its positions are unique in (migration 0001).
 */
export const POSITION_GROUPS: Record<string, string> = {
  course_elements: "course_id",
  materials: "element_id",
};

export interface ForeignKey {
  child: string;
  column: string;
  parent: string;
  parentColumn: string;
  cascade: boolean;
}

export interface Catalogue {
  keys: ForeignKey[];
  /** Each table's columns, without generated ones (search_text). */
  columns: Map<string, string[]>;
  generated: Map<string, string[]>;
}

/** Tables in an order where every table comes after those it references (Kahn). */
export function parentsFirst(tables: Iterable<string>, keys: ForeignKey[]): string[] {
  const set = new Set(tables);
  const order: string[] = [];
  const placed = new Set<string>();
  while (placed.size < set.size) {
    const before = placed.size;
    for (const table of set) {
      if (placed.has(table)) continue;
      const waiting = keys.some(
        (k) =>
          k.child === table && k.parent !== table && set.has(k.parent) && !placed.has(k.parent),
      );
      if (!waiting) {
        placed.add(table);
        order.push(table);
      }
    }
    if (placed.size === before) throw new Error("foreign keys form a cycle");
  }
  return order;
}

export async function readCatalogue(db: Executor): Promise<Catalogue> {
  const keys = await rowsOf<{
    child: string;
    column: string;
    parent: string;
    parent_column: string;
    action: string;
  }>(
    db.execute(sql`
      select ch.relname as child, a.attname as column, pa.relname as parent,
             pb.attname as parent_column, c.confdeltype::text as action
        from pg_constraint c
        join pg_class ch on ch.oid = c.conrelid
        join pg_namespace n on n.oid = ch.relnamespace and n.nspname = 'public'
        join pg_class pa on pa.oid = c.confrelid
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute pb on pb.attrelid = c.confrelid and pb.attnum = c.confkey[1]
       where c.contype = 'f' and array_length(c.conkey, 1) = 1
       order by ch.relname, a.attname`),
  );
  const columnRows = await rowsOf<{ table: string; column: string; generated: boolean }>(
    db.execute(sql`
      select cl.relname as table, a.attname as column, a.attgenerated <> '' as generated
        from pg_attribute a
        join pg_class cl on cl.oid = a.attrelid and cl.relkind = 'r'
        join pg_namespace n on n.oid = cl.relnamespace and n.nspname = 'public'
       where a.attnum > 0 and not a.attisdropped
       order by cl.relname, a.attnum`),
  );
  const columns = new Map<string, string[]>();
  const generated = new Map<string, string[]>();
  for (const row of columnRows) {
    const target = row.generated ? generated : columns;
    target.set(row.table, [...(target.get(row.table) ?? []), row.column]);
  }
  return {
    keys: keys.map((k) => ({
      child: k.child,
      column: k.column,
      parent: k.parent,
      parentColumn: k.parent_column,
      cascade: k.action === "c",
    })),
    columns,
    generated,
  };
}
