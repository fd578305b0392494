import { describe, expect, it } from "vitest";
import {
  chooseMenuItem,
  chooseRowAction,
  confirmDialog,
  expectAccessible,
  newPage,
  openBrowser,
  signIn,
  url,
} from "./browser";

const browser = openBrowser();

describe("courses", () => {
  it("shows a course's elements with their materials, adds, publishes and removes an element", async () => {
    const { context, page } = await newPage(browser());
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

  it("creates, edits, unpublishes and deletes a course with an element and a material, asking each time", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/courses"));
    await page.getByRole("button", { name: "Create course" }).click();
    const panel = page.getByRole("region", { name: "Create Course" });
    await panel.getByRole("textbox", { name: "Course name", exact: true }).fill("Filipino 8");
    await panel.getByRole("textbox", { name: "Course code", exact: true }).fill("FIL8");
    await panel.getByRole("textbox", { name: "Subject", exact: true }).fill("Filipino");
    await panel.getByRole("combobox", { name: "Grade level" }).click();
    await page.getByRole("option", { name: "Grade 8", exact: true }).click();
    await panel.getByRole("switch", { name: "Published" }).click();
    await expectAccessible(page);
    await panel.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("Course has been created.").waitFor();
    await page.waitForURL(/#\/courses\/\d+$/);
    const courseUrl = page.url();

    await page.getByRole("button", { name: "Add course element" }).click();
    const form = page.getByRole("region", { name: "Add Course Element" });
    await form.getByRole("textbox", { name: "Element name", exact: true }).fill("Aralin 1");
    await form.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Lesson", exact: true }).click();
    await form.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("Course element has been created.").waitFor();

    await chooseMenuItem(
      page,
      page.getByRole("button", { name: "Add material to Aralin 1" }),
      "Link",
    );
    await page.waitForURL(/create-material\/\d+\/link$/);
    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Diksiyonaryo");
    await page
      .getByRole("textbox", { name: "Link URL", exact: true })
      .fill("https://diksiyonaryo.ph");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("Material has been created.").waitFor();
    await page.waitForURL(courseUrl);
    await page.getByText("Diksiyonaryo").first().waitFor();

    await page.goto(url("/materials"));
    await page.getByLabel("Search").fill("Diksiyonaryo");
    const material = page.getByRole("row", { name: /Diksiyonaryo/ });
    await material.getByRole("button", { name: "Edit: Diksiyonaryo" }).click();
    await page.waitForURL(/update-material\/\d+$/);
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await expect.poll(() => name.inputValue()).toBe("Diksiyonaryo");
    await name.fill("Diksiyonaryo online");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await confirmDialog(page, "Update");
    await page.getByText("Material has been updated.").waitFor();
    await page.goto(url("/materials"));
    await page.getByLabel("Search").fill("Diksiyonaryo");
    const renamed = page.getByRole("row", { name: /Diksiyonaryo online/ });
    await chooseRowAction(page, renamed, "Delete");
    await confirmDialog(page, "Delete");
    await page.getByText("Material has been deleted.").waitFor();
    await renamed.waitFor({ state: "detached" });

    await page.goto(`${courseUrl}?tab=details`);
    const subject = page.getByRole("textbox", { name: "Subject", exact: true });
    await expect.poll(() => subject.inputValue()).toBe("Filipino");
    await subject.fill("Wikang Filipino");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await confirmDialog(page, "Update");
    await page.getByText("Course has been updated.").waitFor();

    await page.goto(url("/courses"));
    await page.getByLabel("Search").fill("FIL8");
    const row = page.getByRole("row", { name: /Filipino 8/ });
    await expect.poll(() => row.textContent()).toContain("Wikang Filipino");
    await chooseRowAction(page, row, "Unpublish");
    await confirmDialog(page, "Unpublish");
    await page.getByText("Course has been unpublished.").waitFor();
    await chooseRowAction(page, row, "Delete");
    await confirmDialog(page, "Delete");
    await page.getByText("Course has been deleted.").waitFor();
    await row.waitFor({ state: "detached" });
    await context.close();
  });
});
