import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseMenuItem, expectAccessible, launchBrowser, newPage, signIn, url } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function confirmDialog(page: Page, button: string) {
  await page.getByRole("alertdialog").getByRole("button", { name: button }).click();
}

describe("courses", () => {
  it("shows a course's elements with their materials, adds, publishes and removes an element", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, "admin");
    await page.goto(url("/courses"));
    await page.getByLabel("Search").fill("sci7");
    await page.getByRole("link", { name: "Science 7" }).click();
    await page.waitForURL(/#\/courses\/\d+$/);
    await page.getByRole("heading", { name: "Science 7" }).waitFor();
    // the seeded course has materials under its elements (the element list carries them)
    await page
      .getByText(/\d+ materials?/)
      .first()
      .waitFor();
    const counts = await page.getByText(/\d+ materials?/).allTextContents();
    const total = counts.reduce((sum, text) => sum + Number(/(\d+) material/.exec(text)![1]), 0);
    expect(total).toBeGreaterThan(0);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Add course element" }).click();
    const form = page.getByRole("region", { name: "Add Course Element" });
    await form.getByRole("textbox", { name: "Element name", exact: true }).fill("Lesson 9: Review");
    await form.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Lesson", exact: true }).click();
    await form.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("Course element has been created.").waitFor();
    const element = page.getByRole("region", { name: "Lesson 9: Review" });
    await element.waitFor();

    await chooseMenuItem(
      page,
      element.getByRole("button", { name: "Actions for Lesson 9: Review" }),
      "Publish",
    );
    await confirmDialog(page, "Publish");
    await page.getByText("Course element has been published.").waitFor();

    await chooseMenuItem(
      page,
      element.getByRole("button", { name: "Actions for Lesson 9: Review" }),
      "Delete",
    );
    await confirmDialog(page, "Delete");
    await page.getByText("Course element has been deleted.").waitFor();
    await element.waitFor({ state: "detached" });
    await context.close();
  });
});
