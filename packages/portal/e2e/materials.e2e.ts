import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  chooseRowAction,
  confirmDialog,
  expectAccessible,
  newPage,
  openBrowser,
  signIn,
  url,
} from "./browser";

const browser = openBrowser();

async function openQuizSettings(page: Page) {
  await page.goto(url("/materials"));
  // The previous page stays on screen while this one loads (a course's page has headings and a
  // search of its own): type into the search once the materials table is there.
  const table = page.getByRole("table", { name: "Materials", exact: true });
  await table.waitFor();
  await page.getByLabel("Search").fill("Matter quiz");
  const row = table.getByRole("row", { name: /Matter quiz/ });
  await row.waitFor();
  await chooseRowAction(page, row, "Quiz Settings");
  await page.waitForURL(/quiz-settings\/\d+$/);
  await page.getByRole("heading", { name: "Quiz Settings" }).waitFor();
  return page.getByRole("spinbutton", { name: "Attempts allowed" });
}

describe("materials", () => {
  it("lists every material with its name, last change, size, type, author and status", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/materials"));
    await page.getByRole("heading", { name: "Materials" }).waitFor();
    for (const column of ["Name", "Last modified", "Size", "Type", "Author", "Status"])
      await page.getByRole("columnheader", { name: column }).waitFor();
    await page.getByLabel("Search").fill("Course outline");
    const row = page.getByRole("row", { name: /Course outline/ });
    await row.waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells.join(" | ")).toMatch(/Course outline/);
    expect(cells.join(" | ")).toMatch(/\d+(\.\d)? (byte|kB|KB|B)/);
    expect(cells).toContain("File");
    expect(cells).toContain("Published");
    expect(cells.some((cell) => /\d{4}/.test(cell))).toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  it("changes a quiz's settings after confirming, and asks before dropping a change", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    const attempts = await openQuizSettings(page);
    await expect.poll(() => attempts.inputValue()).toBe("3");
    await expectAccessible(page);

    await attempts.fill("5");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("alertdialog").getByText("Confirm update").waitFor();
    await confirmDialog(page, "Save");
    await page.getByText("Quiz settings have been updated.").waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole("spinbutton", { name: "Attempts allowed" }).inputValue())
      .toBe("5");

    await page.getByRole("spinbutton", { name: "Passing grade (%)" }).fill("75");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.getByRole("alertdialog").getByText("Any changes you made will be lost.").waitFor();
    await confirmDialog(page, "Keep editing");
    await expect
      .poll(() => page.getByRole("spinbutton", { name: "Passing grade (%)" }).inputValue())
      .toBe("75");
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await confirmDialog(page, "Discard");
    await page.waitForURL(/#\/courses\/\d+$/);
    await openQuizSettings(page);
    await expect
      .poll(() => page.getByRole("spinbutton", { name: "Passing grade (%)" }).inputValue())
      .toBe("50");
    await context.close();
  });
});
