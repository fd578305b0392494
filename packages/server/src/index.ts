export { buildApp } from "./app";
export type { BuildAppOptions } from "./app";
export { loadConfig, PRODUCTION_ARGON2 } from "./config";
export type {
  Argon2Cost,
  FileStoreConfig,
  FileStoreKind,
  RateLimitRule,
  ServerConfig,
} from "./config";
export { openDatabase } from "./db/client";
export type { Database, Db } from "./db/client";
export { migrate } from "./db/migrate";
export { defaultPermissions, seedRoles } from "./db/default-permissions";
export { DEMO_USERS, seedDemo } from "./db/seed";
export { ensureAdministrator, prepareDatabase, startServer } from "./server";
export { FallbackFileStorage, LocalFileStorage } from "./lib/storage";
export type { ByteRange, FileStorage, OpenedFile } from "./lib/storage";
export { DatabaseFileStorage } from "./lib/storage-database";
export type { S3Settings } from "./lib/storage-s3";
export { createFileStorage } from "./lib/file-stores";
export { RESOURCES } from "./routes/api/resources";
export type { Caller } from "./services/caller";
export type { CommandDef, Resource } from "./dispatch/commands";
