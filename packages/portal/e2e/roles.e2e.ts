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

describe("roles and permissions", () => {
  it("creates a role with the permission matrix, views, edits, disables and deletes it", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/roles-and-permissions"));
    await page.getByRole("link", { name: "Create New Role" }).click();
    await page.waitForURL(/#\/roles-and-permissions\/create$/);
    await page.getByRole("textbox", { name: "Role name", exact: true }).fill("Registrar");
    await page.getByRole("textbox", { name: "Description" }).fill("Keeps the student records");
    await page.getByRole("checkbox", { name: "Select whole row for Admin users" }).click();
    await page.getByRole("checkbox", { name: "View permission for Courses" }).click();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("Role has been created.").waitFor();
    await page.waitForURL(/#\/roles-and-permissions\/\d+$/);
    await expect(
      page.getByRole("checkbox", { name: "View permission for Courses" }).isChecked(),
    ).resolves.toBe(true);
    await expect(
      page.getByRole("checkbox", { name: "Modify permission for Courses" }).isChecked(),
    ).resolves.toBe(false);

    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(/#\/roles-and-permissions\/\d+\/edit$/);
    const description = page.getByRole("textbox", { name: "Description" });
    await expect.poll(() => description.inputValue()).toBe("Keeps the student records");
    await description.fill("Keeps the student records and transcripts");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await confirmDialog(page, "Update");
    await page.getByText("Role has been updated.").waitFor();

    await page.goto(url("/roles-and-permissions"));
    await page.getByLabel("Search").fill("registrar");
    const row = page.getByRole("row", { name: /Registrar/ });
    await row.waitFor();
    await chooseRowAction(page, row, "Disable");
    await confirmDialog(page, "Disable");
    await page.getByText("Role has been disabled.").waitFor();
    await chooseRowAction(page, row, "Delete");
    await confirmDialog(page, "Delete");
    await page.getByText("Role has been deleted.").waitFor();
    await row.waitFor({ state: "detached" });
    await context.close();
  });
});
