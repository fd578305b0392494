import type { Dialog, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "./api";
import { chooseMenuItem, confirmDialog, newPage, openBrowser, signIn, url } from "./browser";

const browser = openBrowser();

/** Issue 13: an edited form asks before the user leaves it by any route, and before a reload. */
describe("guarded edits", () => {
  let schoolId = 0;
  beforeAll(async () => {
    const admin = await apiAs("admin");
    ({ id: schoolId } = await admin("/school/", "create", {
      schoolCode: "GUARD-1",
      schoolName: "Guarded Edits School",
    }));
  });

  const leaveQuestion = (page: Page) =>
    page.getByRole("alertdialog").filter({ hasText: "Any changes you made will be lost." });

  const menuLink = (page: Page, name: string) =>
    page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name });

  async function editSchool(page: Page, name: string) {
    await page.goto(url(`/schools/${schoolId}/edit`));
    const field = page.getByLabel("School name");
    await expect.poll(() => field.inputValue()).toBe("Guarded Edits School");
    await field.fill(name);
    return field;
  }

  it("asks before a side-menu link leaves an edited form: stay keeps the text, discard leaves", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    const field = await editSchool(page, "Typed but not saved");

    await menuLink(page, "User Management").click();
    await leaveQuestion(page).waitFor();
    await confirmDialog(page, "Keep editing");
    await leaveQuestion(page).waitFor({ state: "hidden" });
    expect(page.url()).toMatch(new RegExp(`#/schools/${schoolId}/edit$`));
    await expect(field.inputValue()).resolves.toBe("Typed but not saved");

    await menuLink(page, "User Management").click();
    await confirmDialog(page, "Discard");
    await page.waitForURL(/#\/users$/);
    await context.close();
  });

  it("asks when the browser's Back button leaves an edited form", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    // An entry the address bar made (another hash), which the router did not index itself.
    await page.goto(url(`/schools/${schoolId}/info`));
    await page.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/\/edit$/);
    const field = page.getByLabel("School name");
    await expect.poll(() => field.inputValue()).toBe("Guarded Edits School");
    await field.fill("Typed before going back");

    await page.goBack();
    await leaveQuestion(page).waitFor();
    await confirmDialog(page, "Keep editing");
    await leaveQuestion(page).waitFor({ state: "hidden" });
    expect(page.url()).toMatch(/\/edit$/);
    await expect(field.inputValue()).resolves.toBe("Typed before going back");

    await page.goBack();
    await confirmDialog(page, "Discard");
    await page.waitForURL(/\/info$/);
    await context.close();
  });

  it("asks before the profile menu leaves an edited form, and before signing out", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    const field = await editSchool(page, "Typed before signing out");
    const profileMenu = page.getByRole("button", { name: /Profile menu/ });

    await chooseMenuItem(page, profileMenu, "My Profile");
    await confirmDialog(page, "Keep editing");
    await chooseMenuItem(page, profileMenu, "Logout");
    await leaveQuestion(page).waitFor();
    await confirmDialog(page, "Keep editing");
    await leaveQuestion(page).waitFor({ state: "hidden" });
    expect(page.url()).toMatch(new RegExp(`#/schools/${schoolId}/edit$`));
    await expect(field.inputValue()).resolves.toBe("Typed before signing out");

    await chooseMenuItem(page, profileMenu, "Logout");
    await confirmDialog(page, "Discard");
    await page.waitForURL(/#\/account\/login$/);
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await context.close();
  });

  it("asks when another address is typed in the address bar", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    const field = await editSchool(page, "Typed before the address bar");

    await page.goto(url("/roles-and-permissions"));
    await leaveQuestion(page).waitFor();
    await confirmDialog(page, "Keep editing");
    await page.waitForURL(new RegExp(`#/schools/${schoolId}/edit$`));
    await expect(field.inputValue()).resolves.toBe("Typed before the address bar");

    await page.goto(url("/roles-and-permissions"));
    await confirmDialog(page, "Discard");
    await page.waitForURL(/#\/roles-and-permissions$/);
    await page.getByRole("row").nth(1).waitFor();
    await context.close();
  });

  it("guards the other forms the same way", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    const forms: [string, () => Promise<void>][] = [
      [
        "/users/create",
        () => page.getByRole("textbox", { name: "First name", exact: true }).fill("Ana"),
      ],
      ["/roles-and-permissions/create", () => page.getByLabel("Role name").fill("Librarian")],
      [
        "/profile/edit",
        () => page.getByRole("textbox", { name: "First name", exact: true }).fill("Anita"),
      ],
      ["/profile/change-password", () => page.getByLabel(/^Current password/).fill("typed")],
    ];
    for (const [route, type] of forms) {
      await page.goto(url(route));
      await type();
      await menuLink(page, "School Management").click();
      await leaveQuestion(page).waitFor();
      await confirmDialog(page, "Discard");
      await page.waitForURL(/#\/schools$/);
    }
    await context.close();
  });

  it("has the browser ask before a reload throws the edits away", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    const field = await editSchool(page, "Typed before a reload");

    const asked: Dialog[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog);
      void dialog.dismiss();
    });
    // A reload the page itself starts, as the browser's button does for a page the user typed in.
    await page.evaluate(() => window.location.reload());
    await expect.poll(() => asked.map((dialog) => dialog.type())).toEqual(["beforeunload"]);
    // Staying keeps the form as it was.
    await expect(field.inputValue()).resolves.toBe("Typed before a reload");
    await context.close();
  });

  it("leaves without asking once the form is saved, and asks nothing of an untouched form", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    const asked: string[] = [];
    page.on("dialog", (dialog) => {
      asked.push(dialog.type());
      void dialog.accept();
    });
    await editSchool(page, "Guarded Edits School Saved");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await confirmDialog(page, "Update");
    await page.getByText("School has been updated.").waitFor();
    await page.waitForURL(/\/info$/);
    await page.getByRole("heading", { name: "Guarded Edits School Saved" }).waitFor();

    await page.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(/\/edit$/);
    await menuLink(page, "User Management").click();
    await page.waitForURL(/#\/users$/);
    await page.evaluate(() => window.location.reload());
    await page.getByRole("row").nth(1).waitFor();
    expect(await leaveQuestion(page).count()).toBe(0);
    expect(asked).toEqual([]);
    await context.close();
  });
});
