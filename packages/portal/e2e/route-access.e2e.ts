import { describe, expect, it } from "vitest";
import { newPage, openBrowser, signIn, url } from "./browser";

const browser = openBrowser();

describe("route access", () => {
  it("shows a student who types staff URLs the no-access screen, never the staff screen", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "student");
    for (const path of ["/users", "/users/create", "/roles-and-permissions", "/materials"]) {
      await page.goto(url(path));
      await page.getByRole("heading", { name: "You don't have access to this page" }).waitFor();
      expect(await page.getByRole("table").count()).toBe(0);
      expect(await page.getByRole("button", { name: "Create", exact: true }).count()).toBe(0);
    }
    // The way back leads to the student's own courses, and the menu never offered the screens.
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL(/#\/courses$/);
    const menu = page.getByRole("navigation");
    expect(await menu.getByRole("link", { name: "User Management" }).count()).toBe(0);
    await context.close();
  });

  it("lets an admin open the same screens", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/roles-and-permissions"));
    await page.getByRole("table").waitFor();
    expect(await page.getByText("You don't have access to this page").count()).toBe(0);
    await context.close();
  });

  it("keeps the page and shows the loading bar while the next page's code arrives", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.getByRole("heading", { name: "School Management" }).waitFor();
    // A slow connection: every script arrives two seconds late.
    await page.route("**/*.js", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await page.goto(url("/materials"));
    await page.getByRole("progressbar", { name: "Loading" }).waitFor();
    expect(await page.getByRole("heading", { name: "School Management" }).count()).toBe(1);
    // What is typed meanwhile goes into the page on screen, which stays whole.
    await page.getByLabel("Search").fill("Rizal");
    await page.getByRole("heading", { name: "Materials" }).waitFor();
    await page.getByRole("progressbar").waitFor({ state: "detached" });
    expect(await page.getByLabel("Search").inputValue()).toBe("");
    await context.close();
  });
});
