import { existsSync } from "node:fs";
import path from "node:path";
import type { ServerConfig } from "../config";
import type { Database } from "../db/client";
import { FallbackFileStorage, LocalFileStorage, type FileStorage } from "./storage";
import { isDatabaseUnavailable, unavailable } from "./errors";
import { DatabaseFileStorage } from "./storage-database";

/**
 * The store LMS_FILE_STORE names. A shared store keeps reading what an earlier disk store left in
 * dataDir/files (a server moved from "disk"), so no file goes missing on the switch.
 */
export async function createFileStorage(
  config: ServerConfig,
  database: Database,
): Promise<FileStorage> {
  const folder = path.join(config.dataDir, "files");
  const disk = new LocalFileStorage(folder);
  let shared: FileStorage;
  if (config.fileStore.kind === "database") {
    shared = new DatabaseFileStorage(database.db);
  } else if (config.fileStore.kind === "s3" && config.fileStore.s3) {
    // Loaded only when chosen: the SDK is large.
    const { S3FileStorage } = await import("./storage-s3");
    shared = new S3FileStorage(config.fileStore.s3);
  } else {
    return disk;
  }
  return sayingWhenAway(existsSync(folder) ? new FallbackFileStorage(shared, disk) : shared);
}

/**
 * The store with a call it could not make (S3 or the database store away: refused, reset, timed
 * out) answered as 503 `errors.fileStoreUnavailable` with Retry-After, in words that say it is the
 * files, not the database (issue 45). A bad file is still the caller's error.
 */
export function sayingWhenAway(store: FileStorage): FileStorage {
  const away = (error: unknown): never => {
    throw isDatabaseUnavailable(error) ? unavailable("errors.fileStoreUnavailable") : error;
  };
  return {
    put: (key, data) => store.put(key, data).catch(away),
    putStream: (key, source) => store.putStream(key, source).catch(away),
    ...(store.putFile
      ? { putFile: (key: string, source: string) => store.putFile!(key, source).catch(away) }
      : {}),
    get: (key) => store.get(key).catch(away),
    open: (key, pick) => store.open(key, pick).catch(away),
    remove: (keys) => store.remove(keys).catch(away),
    removePrefix: (prefix) => store.removePrefix(prefix).catch(away),
    ...(store.close ? { close: () => store.close!() } : {}),
  };
}
