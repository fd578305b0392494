// `pnpm test`: every check, every time. The build first (the others read its output), then every
// other step from one queue, a few at a time on the two cores: the longest first, so the short ones
// fill the gaps at the end. Each step's output is printed whole when it ends; at the end a table of
// each step's time, CPU time and tests.
import { spawn } from "node:child_process";
import { busyCores, stepSummary, printTable } from "./test-steps.mjs";

const ci = process.env.CI === "true";
const withPostgres = ci || process.env.LMS_TEST_PG !== "0";
// Steps at once: the server suites keep the cores busy while the browser tests and the static
// checks, which wait on a browser, a server or one core, run beside them.
const jobs = Math.max(1, Number(process.env.LMS_TEST_JOBS ?? 4));
// The browser tests run in shards, each against a server of its own (e2e/global-setup.ts).
const browserShards = Math.max(1, Number(process.env.LMS_TEST_BROWSER_SHARDS ?? 2));

const vitest = (cwd, ...args) => ({ cwd, command: ["pnpm", "exec", "vitest", "run", ...args] });
const serverSuite = (name, project) => ({
  name,
  ...vitest("packages/server", "--project", project),
});

const build = { name: "build", cwd: ".", command: ["pnpm", "build"] };
// In the order they start: the longest first (three orders were measured: docs/TESTING.md).
const steps = [
  serverSuite("server: pglite", "pglite"),
  ...(withPostgres
    ? [
        serverSuite("server: postgres", "postgres"),
        serverSuite("server: postgres, read models off", "postgres-plain"),
      ]
    : []),
  ...Array.from({ length: browserShards }, (_, i) => ({
    name: browserShards > 1 ? `portal: browser ${i + 1}/${browserShards}` : "portal: browser",
    cwd: "packages/portal",
    command: [
      "pnpm",
      "test:e2e",
      ...(browserShards > 1 ? [`--shard=${i + 1}/${browserShards}`] : []),
    ],
  })),
  { name: "lint", cwd: ".", command: ["pnpm", "lint"] },
  { name: "@lms/ui", cwd: "packages/ui", command: ["pnpm", "test"] },
  { name: "typecheck", cwd: ".", command: ["pnpm", "typecheck"] },
  { name: "example app", cwd: ".", command: ["node", "scripts/example-app.mjs"] },
  { name: "@lms/core", cwd: "packages/lms-core", command: ["pnpm", "test"] },
  { name: "portal: unit", ...vitest("packages/portal") },
  { name: "release:check", cwd: ".", command: ["pnpm", "release:check"] },
];

// bash's `times` after the command gives the CPU its whole process tree used (fd 3, apart from
// the output).
const withCpuTimes = (command) => [
  "bash",
  "-c",
  '"$@"; code=$?; times >&3; exit $code',
  "step",
  ...command,
];

function cpuSeconds(times) {
  // Second line: the children's user and system time, e.g. "12m3.456s 0m40.120s".
  const line = times.trim().split("\n").at(-1) ?? "";
  return [...line.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

const started = Date.now();

function runStep(step) {
  const from = (Date.now() - started) / 1000;
  const stepStarted = Date.now();
  console.log(`▶ ${step.name}`);
  return new Promise((resolve) => {
    const [command, ...args] = withCpuTimes(step.command);
    const child = spawn(command, args, {
      cwd: step.cwd,
      env: process.env,
      stdio: ["ignore", "pipe", "pipe", "pipe"],
    });
    const chunks = [];
    let times = "";
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.stdio[3].on("data", (chunk) => (times += chunk));
    child.on("close", (code, signal) => {
      const output = Buffer.concat(chunks).toString();
      const seconds = (Date.now() - stepStarted) / 1000;
      const ok = code === 0;
      console.log(`\n──── ${step.name}: ${ok ? "passed" : `FAILED (${signal ?? code})`} ────`);
      process.stdout.write(output.endsWith("\n") || !output ? output : `${output}\n`);
      resolve({
        name: step.name,
        ok,
        from,
        seconds,
        cpu: cpuSeconds(times),
        ...stepSummary(output),
      });
    });
  });
}

const cores = busyCores();
const results = [await runStep(build)];
if (results[0].ok) {
  const queue = [...steps];
  const done = new Map();
  await Promise.all(
    Array.from({ length: jobs }, async () => {
      for (let step = queue.shift(); step; step = queue.shift())
        done.set(step, await runStep(step));
    }),
  );
  results.push(...steps.map((step) => done.get(step)));
}
const failed = printTable(results, (Date.now() - started) / 1000, { ci, busy: cores.stop() });
process.exitCode = failed ? 1 : 0;
