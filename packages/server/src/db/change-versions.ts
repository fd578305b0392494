import { sql, type SQL } from "drizzle-orm";
import { sqlLiteral } from "./client";

/**
 * The versions of `tables` now, as one text: "name:version" in the order JavaScript sorts them
 * (the bytes' order), comma-separated, as VersionedCounts keeps them.
 */
export function versionsText(tables: readonly string[]): SQL<string> {
  return sql<string>`(${sql.raw(VERSIONS_OF)} ${sql.param([...tables])}::text[]))`;
}

/**
 * versionsText with the tables' names written into the statement: for a statement prepared once
 * whose parameters are its own (the names are the code's, never a caller's).
 */
export function versionsTextOf(tables: readonly string[]): SQL<string> {
  return sql<string>`(${sql.raw(`${VERSIONS_OF} ${sqlLiteral([...tables])}::text[]))`)}`;
}

/** The versions' text over change_counters `c`, the tables' names to follow (versionsText). */
export const VERSIONS_OF = `select string_agg(c.name || ':' || c.version::text, ','
                                   order by (c.name || ':' || c.version::text) collate "C")
      from change_counters c where c.name = any(`;

/** `versionsText` as a select's "versions" column. */
export const versionsColumn = (tables: readonly string[]) => versionsText(tables).as("versions");
