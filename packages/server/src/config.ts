import path from "node:path";
import { fileURLToPath } from "node:url";
import type { S3Settings } from "./lib/storage-s3";

/** Cost of argon2id; production uses OWASP's recommended cost, tests a cheap one. */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** PGlite database (dataDir/db) and uploaded files (dataDir/files). */
  dataDir: string;
  /** PostgreSQL instead of PGlite. */
  databaseUrl: string | null;
  /** How many connections to PostgreSQL this server holds at most (LMS_DB_POOL_SIZE). */
  databasePoolSize: number;
  /**
   * PostgreSQL: how long a command waits for a connection (LMS_DB_CONNECT_TIMEOUT_SECONDS) and for
   * a statement (LMS_DB_STATEMENT_TIMEOUT_SECONDS) before it answers 503; 0 waits for ever.
   */
  databaseTimeouts: { connectMs: number; statementMs: number };
  /** On SIGTERM, how long the requests in flight may take before the process exits anyway. */
  shutdownMs: number;
  /** Seed demo data: true, false, or null for "only on an empty embedded database". */
  seedDemo: boolean | null;
  demoPassword: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Base of links in e-mails and of the class service's login URLs. */
  publicUrl: string;
  /**
   * The content origin (issue 12): uploaded files and SCORM packages are served from here only, a
   * second listener of this server (`contentPort`) unless CONTENT_URL points elsewhere (a proxy).
   * Empty until known when the content port is 0 (any free port: the URL is set on listening).
   */
  contentUrl: string;
  /** The port of the content listener (LMS_CONTENT_PORT, default PORT + 1; 0: any free port). */
  contentPort: number;
  /** How long a content capability (the signed part of a content URL) is valid, in minutes. */
  contentLinkMinutes: number;
  /** An external class service for the portal (Moodle with auth_userkey); null: the built-in one. */
  classServiceUrl: string | null;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** The built portal (index.html and assets). */
  portalDir: string;
  logLevel: string;
  argon2: Argon2Cost;
  rateLimits: {
    /** Past its limit, an account's sign-ins wait 1 s, 2 s, 4 s … up to loginBackoffMaxSeconds. */
    loginPerAccount: RateLimitRule;
    loginBackoffMaxSeconds: number;
    loginPerAddress: RateLimitRule;
    forgotPerAccount: RateLimitRule;
    forgotPerAddress: RateLimitRule;
    /** Wrong password-link tokens (verifytoken, resetpassword, setpassword) per address. */
    linkPerAddress: RateLimitRule;
    /** Uses of one link token (right or wrong). */
    linkPerToken: RateLimitRule;
    /** Wrong class-service tokens and login keys per address. */
    classPerAddress: RateLimitRule;
  };
  /** Upload limits in bytes (request size limits are set per route from these). */
  uploads: {
    imageBytes: number;
    csvBytes: number;
    materialBytes: number;
    /** SCORM packages: what a zip may expand to (total bytes, ratio, entries). */
    zip: { maxTotalBytes: number; maxRatio: number; maxEntries: number };
  };
  /** Longest a request may take, start to answer, in milliseconds (0: none). */
  requestTimeoutMs: number;
  trustProxy: boolean;
  /** The recycle bin (issue 13). */
  trash: {
    /** Days a deleted record stays restorable before the purge (LMS_TRASH_DAYS). */
    days: number;
    /** A course deletion taking more dependant rows runs as a job (LMS_DELETE_JOB_ROWS). */
    deleteJobRows: number;
  };
  /** First administrator of an empty database without demo data: an activation link is sent. */
  adminEmail: string | null;
  adminUserName: string;
  /** Days an audit record is kept (LMS_AUDIT_DAYS); older ones are purged by a periodic job. */
  auditDays: number;
  /** Browser apps on these origins may call the main service with a bearer token (LMS_CORS_ORIGINS). */
  corsOrigins: string[];
  /** Where uploaded files go (LMS_FILE_STORE): see lib/file-stores.ts. */
  fileStore: FileStoreConfig;
  /** A searched user list with more matches answers with an estimated total (LMS_LIST_EXACT_COUNT). */
  listExactCount: number;
  /**
   * User searches are answered from an index of the users kept in this server's memory, built at
   * start and kept up to date from the users' changes (LMS_USER_SEARCH_INDEX, on).
   */
  userSearchIndex: boolean;
  /**
   * What the server keeps in memory to answer reads (src/read-models/README.md): lists held in
   * memory, totals and searches kept per version, users' records, the users' search index, recent
   * sessions. Off, every read goes to the database (LMS_READ_MODELS, on).
   */
  readModels: boolean;
  /**
   * Every answer is checked against its command's declaration in @lms/core's contract (its error
   * codes and answer schema); an undeclared one becomes a 500 (LMS_CONTRACT_CHECKS, the tests).
   */
  contractChecks: boolean;
}

