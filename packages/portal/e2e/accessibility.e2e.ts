import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { chooseMenuItem, expectAccessible, launchBrowser, newPage, signIn, url } from "./browser";

/*
 * Issue 5: axe finds no serious or critical violation on any screen. The other browser tests check
 * the screens they walk through (login, not-found, the expired links, the schools list and forms,
 * the user form, the role form, a course, the materials list, quiz settings, the profile); this file
 * visits every other screen, signed in as the administrator:
 * forgot password; school information, settings and users tabs; users list, user details, edit and
 * change password; roles list, role view and edit; courses list, course element, material create
 * and update.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser));
  await signIn(page, "admin");
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Opens a route, waits until `ready` shows, and runs axe. */
async function check(route: string, ready: (page: Page) => Locator) {
  await page.goto(url(route));
  await ready(page).first().waitFor();
  await expectAccessible(page);
}

const heading = (name: string | RegExp) => (p: Page) => p.getByRole("heading", { name });
const firstRow = (p: Page) => p.getByRole("row").nth(1).getByRole("link");

async function idOf(listRoute: string, search: string, linkName: string | RegExp) {
  await page.goto(url(listRoute));
  await page.getByLabel("Search").fill(search);
  await page.getByRole("link", { name: linkName }).first().click();
  await page.waitForURL(/\/\d+(\/info)?$/);
  return Number(/\/(\d+)(\/info)?$/.exec(page.url())![1]);
}

describe("accessibility of every screen (axe: no serious or critical violation)", () => {
  it("forgot password", async () => {
    const visitor = await newPage(browser);
    await visitor.page.goto(url("/account/forgot-password"));
    await visitor.page.getByRole("button", { name: /Send/ }).waitFor();
    await expectAccessible(visitor.page);
    await visitor.context.close();
  });

  it("a school's information, users and settings tabs", async () => {
    const school = await idOf("/schools", "Rizal", /Rizal/);
    await check(`/schools/${school}/info`, heading(/Rizal/));
    // Other files add users to this school: look the teacher up instead of expecting page 1.
    await check(`/schools/${school}/users`, (p) => p.getByRole("row").nth(1));
    await page.getByLabel("Search").fill("Santos");
    await page
      .getByRole("row", { name: /Maria Santos/ })
      .first()
      .waitFor();
    await check(`/schools/${school}/settings`, (p) => p.getByRole("switch").nth(1));
  });

  it("users: list, details, edit, change password", async () => {
    await check("/users", firstRow);
    const user = await idOf("/users", "teacher", "Maria Santos");
    await check(`/users/${user}`, heading("Maria Santos"));
    await check(`/users/${user}/edit`, heading("Edit User"));
    await check(`/users/${user}/change-password`, (p) => p.getByRole("meter"));
  });

  it("roles: list, view, edit", async () => {
    await check("/roles-and-permissions", firstRow);
    const role = await idOf("/roles-and-permissions", "teacher", "Teacher");
    await check(`/roles-and-permissions/${role}`, (p) =>
      p.getByRole("checkbox", { name: "View permission for Courses" }),
    );
    await check(`/roles-and-permissions/${role}/edit`, heading("Update Role"));
  });

  it("courses: list, a course element, material create and update", async () => {
    await check("/courses", firstRow);
    const course = await idOf("/courses", "sci7", "Science 7");
    await chooseMenuItem(
      page,
      page.getByRole("button", { name: "Actions for Lesson 1: Matter" }),
      "Open element page",
    );
    await page.waitForURL(/elements\/\d+$/);
    const element = Number(/elements\/(\d+)$/.exec(page.url())![1]);
    await page.getByText("Matter quiz").first().waitFor();
    await expectAccessible(page);
    await check(`/courses/${course}/create-material/${element}/link`, (p) =>
      p.getByRole("textbox", { name: /^Link URL/ }),
    );
    await page.goto(url("/materials"));
    await page.getByLabel("Search").fill("Science resources");
    const row = page.getByRole("row", { name: /Science resources/ });
    await row.getByRole("button", { name: "Edit: Science resources" }).click();
    await page.waitForURL(/update-material\/\d+$/);
    await page.getByRole("textbox", { name: /^Link URL/ }).waitFor();
    await expectAccessible(page);
  });
});
