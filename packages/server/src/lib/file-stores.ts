import { existsSync } from "node:fs";
import path from "node:path";
import type { ServerConfig } from "../config";
import type { Database } from "../db/client";
import { FallbackFileStorage, LocalFileStorage, type FileStorage } from "./storage";
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
  return existsSync(folder) ? new FallbackFileStorage(shared, disk) : shared;
}
