/**
 * Portal benchmark (issue 5): the login route's JavaScript, the largest chunk of the build and the
 * largest contentful paint of the login page and the schools list, in headless Chromium against
 * the built server; then Lighthouse's mobile preset on both routes (issue 14). Writes its section
 * of docs/PERFORMANCE.md between its markers. Needs `pnpm build` first.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { launchForLighthouse, runLighthouse, storeLocalStorage } from "./lighthouse.mjs";
import { DEMO_PASSWORD, launchChromium, portalDist, startStack } from "./stack.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const OUT = process.env.LMS_BENCH_OUT ?? join(here, "../../../docs/PERFORMANCE.md");
const START = "<!-- portal-bench:start -->";
const END = "<!-- portal-bench:end -->";
const RUNS = 5;
const LIGHTHOUSE_RUNS = 3;
const TARGETS = { loginJsKb: 150, chunkKb: 100, lcpMs: 1000, score: 90, lighthouseLcpMs: 2500 };

const LIGHTHOUSE_VERSION = JSON.parse(
  readFileSync(join(here, "../node_modules/lighthouse/package.json"), "utf8"),
).version;

const kb = (bytes) => bytes / 1024;
const gzipKb = (buffer) => kb(gzipSync(buffer, { level: 9 }).length);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const check = (ok) => (ok ? "✅" : "❌");

function largestChunk() {
  const assets = join(portalDist, "assets");
  return readdirSync(assets)
    .filter((name) => name.endsWith(".js"))
    .map((name) => ({ name, kb: gzipKb(readFileSync(join(assets, name))) }))
    .sort((a, b) => b.kb - a.kb)[0];
}

/** Records the largest contentful paint before any script of the page runs. */
function observeLcp() {
  window.__lcp = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

/** One cold load (a fresh browser context: empty cache) of a route, until `ready` is visible. */
async function coldLoad(browser, url, ready, storageState) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    storageState,
  });
  const page = await context.newPage();
  await page.addInitScript(observeLcp);
  const scripts = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.body());
  });
  await page.goto(url);
  await ready(page).waitFor();
  await page.waitForLoadState("networkidle");
  // LCP stops at the first input; the page has had none, so its last entry is final.
  const lcp = await page.evaluate(() => window.__lcp);
  const bodies = await Promise.all(scripts);
  await context.close();
  return {
    lcp,
    scriptKb: bodies.reduce((sum, body) => sum + gzipKb(body), 0),
    scripts: bodies.length,
  };
}

async function signedInState(browser, baseUrl) {
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/#/account/login`);
  await page.getByLabel("Username or email").fill("admin");
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/#\/schools/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** Lighthouse's runs of each route, one route after the other, each run a cold load. */
async function lighthouseRuns(baseUrl, state) {
  const routes = [
    { name: "#/account/login", url: `${baseUrl}/#/account/login`, storage: [] },
    {
      name: "#/schools signed in as admin",
      url: `${baseUrl}/#/schools`,
      storage: state.origins.find((origin) => origin.origin === baseUrl)?.localStorage ?? [],
    },
  ];
  const browser = await launchForLighthouse();
  try {
    const results = [];
    for (const route of routes) {
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
        await storeLocalStorage(browser.port, {
          origins: [{ origin: baseUrl, localStorage: route.storage }],
        });
        const { lhr: _report, ...result } = await runLighthouse(browser.port, route.url);
        runs.push(result);
      }
      results.push({ name: route.name, runs });
    }
    return results;
  } finally {
    await browser.close();
  }
}

function lighthouseLines(results) {
  const ms = (value) => `${(value / 1000).toFixed(2)} s`;
  const rows = results.map(({ name, runs }) => {
    const score = median(runs.map((r) => r.score));
    const lcp = median(runs.map((r) => r.lcp));
    return (
      `| ${name} | ${score} ${check(score >= TARGETS.score)} | ${ms(lcp)} ${check(lcp <= TARGETS.lighthouseLcpMs)} | ` +
      `${ms(median(runs.map((r) => r.fcp)))} | ${Math.round(median(runs.map((r) => r.tbt)))} ms | ` +
      `${median(runs.map((r) => r.cls)).toFixed(3)} | ${new Set(runs.flatMap((r) => r.consoleErrors)).size} |`
    );
  });
  const every = results.map(
    ({ name, runs }) =>
      `- Every run, ${name}: scores ${runs.map((r) => r.score).join(", ")}; LCP ${runs.map((r) => ms(r.lcp)).join(", ")}; TBT ${runs.map((r) => `${Math.round(r.tbt)} ms`).join(", ")}.`,
  );
  const errors = [...new Set(results.flatMap(({ runs }) => runs.flatMap((r) => r.consoleErrors)))];
  return [
    "",
    `Lighthouse ${LIGHTHOUSE_VERSION}, its default mobile preset (simulated slow 4G: 150 ms round trips, 1.6 Mbit/s down; 4x CPU slowdown), ` +
      `against Debian's Chromium (headless), median of ${LIGHTHOUSE_RUNS} runs per route, each a cold load (Lighthouse clears the cache; ` +
      `the signed-in route's stored session is written to localStorage before each load):`,
    "",
    `| route | performance (target ≥ ${TARGETS.score}) | LCP (target ≤ ${ms(TARGETS.lighthouseLcpMs)}) | FCP | TBT | CLS | console errors |`,
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
    ...every,
    ...(errors.length ? errors.map((e) => `- Console error: ${e}`) : []),
  ];
}