export type FileStoreKind = "disk" | "database" | "s3";

export interface FileStoreConfig {
  kind: FileStoreKind;
  /** Set when kind is "s3". */
  s3: S3Settings | null;
}

export const PRODUCTION_ARGON2: Argon2Cost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where the server looks for the built portal unless LMS_PORTAL_DIR says otherwise. */
export const DEFAULT_PORTAL_DIR = path.resolve(packageRoot, "../portal/dist");

/** The package's own folder (migrations in drizzle/, assets/). Works from src/ and from dist/. */
export const PACKAGE_ROOT = packageRoot;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  }
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean | null {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return null;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new Error(`${name} must be on or off (1/0, true/false, yes/no), got "${env[name]}"`);
}

function blankToNull(value: string | undefined): string | null {
  return value === undefined || value.trim() === "" ? null : value.trim();
}

/** A comma-separated list of origins (scheme, host and port; no path), e.g. "https://app.school.ph". */
function origins(env: NodeJS.ProcessEnv, name: string): string[] {
  const raw = blankToNull(env[name]);
  if (!raw) return [];
  return raw
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      let url: URL | null = null;
      try {
        url = new URL(item);
      } catch {
        url = null;
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/+$/, "")) {
        throw new Error(
          `${name} must list origins such as https://app.example.org (got "${item}")`,
        );
      }
      return url.origin;
    });
}

/** The default content origin: the portal's scheme and host on the content port. */
export function contentOrigin(publicUrl: string, contentPort: number): string {
  const url = new URL(publicUrl);
  return `${url.protocol}//${url.hostname}:${contentPort}`;
}

/**
 * LMS_FILE_STORE: "disk" (dataDir/files, one machine's), "database" or "s3" (shared by every
 * server process). Default: the database on PostgreSQL, the disk with the embedded database.
 */
function fileStoreConfig(env: NodeJS.ProcessEnv, databaseUrl: string | null): FileStoreConfig {
  const raw = blankToNull(env.LMS_FILE_STORE)?.toLowerCase() ?? (databaseUrl ? "database" : "disk");
  if (raw !== "disk" && raw !== "database" && raw !== "s3") {
    throw new Error(`LMS_FILE_STORE must be disk, database or s3 (got "${env.LMS_FILE_STORE}")`);
  }
  if (raw !== "s3") return { kind: raw, s3: null };
  const bucket = blankToNull(env.LMS_S3_BUCKET);
  if (!bucket) throw new Error("LMS_FILE_STORE=s3 needs LMS_S3_BUCKET");
  const accessKeyId = blankToNull(env.LMS_S3_ACCESS_KEY_ID);
  const secretAccessKey = blankToNull(env.LMS_S3_SECRET_ACCESS_KEY);
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error("LMS_S3_ACCESS_KEY_ID and LMS_S3_SECRET_ACCESS_KEY go together");
  }
  const endpoint = blankToNull(env.LMS_S3_ENDPOINT);
  return {
    kind: "s3",
    s3: {
      endpoint,
      bucket,
      region: blankToNull(env.LMS_S3_REGION) ?? "us-east-1",
      accessKeyId,
      secretAccessKey,
      // Compatible servers (MinIO and the like) usually want path-style URLs; AWS itself not.
      forcePathStyle: flag(env, "LMS_S3_FORCE_PATH_STYLE") ?? endpoint !== null,
    },
  };
}

