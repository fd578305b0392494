import path from "node:path";
import { loadConfig } from "./config";
import { BackupError, backupPglite, restorePglite } from "./db/backup";

/**
 * `pnpm backup <folder>` and `pnpm restore <folder>` (the embedded database and uploaded files of
 * LMS_DATA_DIR; docs/DEPLOYMENT.md "Backups"). A folder is named from where the command was typed.
 */
async function main() {
  const [command, folder] = process.argv.slice(2);
  if ((command !== "backup" && command !== "restore") || !folder) {
    throw new BackupError("Usage: pnpm backup <new folder> | pnpm restore <backup folder>");
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new BackupError(
      "DATABASE_URL is set: back PostgreSQL up with pg_dump and restore it with pg_restore (docs/DEPLOYMENT.md).",
    );
  }
  const where = path.resolve(process.env.INIT_CWD ?? process.cwd(), folder);
  if (command === "backup") {
    const { bytes } = await backupPglite(config.dataDir, where);
    console.log(
      `Backed up ${config.dataDir} into ${where} (database ${Math.round(bytes / 1024)} KB).`,
    );
  } else {
    await restorePglite(where, config.dataDir);
    console.log(`Restored ${where} into ${config.dataDir}: start the server on it.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