function writeSection(lines) {
  const text = existsSync(OUT) ? readFileSync(OUT, "utf8") : "# Performance\n";
  const block = [START, ...lines, END].join("\n");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + block + text.slice(end + END.length)
      : `${text.trimEnd()}\n\n## Portal\n\n${block}\n`;
  writeFileSync(OUT, next);
  // The repository's formatter checks Markdown too: leave the file as it would write it.
  spawnSync(join(here, "../../../node_modules/.bin/prettier"), ["--write", OUT], {
    stdio: "ignore",
  });
}

async function main() {
  for (const file of [join(portalDist, "index.html"), join(here, "../../server/dist/main.js")])
    if (!existsSync(file)) throw new Error(`${file} is missing: run pnpm build first`);
  const loadBefore = loadavg()[0];
  const stack = await startStack();
  const browser = await launchChromium();
  const login = [];
  const schools = [];
  let lighthouse;
  try {
    const state = await signedInState(browser, stack.baseUrl);
    for (let run = 0; run < RUNS; run++) {
      login.push(
        await coldLoad(browser, `${stack.baseUrl}/#/account/login`, (page) =>
          page.getByRole("button", { name: "Sign in" }),
        ),
      );
      schools.push(
        await coldLoad(
          browser,
          `${stack.baseUrl}/#/schools`,
          (page) => page.getByRole("row").nth(1),
          state,
        ),
      );
    }
    lighthouse = await lighthouseRuns(stack.baseUrl, state);
  } finally {
    await browser.close();
    await stack.stop();
  }

  const loginKb = login[0].scriptKb;
  const chunk = largestChunk();
  const loginLcp = median(login.map((r) => r.lcp));
  const schoolsLcp = median(schools.map((r) => r.lcp));
  const lines = [
    "",
    `Measured by \`pnpm bench\` (packages/portal/scripts/bench.mjs) on ${new Date().toISOString().slice(0, 10)}: ` +
      `the built portal served by the built server (fresh embedded database with the demo data), headless Chromium, ` +
      `${cpus().length} cores shared with other work, Node ${process.version}.`,
    "",
    "| measure | result | target |",
    "| --- | --- | --- |",
    `| login route's JavaScript (gzip sum of the ${login[0].scripts} scripts #/account/login fetches) | ${loginKb.toFixed(1)} KB ${check(loginKb <= TARGETS.loginJsKb)} | ≤ ${TARGETS.loginJsKb} KB |`,
    `| largest chunk in dist (gzip) | ${chunk.kb.toFixed(1)} KB (${chunk.name}) ${check(chunk.kb <= TARGETS.chunkKb)} | ≤ ${TARGETS.chunkKb} KB |`,
    `| largest contentful paint, #/account/login (median of ${RUNS} cold loads) | ${Math.round(loginLcp)} ms ${check(loginLcp < TARGETS.lcpMs)} | < ${TARGETS.lcpMs} ms |`,
    `| largest contentful paint, #/schools signed in as admin (median of ${RUNS} cold loads) | ${Math.round(schoolsLcp)} ms ${check(schoolsLcp < TARGETS.lcpMs)} | < ${TARGETS.lcpMs} ms |`,
    "",
    "Notes:",
    "",
    "- A cold load is a fresh browser context (empty cache); the schools list opens with the signed-in",
    "  session already stored, so it measures the shell, the list's chunks and its first data request.",
    "- The login route's scripts are counted as Chromium fetched them (every script response of the",
    "  page), each gzipped at level 9; the largest chunk is the largest JavaScript file in dist/assets.",
    `- Every load: login ${login.map((r) => Math.round(r.lcp)).join(", ")} ms; schools ${schools.map((r) => Math.round(r.lcp)).join(", ")} ms.`,
    ...lighthouseLines(lighthouse),
    `- The machine (${cpus().length} cores) is shared with other engineers' work: its load average was ` +
      `${loadBefore.toFixed(2)} before the run and ${loadavg()[0].toFixed(2)} after it. Lighthouse's simulation ` +
      "multiplies the main thread's observed work by 4, so a busy machine's slower tasks count four times over in TBT.",
    "",
  ];
  writeSection(lines);
  console.log(lines.join("\n"));
  console.log(`written to ${OUT}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
