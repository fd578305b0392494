import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const serverMain = join(here, "../../server/dist/main.js");
export const portalDist = join(here, "../dist");
export const DEMO_PASSWORD = "Demo@2026!";

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url, server, log) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not start in 90 s:\n${log()}`);
}

/**
 * The real product for the browser tests and the benchmark: the built server on a fresh embedded
 * database with the demo data, serving the built portal, on 127.0.0.1 and a free port.
 */
export async function startStack(env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "lms-e2e-"));
  const port = await freePort();
  // The content origin (issue 12): the server's second listener, on a port of its own.
  const contentPort = await freePort();
  let output = "";
  const server = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      LMS_CONTENT_PORT: String(contentPort),
      HOST: "127.0.0.1",
      LMS_DATA_DIR: dataDir,
      LMS_SEED_DEMO: "1",
      LMS_PORTAL_DIR: portalDist,
      DATABASE_URL: "",
      SMTP_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseUrl}/`, server, () => output);
  return {
    baseUrl,
    contentUrl: `http://127.0.0.1:${contentPort}`,
    log: () => output,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once("exit", r));
        server.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (server.exitCode === null) server.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const chromiumOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
  ],
};

/** Debian's Chromium (DEVELOPERS.md: tools that download their own browser fail here), headless. */
export function launchChromium() {
  return chromium.launch(chromiumOptions);
}

/**
 * The same Chromium as a server that several processes connect to (`connectChromium`): the browser
 * tests' files share one instead of starting one each.
 */
export function launchChromiumServer() {
  return chromium.launchServer(chromiumOptions);
}

/** A connection to a Chromium of `launchChromiumServer`; closing it leaves that Chromium running. */
export function connectChromium(wsEndpoint) {
  return chromium.connect(wsEndpoint);
}
