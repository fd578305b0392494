/** Sessions, one-time links and keys, rate limits and server secrets. */
import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { at, audit } from "./columns";
import { users } from "./people";

/**
 * Main-service sessions (kind "api") and class-service cookie sessions (kind "class", tied to the
 * api session they came from). Tokens are stored only as SHA-256 hashes.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull().default("api"),
    tokenHash: text("token_hash").notNull(),
    wsTokenHash: text("ws_token_hash"),
    sessionKey: text("session_key").notNull(),
    parentId: integer("parent_id"),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idleExpiresAt: at("idle_expires_at").notNull(),
    expiresAt: at("expires_at").notNull(),
    revokedAt: at("revoked_at"),
    address: text("address").notNull().default(""),
    ...audit(),
  },
  (t) => [
    uniqueIndex("sessions_token_key").on(t.tokenHash),
    uniqueIndex("sessions_ws_token_key").on(t.wsTokenHash),
    index("sessions_user_idx").on(t.userId),
    index("sessions_parent_idx").on(t.parentId),
  ],
);

/** Activation (7 days) and reset (1 hour) links: hashed, single use. */
export const passwordTokens = pgTable(
  "password_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    ...audit(),
  },
  (t) => [
    uniqueIndex("password_tokens_hash_key").on(t.tokenHash),
    index("password_tokens_user_idx").on(t.userId),
  ],
);

/** Rate-limit counters, shared by every server process (issue 4 "Security"). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: at("window_start").notNull().defaultNow(),
  ...audit(),
});

/** Class-service login keys: single use, 60 seconds. */
export const classLoginKeys = pgTable(
  "class_login_keys",
  {
    id: serial("id").primaryKey(),
    keyHash: text("key_hash").notNull(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
    ...audit(),
  },
  (t) => [uniqueIndex("class_login_keys_hash_key").on(t.keyHash)],
);

/**
 * Secrets shared by every server process on the database (migration 0007): the key that signs the
 * content origin's capabilities. Written once by the first process that needs it.
 */
export const serverSecrets = pgTable("server_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: at("created_at").notNull().defaultNow(),
});
