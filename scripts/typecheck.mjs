#!/usr/bin/env node
// `pnpm typecheck`: every package's tsconfig (sources, tests, stories, scripts) checked by
// TypeScript 7's native compiler (tools/typescript-7), about a third of 6.0's CPU time on the
// 2-core machine. The workspace's `typescript` stays 6.0 for typescript-eslint and tsup's
// declarations (`pnpm build` still compiles @lms/core's and @lms/ui's declarations with it).
// `node scripts/typecheck.mjs ui server` checks those packages only.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const tsc = path.join(root, "tools", "typescript-7", "node_modules", ".bin", "tsc");
const names = process.argv.slice(2);
const packages = names.length ? names : readdirSync(path.join(root, "packages"));

let failed = 0;
for (const name of packages) {
  const project = path.join(root, "packages", name, "tsconfig.json");
  const started = Date.now();
  const { status } = spawnSync(tsc, ["-p", project], { stdio: "inherit" });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${status === 0 ? "✓" : "✗"} ${name} (${seconds} s)`);
  if (status !== 0) failed += 1;
}
process.exitCode = failed ? 1 : 0;
