import { text } from "node:stream/consumers";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmDialog, newPage, openBrowser, signIn } from "./browser";
import { tempFile } from "./temp-file";

const browser = openBrowser();

async function openUsersTab(page: Page) {
  await page.getByRole("navigation").getByRole("link", { name: "Schools" }).click();
  await page.waitForURL(/#\/schools\/\d+\/info$/);
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await page.waitForURL(/#\/schools\/\d+\/users$/);
}

describe("a school's Users tab", () => {
  it("lets a school admin create a user from it, in its school", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "schooladmin");
    await openUsersTab(page);
    await page.getByRole("link", { name: "Create New User" }).click();
    await page.waitForURL(/#\/users\/create\?schoolId=\d+$/);
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Teacher", exact: true }).click();
    await page.getByRole("textbox", { name: "Username", exact: true }).fill("tabteacher");
    await page
      .getByRole("textbox", { name: "Email", exact: true })
      .fill("tab.teacher@example.edu.ph");
    await page.getByRole("textbox", { name: "First name", exact: true }).fill("Tala");
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Santos");
    await page.getByRole("textbox", { name: "Employee number" }).fill("T-2026-77");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("User has been created.").waitFor();
    await page.waitForURL(/#\/users\/\d+$/);

    await page.goBack();
    await page.goBack();
    await page.waitForURL(/#\/schools\/\d+\/users$/);
    await page.getByLabel("Search").fill("tabteacher");
    await page.getByRole("row", { name: /tabteacher/ }).waitFor();
    await context.close();
  });

  it("bulk-uploads rows that name no school into the school whose tab it is", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.getByRole("link", { name: "Bonifacio Integrated School" }).click();
    await page.waitForURL(/#\/schools\/\d+\/info$/);
    await page.getByRole("link", { name: "Users", exact: true }).click();
    await page.getByRole("button", { name: "Bulk upload" }).click();
    // The template names roles and this school's code, not ids.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download template" }).click(),
    ]);
    // The browser runs apart from the test (e2e/global-setup.ts): the file comes as a stream.
    const template = (await text(await download.createReadStream())).split("\r\n");
    expect(template[0]).toContain("role,school");
    expect(template[0]).not.toContain("roleId");
    expect(template[1]).toContain("teacher,BIS");
    const file = tempFile(
      "lms-csv-",
      "users.csv",
      "firstName,lastName,userName,email,role,grade,section,learningReferenceNumber\r\n" +
        "Lito,Bautista,tabbulk1,tabbulk1@example.edu.ph,student,7,Luna,400000000001\r\n",
    );
    await page.locator("input[type=file]").setInputFiles(file);
    // The row names no school: the server's check puts it in this one and shows its code.
    await expect
      .poll(() => page.getByRole("row", { name: /tabbulk1/ }).textContent())
      .toMatch(/student\s*BIS/);
    await page.getByRole("button", { name: "Upload 1 user" }).click();
    await confirmDialog(page, "Upload");
    await page.getByText("Created: 1. Updated: 0. Skipped: 0.").waitFor();
    await page.getByRole("button", { name: "Close" }).click();
    await page.getByLabel("Search").fill("tabbulk1");
    await page.getByRole("row", { name: /tabbulk1/ }).waitFor();
    await context.close();
  });
});
