import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newPage, signIn, url } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The class table's row of a section, by its link. */
const classRow = (page: Page, section: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name: section, exact: true }) });

/** Waits until a class row shows this number of students (the fourth column). */
async function expectStudents(page: Page, section: string, count: number) {
  await expect
    .poll(() => classRow(page, section).getByRole("cell").nth(3).textContent(), {
      timeout: 15_000,
    })
    .toBe(String(count));
}

describe("classes", () => {
  it("lets a school admin open a class and move a student to another section", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, "schooladmin");
    await page.getByRole("navigation").getByRole("link", { name: "Schools" }).click();
    await page.waitForURL(/#\/schools\/\d+\/info$/);
    await page.getByRole("link", { name: "Classes", exact: true }).click();
    await page.waitForURL(/#\/schools\/\d+\/classes$/);
    for (const section of ["Rizal", "Mabini", "Bonifacio"]) await classRow(page, section).waitFor();
    await expectStudents(page, "Rizal", 3);
    await expectStudents(page, "Mabini", 2);
    await expectAccessible(page);

    // Filter by grade: only grade 8's class stays.
    await page.getByRole("combobox", { name: "Grade" }).selectOption({ label: "Grade 8" });
    await expect.poll(() => classRow(page, "Rizal").count()).toBe(0);
    await classRow(page, "Bonifacio").waitFor();
    await page.getByRole("combobox", { name: "Grade" }).selectOption({ label: "All" });

    await page.getByRole("link", { name: "Rizal", exact: true }).click();
    await page.waitForURL(/#\/schools\/\d+\/classes\/[\w.-]+$/);
    await page.getByRole("heading", { name: "Grade 7 – Rizal" }).waitFor();
    await page.getByRole("row", { name: /Torres, Miguel/ }).waitFor();
    await page.getByRole("row", { name: /Santos, Maria.*Science/ }).waitFor();
    await page.getByRole("row", { name: /Science 7/ }).waitFor();
    await expectAccessible(page);

    await page.getByRole("checkbox", { name: "Select row: Torres, Miguel" }).check();
    await page.getByRole("button", { name: "Move to section" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Move students to another section" });
    await dialog.waitFor();
    await expectAccessible(page);
    // Confirming without a section keeps the dialog open and says what is missing.
    await dialog.getByRole("button", { name: "Move to section" }).click();
    await dialog.getByText("This field is required.").waitFor();
    await dialog.getByRole("combobox", { name: /New section/ }).click();
    await page.getByRole("option", { name: "Mabini" }).click();
    await dialog.getByText("Move 1 student to section Mabini?").waitFor();
    await dialog.getByRole("button", { name: "Move to section" }).click();
    await page.getByText("1 student has been moved.").waitFor();
    await expect
      .poll(() => page.getByRole("row", { name: /Torres, Miguel/ }).count(), { timeout: 15_000 })
      .toBe(0);

    // Both classes changed.
    await page.getByRole("link", { name: "Back to classes" }).click();
    await page.waitForURL(/#\/schools\/\d+\/classes$/);
    await expectStudents(page, "Rizal", 2);
    await expectStudents(page, "Mabini", 3);
    await page.getByRole("link", { name: "Mabini", exact: true }).click();
    await page.getByRole("heading", { name: "Grade 7 – Mabini" }).waitFor();
    await page.getByRole("row", { name: /Torres, Miguel/ }).waitFor();

    // A student's details link to its class.
    await page.getByRole("link", { name: "Torres, Miguel" }).click();
    await page.waitForURL(/#\/users\/\d+$/);
    await page.getByRole("link", { name: "Grade 7 – Mabini" }).click();
    await page.getByRole("heading", { name: "Grade 7 – Mabini" }).waitFor();
    await context.close();
  });

  it("shows a teacher only the classes of its load", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, "teacher");
    await page.getByRole("link", { name: "Classes", exact: true }).click();
    await page.waitForURL(/#\/classes$/);
    await classRow(page, "Rizal").waitFor();
    await expect.poll(() => page.getByRole("row").count()).toBe(2);
    await expectAccessible(page);

    await page.getByRole("link", { name: "Rizal", exact: true }).click();
    await page.waitForURL(/#\/classes\/[\w.-]+$/);
    await page.getByRole("heading", { name: "Grade 7 – Rizal" }).waitFor();
    await page.getByRole("row", { name: /Santos, Maria.*Mathematics/ }).waitFor();
    // A teacher moves nobody: no selection.
    await expect(page.getByRole("checkbox").count()).resolves.toBe(0);
    await expectAccessible(page);

    // Another class of the school is not the teacher's.
    const rizal = page.url();
    await page.goto(rizal.replace(/\.[\w-]+$/, ".bWFiaW5p"));
    await page.getByRole("heading", { name: /not found/i }).waitFor();
    await context.close();
  });

  it("lists the classes that take a course in the course's page", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, "admin");
    await page.goto(url("/courses"));
    await page.getByRole("link", { name: "Science 7", exact: true }).click();
    await page.getByRole("tab", { name: "Classes taking this course" }).click();
    await classRow(page, "Rizal").waitFor();
    await classRow(page, "Mabini").waitFor();
    await expect(classRow(page, "Bonifacio").count()).resolves.toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
