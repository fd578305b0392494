// `pnpm test`: every check, every time. The build first (the others read its output), then four
// lanes side by side on the two cores (each lane's steps one after another). Each step's output is
// printed whole when it ends; at the end a table of each step's time and tests.
import { spawn } from "node:child_process";
import { stepSummary, printTable } from "./test-steps.mjs";

const ci = process.env.CI === "true";
const withPostgres = ci || process.env.LMS_TEST_PG !== "0";
const vitest = (cwd, ...args) => ({ cwd, command: ["pnpm", "exec", "vitest", "run", ...args] });

const build = { name: "build", cwd: ".", command: ["pnpm", "build"] };
// Four lanes of about equal length: each server suite followed by one of the longer checks, and
// the static checks with the short suites in the fourth.
const lanes = [
  [
    { name: "server: pglite", ...vitest("packages/server", "--project", "pglite") },
    { name: "portal: browser", cwd: "packages/portal", command: ["pnpm", "test:e2e"] },
  ],
  [
    ...(withPostgres
      ? [{ name: "server: postgres", ...vitest("packages/server", "--project", "postgres") }]
      : []),
    { name: "@lms/ui", cwd: "packages/ui", command: ["pnpm", "test"] },
  ],
  [
    ...(withPostgres
      ? [
          {
            name: "server: postgres, read models off",
            ...vitest("packages/server", "--project", "postgres-plain"),
          },
        ]
      : []),
    { name: "release:check", cwd: ".", command: ["pnpm", "release:check"] },
    { name: "example app", cwd: ".", command: ["node", "scripts/example-app.mjs"] },
  ],
  [
    { name: "lint", cwd: ".", command: ["pnpm", "lint"] },
    { name: "typecheck", cwd: ".", command: ["pnpm", "typecheck"] },
    { name: "@lms/core", cwd: "packages/lms-core", command: ["pnpm", "test"] },
    { name: "portal: unit", ...vitest("packages/portal") },
  ],
];

function runStep(step) {
  const started = Date.now();
  console.log(`▶ ${step.name}`);
  return new Promise((resolve) => {
    const child = spawn(step.command[0], step.command.slice(1), {
      cwd: step.cwd,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("close", (code, signal) => {
      const output = Buffer.concat(chunks).toString();
      const seconds = (Date.now() - started) / 1000;
      const ok = code === 0;
      console.log(`\n──── ${step.name}: ${ok ? "passed" : `FAILED (${signal ?? code})`} ────`);
      process.stdout.write(output.endsWith("\n") || !output ? output : `${output}\n`);
      resolve({ name: step.name, ok, seconds, ...stepSummary(output) });
    });
  });
}

const started = Date.now();
const results = [await runStep(build)];
if (results[0].ok) {
  const laneResults = await Promise.all(
    lanes.map(async (lane) => {
      const done = [];
      for (const step of lane) done.push(await runStep(step));
      return done;
    }),
  );
  results.push(...laneResults.flat());
}
const failed = printTable(results, (Date.now() - started) / 1000, { ci });
process.exitCode = failed ? 1 : 0;
