/** Mail outbox, change counters, recycle bin, audit log and the database file store. */
import { sql, type SQL } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { at, audit, bytea } from "./columns";

/** E-mail: every message is kept; without SMTP_URL its link is printed in the log. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    link: text("link").notNull().default(""),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    sentAt: at("sent_at"),
    ...audit(),
  },
  (t) => [index("outbox_status_idx").on(t.status, t.id)],
);

/**
 * A version per table, moved on by a trigger at every committed change to the table (migration
 * 0002), so that every server process can tell whether what it keeps of a list is still current.
 */
export const changeCounters = pgTable("change_counters", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
  ...audit(),
});

/**
 * Which users each version of the users' counter changed (migration 0019): a server's in-memory
 * user search index catches up from it. Rows older than a day are removed.
 */
export const userChanges = pgTable(
  "user_changes",
  {
    version: bigint("version", { mode: "number" }).notNull(),
    userId: integer("user_id").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("user_changes_version_idx").on(t.version), index("user_changes_at_idx").on(t.at)],
);

/**
 * The recycle bin (issue 13, migration 0008): a deleted record with every row that depended on
 * it, kept as JSON in `recycle_bin_rows` until it is restored or purged. Its files stay in the
 * storage until the purge.
 */
export const recycleBin = pgTable(
  "recycle_bin",
  {
    id: serial("id").primaryKey(),
    /** school, user, role, course, element, material */
    resource: text("resource").notNull(),
    recordId: integer("record_id").notNull(),
    label: text("label").notNull(),
    code: text("code"),
    /** Scope: the record's school (null: global) and, for learning content, its course. */
    schoolId: integer("school_id"),
    courseId: integer("course_id"),
    /** A user's role (authority checks on restore). */
    roleId: integer("role_id"),
    counts: jsonb("counts").notNull().default({}),
    fileKeys: jsonb("file_keys").$type<string[]>().notNull().default([]),
    deletedBy: text("deleted_by"),
    deletedAt: at("deleted_at").notNull().defaultNow(),
    purgeAt: at("purge_at").notNull(),
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower("label" || ' ' || coalesce("code", ''))`),
    ...audit(),
  },
  (t) => [
    index("recycle_bin_resource_idx").on(t.resource, t.schoolId, t.deletedAt),
    index("recycle_bin_purge_idx").on(t.purgeAt),
  ],
);

export const recycleBinRows = pgTable(
  "recycle_bin_rows",
  {
    id: serial("id").primaryKey(),
    entryId: integer("entry_id")
      .notNull()
      .references(() => recycleBin.id, { onDelete: "cascade" }),
    tableName: text("table_name").notNull(),
    chunk: integer("chunk").notNull(),
    rows: jsonb("rows").notNull(),
  },
  (t) => [index("recycle_bin_rows_entry_idx").on(t.entryId, t.tableName)],
);

/** Large course deletions running as a job (commands on the course answer 409 meanwhile). */
export const courseDeletions = pgTable("course_deletions", {
  courseId: integer("course_id").primaryKey(),
  deletedBy: text("deleted_by"),
  createdAt: at("created_at").notNull().defaultNow(),
});

/**
 * The audit trail (issue 13, migration 0009): one row per change, sign-in and failed sign-in.
 * No foreign keys: a record outlives the user and the record it names. `changes` holds the fields
 * changed ({ field: [old, new] }), a create's values or a bulk action's selection; never a secret.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: at("at").notNull().defaultNow(),
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    actorRoleId: integer("actor_role_id"),
    schoolId: integer("school_id"),
    address: text("address").notNull().default(""),
    module: text("module").notNull(),
    action: text("action").notNull(),
    recordId: text("record_id").notNull().default(""),
    recordLabel: text("record_label").notNull().default(""),
    changes: jsonb("changes"),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_school_at_idx").on(t.schoolId, t.at),
    index("audit_log_actor_at_idx").on(t.actorId, t.at),
    index("audit_log_module_action_idx").on(t.module, t.action, t.at),
  ],
);

/**
 * Uploaded files in the database (issue 14, migration 0011, LMS_FILE_STORE=database): a key names
 * a blob written in `file_chunks` before the key points at it, so no reader sees half a file.
 */
export const fileObjects = pgTable("file_objects", {
  key: text("key").primaryKey(),
  blob: uuid("blob").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  chunkSize: integer("chunk_size").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});

export const fileChunks = pgTable(
  "file_chunks",
  {
    blob: uuid("blob").notNull(),
    n: integer("n").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.blob, t.n], name: "file_chunks_pkey" })],
);