/** Reads the configuration from the environment only (issue 4 "Start"); every default is here. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, "PORT", 3000);
  const host = blankToNull(env.HOST) ?? "127.0.0.1";
  const publicHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const publicUrl = (blankToNull(env.PUBLIC_URL) ?? `http://${publicHost}:${port}`).replace(
    /\/+$/,
    "",
  );
  const contentPort = integer(env, "LMS_CONTENT_PORT", port === 0 ? 0 : port + 1);
  const contentUrl = (
    blankToNull(env.CONTENT_URL) ?? (contentPort === 0 ? "" : contentOrigin(publicUrl, contentPort))
  ).replace(/\/+$/, "");
  const mb = 1024 * 1024;
  const databaseUrl = blankToNull(env.DATABASE_URL);
  return {
    port,
    host,
    dataDir: path.resolve(blankToNull(env.LMS_DATA_DIR) ?? "./data"),
    databaseUrl,
    databasePoolSize: integer(env, "LMS_DB_POOL_SIZE", 10, 1),
    databaseTimeouts: {
      connectMs: integer(env, "LMS_DB_CONNECT_TIMEOUT_SECONDS", 5, 0) * 1000,
      statementMs: integer(env, "LMS_DB_STATEMENT_TIMEOUT_SECONDS", 30, 0) * 1000,
    },
    shutdownMs: integer(env, "LMS_SHUTDOWN_SECONDS", 15, 1) * 1000,
    seedDemo: flag(env, "LMS_SEED_DEMO"),
    demoPassword: blankToNull(env.LMS_DEMO_PASSWORD) ?? "Demo@2026!",
    smtpUrl: blankToNull(env.SMTP_URL),
    mailFrom: blankToNull(env.MAIL_FROM) ?? "School Portal <no-reply@localhost>",
    publicUrl,
    contentUrl,
    contentPort,
    contentLinkMinutes: integer(env, "LMS_CONTENT_LINK_MINUTES", 240, 1),
    classServiceUrl: blankToNull(env.CLASS_SERVICE_URL),
    sessionIdleMinutes: integer(env, "LMS_SESSION_IDLE_MINUTES", 60, 1),
    sessionMaxHours: integer(env, "LMS_SESSION_MAX_HOURS", 12, 1),
    portalDir: path.resolve(blankToNull(env.LMS_PORTAL_DIR) ?? DEFAULT_PORTAL_DIR),
    logLevel: blankToNull(env.LOG_LEVEL) ?? "info",
    argon2: PRODUCTION_ARGON2,
    rateLimits: {
      loginPerAccount: { limit: integer(env, "LMS_LOGIN_MAX_ATTEMPTS", 5, 1), windowSeconds: 900 },
      loginBackoffMaxSeconds: integer(env, "LMS_LOGIN_BACKOFF_MAX_SECONDS", 300, 1),
      loginPerAddress: { limit: 50, windowSeconds: 900 },
      forgotPerAccount: { limit: 3, windowSeconds: 3600 },
      forgotPerAddress: { limit: 100, windowSeconds: 3600 },
      linkPerAddress: { limit: 20, windowSeconds: 900 },
      linkPerToken: { limit: 10, windowSeconds: 3600 },
      classPerAddress: { limit: 50, windowSeconds: 900 },
    },
    uploads: {
      imageBytes: 2 * mb,
      csvBytes: 10 * mb,
      materialBytes: integer(env, "LMS_MAX_UPLOAD_MB", 100, 1) * mb,
      zip: {
        maxTotalBytes: integer(env, "LMS_ZIP_MAX_EXPANDED_MB", 1024, 1) * mb,
        maxRatio: integer(env, "LMS_ZIP_MAX_RATIO", 100, 2),
        maxEntries: integer(env, "LMS_ZIP_MAX_ENTRIES", 5000, 1),
      },
    },
    // 100 MB at 1 Mbit/s takes about 14 minutes: the default leaves room for that.
    requestTimeoutMs: integer(env, "LMS_REQUEST_TIMEOUT_SECONDS", 1800, 0) * 1000,
    trustProxy: flag(env, "LMS_TRUST_PROXY") ?? false,
    trash: {
      days: integer(env, "LMS_TRASH_DAYS", 30, 1),
      deleteJobRows: integer(env, "LMS_DELETE_JOB_ROWS", 5000, 0),
    },
    adminEmail: blankToNull(env.LMS_ADMIN_EMAIL),
    adminUserName: blankToNull(env.LMS_ADMIN_USERNAME) ?? "admin",
    auditDays: integer(env, "LMS_AUDIT_DAYS", 365, 1),
    corsOrigins: origins(env, "LMS_CORS_ORIGINS"),
    fileStore: fileStoreConfig(env, databaseUrl),
    listExactCount: integer(env, "LMS_LIST_EXACT_COUNT", 5000, 1),
    userSearchIndex: flag(env, "LMS_USER_SEARCH_INDEX") ?? true,
    readModels: flag(env, "LMS_READ_MODELS") ?? true,
    contractChecks: flag(env, "LMS_CONTRACT_CHECKS") ?? false,
  };
}
