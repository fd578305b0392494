import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Creates PGlite's data folder, when it does not exist yet, in a child process. PGlite's initdb
 * grows its memory to about 800 MB, which a process keeps afterwards (opening an existing folder
 * takes about 230 MB; docs/PERFORMANCE.md): done by a child that exits, the server never holds it.
 */
export async function createPgliteFolder(dataDir: string, conf: string): Promise<void> {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return;
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify({
    dataDir,
    postgresqlconf: conf,
  })}).then((db) => db.close()).catch((error) => { console.error(error); process.exit(1); });`;
  const child = spawn(process.execPath, ["-e", script], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`creating the embedded database in ${dataDir} failed (${code})`);
}
