import AxeBuilder from "@axe-core/playwright";
import { createApiClient, createSessionStore, SESSION_STORAGE_KEY } from "@lms/core";
import { type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { connectChromium, DEMO_PASSWORD } from "./stack";

/** The run's Chromium (e2e/global-setup.ts); closing it closes only this file's contexts. */
export const launchBrowser = (): Promise<Browser> => connectChromium(inject("chromiumEndpoint"));

/** The pages a test opened, with what their console reported, for a failed test's report. */
const openPages = new Map<Page, string[]>();

/** A failed test's pages as they are at the failure: the address, the text shown, console errors. */
export async function reportPages(testName: string) {
  for (const [page, errors] of openPages) {
    if (page.isClosed()) continue;
    const text = await page
      .evaluate(() => document.body.innerText.replace(/\s+/g, " ").slice(0, 1500))
      .catch((error: Error) => `(unreadable: ${error.message})`);
    console.error(
      [`[${testName}] page ${page.url()}`, `text: ${text}`, ...errors.slice(-10)].join("\n  "),
    );
  }
}

/** One browser connection for a test file: opened before its tests, closed after them. */
export function openBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export function baseUrl(): string {
  return inject("baseUrl");
}

/** A hash route of the portal: url("/schools") → http://…/#/schools */
export function url(route: string): string {
  return `${baseUrl()}/#${route}`;
}

const VIEWPORT = { width: 1280, height: 800 };

interface KeptPage {
  context: BrowserContext;
  page: Page;
}

/**
 * Contexts whose test closed them, emptied for the file's next test. A new context costs Chromium
 * a renderer process and the portal's scripts compiled anew, about 1.5 s of CPU; a kept one
 * emptied (cookies, storage, routes, listeners, permissions, the network back on) costs a tenth.
 */
const idleContexts = new WeakMap<Browser, KeptPage[]>();

function idleOf(browser: Browser): KeptPage[] {
  let idle = idleContexts.get(browser);
  if (!idle) idleContexts.set(browser, (idle = []));
  return idle;
}

async function openContext(browser: Browser): Promise<KeptPage> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: "en-US" });
  const page = await context.newPage();
  // A slow phone or a loaded CI machine, to reproduce what only shows there (e.g. 4).
  const throttle = Number(process.env.LMS_E2E_CPU_THROTTLE ?? 1);
  if (throttle > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: throttle });
  }
  return { context, page };
}

/** Empties a context a test closed and keeps it; one that cannot be emptied is closed for real. */
async function recycle(browser: Browser, kept: KeptPage) {
  const { context, page } = kept;
  try {
    for (const other of context.pages()) if (other !== page) await other.close();
    if (page.isClosed()) throw new Error("the test closed its page");
    page.removeAllListeners();
    context.removeAllListeners();
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.setOffline(false);
    await context.clearCookies();
    await context.clearPermissions();
    await page.setViewportSize(VIEWPORT);
    // A form left with unsaved changes asks before the page goes.
    page.on("dialog", (dialog) => void dialog.accept().catch(() => undefined));
    await page.goto(`${baseUrl()}/healthz`, { timeout: 10_000 });
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    page.removeAllListeners();
    idleOf(browser).push(kept);
  } catch {
    await context.close().catch(() => undefined);
  }
}

/**
 * A page in a context of its own, as fresh as a new browser's. The context's close() empties it for
 * the file's next test instead of closing it.
 */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const kept = idleOf(browser).pop() ?? (await openContext(browser));
  const { context, page } = kept;
  // A loaded server: every request answered this much later (e.g. 1500).
  const delay = Number(process.env.LMS_E2E_REQUEST_DELAY_MS ?? 0);
  if (delay > 0) {
    await context.route("**/*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, delay * Math.random()));
      await route.continue().catch(() => undefined);
    });
  }
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
  openPages.set(page, errors);
  page.on("close", () => openPages.delete(page));
  let closed = false;
  const handle = new Proxy(context, {
    get(target, key) {
      if (key === "close")
        return async () => {
          if (closed) return;
          closed = true;
          openPages.delete(page);
          await recycle(browser, kept);
        };
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { context: handle, page };
}

/** Signs in through the sign-in form, as a visitor does; lands on the schools list. */
export async function signInWithForm(page: Page, userName: string, password = DEMO_PASSWORD) {
  await page.goto(url("/account/login"));
  await page.getByLabel("Username or email").fill(userName);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/#\/schools/);
}

/**
 * Opens the schools list signed in, as a returning visitor whose session the browser kept: the
 * session comes from @lms/core's own sign-in (the portal's) and is put where the portal keeps it.
 * A test of something else than signing in starts here: the form costs a page load every time
 * (account.e2e.ts tests the form itself, with signInWithForm).
 */
export async function signIn(page: Page, userName: string, password = DEMO_PASSWORD) {
  const session = createSessionStore();
  const client = createApiClient({ baseUrl: `${baseUrl()}/api`, session });
  const answer = await client.login({ userName, password });
  if (!answer.ok) throw new Error(`sign-in of ${userName}: ${answer.status} ${answer.message}`);
  // A page of the portal's origin that runs no script, to write its storage before the portal opens.
  await page.goto(`${baseUrl()}/healthz`);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(session.get()),
  ] as const);
  await page.goto(url("/schools"));
  await page.waitForURL(/#\/schools/);
}

/** No serious or critical accessibility violation on the page as it is now (issue 5). */
export async function expectAccessible(page: Page) {
  // A toast still fading in has the contrast of its half-way opacity: check the page at rest.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    blocking.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

/**
 * Opens a menu and chooses an entry. A list that refreshes under the open menu (a debounced search
 * landing, a revalidation) closes it, so the menu is opened again then.
 */
export async function chooseMenuItem(page: Page, trigger: Locator, item: string) {
  for (let attempt = 1; ; attempt++) {
    await trigger.click();
    try {
      await page.getByRole("menuitem", { name: item }).click({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press("Escape");
    }
  }
}

/** Answers the open confirmation dialog with one of its buttons. */
export async function confirmDialog(page: Page, button: string) {
  await page.getByRole("alertdialog").getByRole("button", { name: button }).click();
}

/** Chooses an entry of a table row's actions menu. */
export function chooseRowAction(page: Page, row: Locator, action: string) {
  return chooseMenuItem(page, row.getByRole("button", { name: /Row actions/ }), action);
}
