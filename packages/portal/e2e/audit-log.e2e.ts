import { describe, it } from "vitest";
import { apiAs } from "./api";
import { confirmDialog, expectAccessible, newPage, openBrowser, signIn, url } from "./browser";

const browser = openBrowser();

describe("the audit log", () => {
  it("shows an admin's edit of a school with the old and the new value", async () => {
    const api = await apiAs("admin");
    const school = await api("/school/", "create", {
      schoolCode: "AUDIT-E2E",
      schoolName: "Audit Trail Elementary",
      country: "Philippines",
      city: "Tagbilaran City",
    });

    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url(`/schools/${school.id}/edit`));
    await page.getByLabel("School name").fill("Audit Trail Central Elementary");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await confirmDialog(page, "Update");
    await page.getByText("School has been updated.").waitFor();

    await page.getByRole("navigation").getByRole("link", { name: "Audit log" }).click();
    await page.waitForURL(/#\/audit-log$/);
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    await page.getByRole("combobox", { name: "Action" }).selectOption({ label: "Updated" });
    const row = page.getByRole("row", { name: /Audit Trail Central Elementary \(AUDIT-E2E\)/ });
    await row.waitFor();
    await row.getByText("admin", { exact: true }).first().waitFor();
    await row
      .getByText("schoolName: Audit Trail Elementary -> Audit Trail Central Elementary")
      .waitFor();
    await expectAccessible(page);

    // The user filter narrows the list to what that user did.
    await page.getByLabel("User", { exact: true }).fill("teacher");
    await row.waitFor({ state: "detached" });
    await context.close();
  });

  it("is not in a teacher's menu, and its URL shows the no-access screen", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "teacher");
    await page.goto(url("/audit-log"));
    await page.getByText("You don't have access to this page").waitFor();
    const entries = await page.getByRole("navigation").getByRole("link").allTextContents();
    if (entries.some((e) => e.includes("Audit log"))) throw new Error("teacher sees Audit log");
    await context.close();
  });
});
