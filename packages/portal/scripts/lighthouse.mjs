/**
 * Lighthouse (issue 14) against Debian's Chromium: its default mobile preset, with the simulated
 * slow 4G and 4x CPU slowdown. A signed-in route gets the stored session (localStorage) written
 * before the load; Lighthouse's storage reset keeps localStorage (it clears the caches, service
 * workers and Cache Storage only), so every run is still a cold load.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { freePort } from "./stack.mjs";

export const LIGHTHOUSE_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
];

async function waitForDebugger(port, browser) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (browser.exitCode !== null) throw new Error("Chromium exited early");
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("Chromium's debugging port did not open in 30 s");
}

/** Debian's Chromium with a debugging port, as Lighthouse's own launcher would start it. */
export async function launchForLighthouse() {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "lms-lighthouse-"));
  const browser = spawn(
    process.env.CHROME_PATH || "/usr/bin/chromium",
    [
      ...LIGHTHOUSE_FLAGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "--no-first-run",
      "--no-default-browser-check",
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  await waitForDebugger(port, browser);
  return {
    port,
    async close() {
      if (browser.exitCode === null) {
        const exited = new Promise((r) => browser.once("exit", r));
        browser.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
        if (browser.exitCode === null) browser.kill("SIGKILL");
      }
      // Chromium's last helpers may still be writing to the profile as it exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

/** Writes a Playwright storage state's localStorage into the Lighthouse browser, per origin. */
export async function storeLocalStorage(port, storageState) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    for (const origin of storageState.origins) {
      await page.goto(`${origin.origin}/favicon.svg`);
      await page.evaluate((items) => {
        window.localStorage.clear();
        for (const { name, value } of items) window.localStorage.setItem(name, value);
      }, origin.localStorage);
    }
    await page.close();
  } finally {
    await browser.close();
  }
}

const METRICS = {
  lcp: "largest-contentful-paint",
  fcp: "first-contentful-paint",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
  si: "speed-index",
};

/** Trace failures Lighthouse itself asks to run again for (headless Chromium drops one now and then). */
const RETRIED = new Set(["NO_NAVSTART", "NO_FCP", "NO_TRACING_STARTED"]);

/** One Lighthouse navigation: the performance score (0-100) and its metrics, plus what it saw. */
export async function runLighthouse(port, url, attempts = 3) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "best-practices"],
  });
  const { lhr } = result;
  if (lhr.runtimeError && RETRIED.has(lhr.runtimeError.code) && attempts > 1) {
    console.warn(`Lighthouse: ${lhr.runtimeError.code}, running again`);
    return runLighthouse(port, url, attempts - 1);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([key, id]) => [key, lhr.audits[id].numericValue]),
  );
  const consoleErrors = (lhr.audits["errors-in-console"]?.details?.items ?? []).map(
    (item) => item.description ?? String(item.source),
  );
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    ...metrics,
    consoleErrors,
    lhr,
  };
}
