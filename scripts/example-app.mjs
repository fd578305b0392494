#!/usr/bin/env node
// Issue 17: the consumer setup the package READMEs show, proven on the packed tarballs. Packs
// @lms/core and @lms/ui as npm would publish them, installs them into a copy of
// examples/school-app outside the workspace (from the local store: no network), then type-checks
// and builds it. Run after `pnpm build`.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(path.join(os.tmpdir(), "lms-example-"));
const run = (command, args, cwd) =>
  execFileSync(command, args, { cwd, stdio: "inherit", env: { ...process.env, CI: "true" } });

try {
  for (const [pkg, name] of [
    ["lms-core", "lms-core.tgz"],
    ["ui", "lms-ui.tgz"],
  ]) {
    const before = new Set(readdirSync(work));
    run("pnpm", ["pack", "--pack-destination", work], path.join(root, "packages", pkg));
    const packed = readdirSync(work).find((f) => f.endsWith(".tgz") && !before.has(f));
    renameSync(path.join(work, packed), path.join(work, name));
  }
  const app = path.join(work, "app");
  cpSync(path.join(root, "examples", "school-app"), app, {
    recursive: true,
    filter: (source) => !/node_modules|dist/.test(path.relative(root, source)),
  });
  // @lms/ui's tarball names @lms/core by version: point it at the packed one too.
  const overrides = ["--config.overrides.@lms/core=file:../lms-core.tgz"];
  run(
    "pnpm",
    [
      "install",
      "--ignore-workspace",
      "--prefer-offline",
      "--no-frozen-lockfile",
      "--config.confirmModulesPurge=false",
      ...overrides,
    ],
    app,
  );
  run("pnpm", ["run", "typecheck"], app);
  run("pnpm", ["run", "build"], app);
  if (!existsSync(path.join(app, "dist", "index.html"))) throw new Error("no dist/index.html");
  console.log("example app: type-checked and built against the packed @lms/core and @lms/ui");
} finally {
  rmSync(work, { recursive: true, force: true });
}
