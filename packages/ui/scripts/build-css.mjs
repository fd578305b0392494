// Builds dist/styles.css (tokens + the utilities the built components use) and ships the raw
// tokens as dist/theme.css for apps that run Tailwind CSS v4 themselves. Runs after tsup, because
// src/styles/index.css scans dist/ for class names.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const dist = join(root, "dist");

if (!existsSync(join(dist, "index.js"))) {
  throw new Error("dist/index.js is missing: run tsup first.");
}

const cliPackage = require.resolve("@tailwindcss/cli/package.json");
const { bin } = JSON.parse(readFileSync(cliPackage, "utf8"));
const cli = join(dirname(cliPackage), typeof bin === "string" ? bin : bin.tailwindcss);

execFileSync(
  process.execPath,
  [cli, "--input", "src/styles/index.css", "--output", "dist/styles.css", "--minify"],
  { cwd: root, stdio: ["ignore", "inherit", "inherit"] },
);

// theme.css for Tailwind users: the tokens, plus the built components (every file in dist/) as a source so the
// consumer's Tailwind generates their classes too (`@import "tailwindcss"; @import "@lms/ui/theme.css";`).
const theme = readFileSync(join(root, "src/styles/theme.css"), "utf8");
writeFileSync(join(dist, "theme.css"), `${theme}\n@source "./";\n`);

const css = readFileSync(join(dist, "styles.css"), "utf8");
for (const token of ["--color-primary", "--color-loading-bar", "--color-ring"]) {
  if (!css.includes(token)) throw new Error(`dist/styles.css lacks the ${token} token.`);
}
