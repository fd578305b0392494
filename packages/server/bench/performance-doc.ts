import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PACKAGE } from "./settings";

const PRETTIER = path.join(PACKAGE, "..", "..", "node_modules", ".bin", "prettier");

/**
 * Writes one benchmark's section of docs/PERFORMANCE.md between its two marker lines, leaving the
 * rest of the file (other benchmarks' sections) as it is; a missing section is added at the end.
 */
export function writeSection(file: string, name: string, heading: string, body: string): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n\n${body}\n\n${end}`;
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Performance\n";
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n## ${heading}\n\n${block}\n`;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, next);
  // The root lint checks Markdown with prettier: leave the file as prettier writes it.
  spawnSync(PRETTIER, ["--write", file], { stdio: "ignore" });
}
