#!/usr/bin/env node
// Issue 44: checks what `pnpm changeset publish` would upload. Packs every published package of
// the workspace as pnpm publishes it (workspace: ranges replaced) and lints the tarballs, not the
// folders: the manifest fields a registry user relies on, publint (strict) and
// @arethetypeswrong/cli (ESM only). One line per package; exits 1 on any problem. Run after
// `pnpm build`.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const attwBin = path.join(root, "node_modules", ".bin", "attw");
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

function publishedPackages() {
  const packagesDir = path.join(root, "packages");
  return readdirSync(packagesDir)
    .map((name) => path.join(packagesDir, name))
    .filter((dir) => existsSync(path.join(dir, "package.json")))
    .map((dir) => ({ dir, manifest: readJson(path.join(dir, "package.json")) }))
    .filter(({ manifest }) => !manifest.private);
}

// A missing build output would only show as publint's "file does not exist": say what to do.
function missingBuildOutput({ dir, manifest }) {
  return (manifest.files ?? [])
    .filter((entry) => !entry.startsWith("!") && !/[*?]/.test(entry))
    .filter((entry) => !existsSync(path.join(dir, entry)));
}

function pack(dir, destination) {
  const run = spawnSync("pnpm", ["pack", "--json", "--pack-destination", destination], {
    cwd: dir,
    encoding: "utf8",
  });
  const answer = JSON.parse(run.stdout || "{}");
  if (run.status !== 0) {
    throw new Error(`pnpm pack failed: ${answer.error?.message ?? run.stderr.trim()}`);
  }
  return answer;
}

function manifestProblems(packed, files) {
  const problems = [];
  if (!packed.license) problems.push('no "license" field');
  if (!files.some((file) => /^licen[cs]e(\.md|\.txt)?$/i.test(file))) {
    problems.push("no LICENSE file in the tarball");
  }
  if (packed.publishConfig?.access !== "public") {
    problems.push('"publishConfig.access" is not "public" (a scoped package would be private)');
  }
  if (!packed.engines?.node) problems.push('no "engines.node" field');
  for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
    for (const [name, range] of Object.entries(packed[field] ?? {})) {
      if (range.startsWith("workspace:")) problems.push(`${field}.${name} is still "${range}"`);
    }
  }
  return problems;
}

async function publintProblems(tarball) {
  const bytes = readFileSync(tarball);
  const { messages, pkg } = await publint({
    pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
    strict: true,
  });
  const problems = messages
    .filter((message) => message.type !== "suggestion")
    .map((message) => `publint: ${formatMessage(message, pkg, { color: false })}`);
  const suggestions = messages.length - problems.length;
  return { problems, suggestions };
}

// Style sheets are entry points too, but have no types for attw to check.
function attwProblems(tarball, manifest) {
  const styleSheets = Object.entries(manifest.exports ?? {})
    .filter(([, target]) => typeof target === "string" && target.endsWith(".css"))
    .map(([entry]) => entry);
  const args = [tarball, "--profile", "esm-only", "--format", "ascii", "--no-color"];
  if (styleSheets.length > 0) args.push("--exclude-entrypoints", ...styleSheets);
  const run = spawnSync(attwBin, args, { encoding: "utf8" });
  if (run.status === 0) return [];
  return [`attw:\n${(run.stdout + run.stderr).trim()}`];
}

// Resolves to the package's line (its tarball and size) and its problems, none when it is clean.
async function checkPackage(pkg, work) {
  const name = pkg.manifest.name;
  const missing = missingBuildOutput(pkg);
  if (missing.length > 0) {
    return { line: name, problems: [`${missing.join(", ")} missing: run \`pnpm build\` first`] };
  }
  const destination = path.join(work, path.basename(pkg.dir));
  mkdirSync(destination);
  let packed;
  try {
    packed = pack(pkg.dir, destination);
  } catch (error) {
    return { line: name, problems: [error.message] };
  }
  const { filename, files } = packed;
  const paths = files.map((file) => file.path);
  execFileSync("tar", ["-xzf", filename, "-C", destination]);
  const manifest = readJson(path.join(destination, "package", "package.json"));
  const lint = await publintProblems(filename);
  const size = `${Math.round(readFileSync(filename).length / 1024)} KB, ${paths.length} files`;
  const suggestions = lint.suggestions > 0 ? `, ${lint.suggestions} publint suggestions` : "";
  return {
    line: `${manifest.name}@${manifest.version} ${path.basename(filename)} (${size}${suggestions})`,
    problems: [
      ...manifestProblems(manifest, paths),
      ...lint.problems,
      ...attwProblems(filename, manifest),
    ],
  };
}

const work = mkdtempSync(path.join(os.tmpdir(), "lms-release-check-"));
let failed = false;
try {
  for (const pkg of publishedPackages()) {
    const { line, problems } = await checkPackage(pkg, work);
    if (problems.length === 0) {
      console.log(`✓ ${line}: manifest, publint and attw clean`);
      continue;
    }
    failed = true;
    console.log(`✗ ${line}: ${problems.length} problem(s)`);
    for (const problem of problems) console.log(`    ${problem.replaceAll("\n", "\n    ")}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
