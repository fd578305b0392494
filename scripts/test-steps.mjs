// The test command's summary: each step's tests read from vitest's own summary lines, and the
// closing table.

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

const clock = (seconds) =>
  seconds >= 60
    ? `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, "0")}s`
    : `${seconds.toFixed(1)}s`;

/**
 * Prints the table and the closing line; returns whether anything failed. In CI a skipped test
 * fails the run: no test may pass by being left out.
 */
export function printTable(results, totalSeconds, { ci }) {
  const width = Math.max(...results.map((r) => r.name.length), 4);
  const rows = results.map((r) => {
    const tests = r.found ? String(r.tests) : "";
    const note = !r.ok ? "FAILED" : r.skipped ? `${r.skipped} skipped` : "";
    const cpu = r.cpu === undefined ? "" : r.cpu.toFixed(0);
    return `${r.name.padEnd(width)}  ${r.seconds.toFixed(1).padStart(7)}  ${cpu.padStart(7)}  ${tests.padStart(5)}  ${note}`;
  });
  console.log(
    `\n${"step".padEnd(width)}  ${"seconds".padStart(7)}  ${"cpu s".padStart(7)}  ${"tests".padStart(5)}`,
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
  // The plain closing line CI reads: "N passed, N failed" alone on the last line.
  const skipped = total.skipped ? `, ${total.skipped} skipped` : "";
  console.log(`tests: ${total.passed} passed, ${total.failed} failed${skipped}`);
  return failedSteps.length > 0 || skippedInCi;
}
