import { describe, expect, it } from "vitest";
import { apiAs } from "./api";
import {
  chooseRowAction,
  confirmDialog,
  expectAccessible,
  newPage,
  openBrowser,
  signIn,
  url,
} from "./browser";
import { DEMO_PASSWORD } from "./stack";

const browser = openBrowser();

// Codes of this file's own records: the demo data the other files use stays as it is.
const run = Date.now().toString(36).slice(-5).toUpperCase();

describe("the recycle bin", () => {
  it("moves a school with its users to the bin after its code is typed, and restores it", async () => {
    const admin = await apiAs("admin");
    const schoolCode = `BIN-${run}`;
    const schoolName = `Recycle Bin Test High School ${run}`;
    const userName = `bin${run.toLowerCase()}`;
    const school = await admin("/school/", "create", { schoolCode, schoolName });
    const user = await admin("/user/", "create", {
      firstName: "Lorna",
      lastName: "Villanueva",
      userName,
      email: `${userName}@example.edu.ph`,
      roleId: 3,
      schoolId: school.id,
      employeeNumber: `E-${run}`,
    });
    await admin("/user/", "changepassword", {
      userId: user.id,
      newPassword: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
    });

    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/schools"));
    await page.getByLabel("Search").fill(schoolCode);
    const row = page.getByRole("row", { name: new RegExp(schoolName) });
    await row.waitFor();
    await chooseRowAction(page, row, "Delete");

    // The dialog says what goes, from the server's counts, and wants the school's code.
    const dialog = page.getByRole("alertdialog", { name: "Confirm deletion" });
    await dialog.getByText(`${schoolName} and 1 user will be moved to the recycle bin.`).waitFor();
    const code = dialog.getByRole("textbox", { name: `Type ${schoolCode} to confirm` });
    const remove = dialog.getByRole("button", { name: "Delete" });
    await expect(remove.isDisabled()).resolves.toBe(true);
    await code.fill("BIN-WRONG");
    await expect(remove.isDisabled()).resolves.toBe(true);
    await expectAccessible(page);
    await code.fill(schoolCode.toLowerCase());
    await remove.click();
    await page.getByText("School has been deleted.").waitFor();
    await row.waitFor({ state: "detached" });

    // Its users are gone with it: none of them can sign in.
    await expect(apiAs(userName)).rejects.toThrow();

    await page.getByRole("link", { name: "Recycle bin" }).click();
    await page.waitForURL(/#\/schools\/recycle-bin$/);
    await page.getByRole("heading", { name: "Recycle bin: Schools" }).waitFor();
    await page.getByLabel("Search").fill(schoolCode);
    const entry = page.getByRole("row", { name: new RegExp(schoolName) });
    await entry.waitFor();
    await entry.getByText("1 user").waitFor();
    await entry.getByText("admin", { exact: true }).waitFor();
    await expectAccessible(page);

    await chooseRowAction(page, entry, "Restore");
    await page
      .getByRole("alertdialog")
      .getByText(`Do you want to restore ${schoolName} and what was deleted with it?`)
      .waitFor();
    await confirmDialog(page, "Restore");
    await page.getByText("Restored from the recycle bin.").waitFor();
    await entry.waitFor({ state: "detached" });

    await page.goto(url("/schools"));
    await page.getByLabel("Search").fill(schoolCode);
    await page.getByRole("row", { name: new RegExp(schoolName) }).waitFor();
    await context.close();

    // The restored school's user signs in again.
    const back = await newPage(browser());
    await signIn(back.page, userName);
    await back.page.getByRole("button", { name: "Profile menu" }).waitFor();
    await back.context.close();
  });

  it("asks for a course's code when it has student progress, and deletes it forever from the bin", async () => {
    const teacher = await apiAs("teacher");
    const courseCode = `BINC-${run}`;
    const courseName = `Recycled Science ${run}`;
    const course = await teacher("/course/", "create", {
      courseName,
      courseCode,
      gradeLevel: 7,
      subject: "Science",
      description: "A course of the recycle bin test.",
      published: true,
    });
    const element = await teacher("/element/", "create", {
      courseId: course.id,
      name: "Unit 1",
      type: "lesson",
      published: true,
    });
    const material = await teacher("/material/", "create", {
      courseId: course.id,
      elementId: element.id,
      name: "Reading",
      type: "page",
      content: "<p>Read this.</p>",
      published: true,
    });
    // The demo student opens it: the course now has progress.
    const student = await apiAs("student");
    await student("/journey/", "open", { materialId: material.id });

    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/courses"));
    await page.getByLabel("Search").fill(courseCode);
    const row = page.getByRole("row", { name: new RegExp(courseName) });
    await row.waitFor();
    await chooseRowAction(page, row, "Delete");
    const dialog = page.getByRole("alertdialog", { name: "Confirm deletion" });
    await dialog
      .getByText(
        `${courseName}, 1 course element, 1 material and their progress will be moved to the recycle bin.`,
      )
      .waitFor();
    const remove = dialog.getByRole("button", { name: "Delete" });
    await expect(remove.isDisabled()).resolves.toBe(true);
    await dialog.getByRole("textbox", { name: `Type ${courseCode} to confirm` }).fill(courseCode);
    await remove.click();
    await page.getByText("Course has been deleted.").waitFor();
    await row.waitFor({ state: "detached" });

    await page.getByRole("link", { name: "Recycle bin" }).click();
    await page.waitForURL(/#\/courses\/recycle-bin$/);
    await page.getByLabel("Search").fill(courseCode);
    const entry = page.getByRole("row", { name: new RegExp(courseName) });
    await entry.waitFor();
    await entry.getByText(/^1 course element, 1 material and \d+ progress records?$/).waitFor();
    await expectAccessible(page);

    await chooseRowAction(page, entry, "Delete forever");
    await page
      .getByRole("alertdialog")
      .getByText(`Do you want to delete ${courseName} forever? This cannot be undone.`)
      .waitFor();
    await confirmDialog(page, "Delete forever");
    await page.getByText("Deleted forever.").waitFor();
    await entry.waitFor({ state: "detached" });
    // Gone from the bin for good, not only from this page.
    await page.reload();
    await page.getByLabel("Search").fill(courseCode);
    await page.getByText("No records found.").waitFor();
    await context.close();
  });

  it("shows a student who types a recycle bin's URL the no-access screen", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "student");
    for (const path of [
      "/schools/recycle-bin",
      "/users/recycle-bin",
      "/roles-and-permissions/recycle-bin",
      "/courses/recycle-bin",
    ]) {
      await page.goto(url(path));
      await page.getByRole("heading", { name: "You don't have access to this page" }).waitFor();
      expect(await page.getByRole("table").count()).toBe(0);
    }
    await context.close();
  });
});
