/** Column helpers shared by the tables (not part of the schema itself). */
import { sql, type SQL } from "drizzle-orm";
import { bigint, customType, index, integer, text, timestamp } from "drizzle-orm/pg-core";

export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** The writing transaction of a row of work left for its commit (migration 0022's pending tables). */
export const pendingTxid = () =>
  bigint("txid", { mode: "number" })
    .notNull()
    .default(sql`txid_current()`);

/** Audit columns on every row (issue 4): returned as SPEC.md §3's timestamp object. */
export function audit() {
  return {
    createdAt: at("created_at").notNull().defaultNow(),
    createdBy: text("created_by"),
    updatedAt: at("updated_at"),
    updatedBy: text("updated_by"),
  };
}

/**
 * An editable record's version (issue 45): 1 when created, one more at every update (migration
 * 0028's trigger). An update that names the version its caller read is refused once it moved.
 */
export const recordVersion = () => integer("version").notNull().default(1);

/** A lower-cased search text kept by the database, indexed with trigrams. */
export function searchText(expression: SQL) {
  return text("search_text").notNull().generatedAlwaysAs(expression);
}

export const trigram = (name: string, column: SQL) =>
  index(name).using("gin", sql`${column} gin_trgm_ops`);

/** bytea as a Buffer on both drivers (PGlite answers a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});
