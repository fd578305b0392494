import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { onTestFinished } from "vitest";

/**
 * Writes a file for the running test to upload, in a new folder of the system's temporary folder
 * (`prefix` names it), and removes that folder when the test finishes, passed or failed.
 */
export function tempFile(prefix: string, name: string, data: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, name);
  writeFileSync(file, data);
  return file;
}
