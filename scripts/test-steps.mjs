// The test command's summary: each step's tests read from vitest's own summary lines, and the
// closing table.

import { readFileSync } from "node:fs";

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

/** Sums every vitest summary ("Tests  2 failed | 95 passed | 1 skipped (98)") in a step's output. */
export function stepSummary(output) {
  const counts = { tests: 0, passed: 0, failed: 0, skipped: 0, found: false };
  for (const line of output.replace(ansi, "").split("\n")) {
    const match = /^\s*Tests\s+(.+)\((\d+)\)\s*$/.exec(line);
    if (!match) continue;
    counts.found = true;
    counts.tests += Number(match[2]);
    for (const part of match[1].split("|")) {
      const [, n, kind] = /(\d+)\s+(\w+)/.exec(part) ?? [];
      if (kind === "passed") counts.passed += Number(n);
      else if (kind === "failed") counts.failed += Number(n);
      else if (kind === "skipped" || kind === "todo") counts.skipped += Number(n);
    }
  }
  return counts;
}

/** The machine's busy and total CPU time so far (Linux's /proc/stat), or undefined elsewhere. */
function machineTicks() {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1);
    const ticks = fields.map(Number);
    const idle = ticks[3] + ticks[4];
    const total = ticks.reduce((sum, n) => sum + n, 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/**
 * How busy the cores were during each minute of the run, in percent, to see where the run left them
 * idle (every process counts, the PostgreSQL clusters too).
 */
export function busyCores() {
  const samples = [machineTicks()];
  const timer = setInterval(() => samples.push(machineTicks()), 60_000);
  return {
    stop() {
      clearInterval(timer);
      samples.push(machineTicks());
      if (samples.some((sample) => !sample)) return undefined;
      const share = (a, b) => Math.round((100 * (b.busy - a.busy)) / (b.total - a.total || 1));
      return {
        perMinute: samples.slice(1).map((sample, i) => share(samples[i], sample)),
        whole: share(samples[0], samples.at(-1)),
      };
    },
  };
}

const clock = (seconds) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`
    : `${seconds.toFixed(1)}s`;

/**
 * Prints the table and the closing line; returns whether anything failed. In CI a skipped test
 * fails the run: no test may pass by being left out.
 */
export function printTable(results, totalSeconds, { ci, busy }) {
  const width = Math.max(...results.map((r) => r.name.length), 4);
  const rows = results.map((r) => {
    const tests = r.found ? String(r.tests) : "";
    const note = !r.ok ? "FAILED" : r.skipped ? `${r.skipped} skipped` : "";
    const cpu = r.cpu === undefined ? "" : r.cpu.toFixed(0);
    return `${r.name.padEnd(width)}  ${r.from.toFixed(0).padStart(5)}  ${r.seconds.toFixed(1).padStart(7)}  ${cpu.padStart(7)}  ${tests.padStart(5)}  ${note}`;
  });
  console.log(
    `\n${"step".padEnd(width)}  ${"from".padStart(5)}  ${"seconds".padStart(7)}  ${"cpu s".padStart(7)}  ${"tests".padStart(5)}`,
  );
  for (const row of rows) console.log(row.trimEnd());
  const total = results.reduce(
    (sum, r) => ({
      tests: sum.tests + r.tests,
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
    }),
    { tests: 0, passed: 0, failed: 0, skipped: 0 },
  );
  const failedSteps = results.filter((r) => !r.ok).map((r) => r.name);
  const skippedInCi = ci && total.skipped > 0;
  const parts = [
    ...(total.failed ? [`${total.failed} failed`] : []),
    `${total.passed} passed`,
    ...(total.skipped ? [`${total.skipped} skipped`] : []),
  ];
  const verdict = failedSteps.length
    ? `FAILED: ${failedSteps.join(", ")}`
    : skippedInCi
      ? "FAILED: tests were skipped in CI"
      : "all steps passed";
  const cpu = results.reduce((sum, r) => sum + (r.cpu ?? 0), 0);
  console.log(
    `\n      Tests  ${parts.join(" | ")} (${total.tests}) in ${results.length} steps, ` +
      `${clock(totalSeconds)} (CPU ${clock(cpu)}): ${verdict}`,
  );
  if (busy) {
    console.log(
      `      Cores  ${busy.whole}% busy; each minute: ${busy.perMinute.map((n) => `${n}%`).join(" ")}`,
    );
  }
  // The plain closing line CI reads: "N passed, N failed" alone on the last line.
  const skipped = total.skipped ? `, ${total.skipped} skipped` : "";
  console.log(`tests: ${total.passed} passed, ${total.failed} failed${skipped}`);
  return failedSteps.length > 0 || skippedInCi;
}
