import { describe, expect, it } from "vitest";
import { apiAs } from "./api";
import { confirmDialog, expectAccessible, newPage, openBrowser, signIn, url } from "./browser";

const browser = openBrowser();

describe("two people editing one record (issue 45)", () => {
  it("shows what the other changed, keeps what was typed, and reloads theirs or overwrites it", async () => {
    const otherAdmin = await apiAs("rexadmin");
    const school = await otherAdmin<{ id: number; version: number }>("/school/", "create", {
      // Its own code each attempt: a retry creates another school.
      schoolCode: `STALE-${Date.now() % 1e6}`,
      schoolName: "Leyte Stale High School",
      city: "Palo",
      address: "1 Real St.",
    });
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url(`/schools/${school.id}/edit`));
    const city = page.getByLabel("City", { exact: true });
    const address = page.getByLabel("Address", { exact: true });
    await expect.poll(() => city.inputValue()).toBe("Palo");

    // The other admin saves a new city while this form is open.
    await otherAdmin("/school/", "update", {
      id: school.id,
      version: school.version,
      city: "Ormoc",
    });

    await address.fill("2 Rizal St.");
    const save = async () => {
      await page.getByRole("button", { name: "Update", exact: true }).click();
      await confirmDialog(page, "Update");
    };
    await save();
    const dialog = page.getByRole("alertdialog", {
      name: "Someone else changed this school",
    });
    await dialog.waitFor();
    await expect(dialog.getByRole("row").allTextContents()).resolves.toEqual([
      "FieldTheir versionYours",
      "CityOrmocPalo",
    ]);
    await expectAccessible(page);

    // Escape keeps the form as typed.
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await expect(address.inputValue()).resolves.toBe("2 Rizal St.");

    // Reloading theirs puts their city in the form; the address typed goes with it.
    await save();
    await dialog.getByRole("button", { name: "Reload their version" }).click();
    await page.getByText("Their version is in the form now.").waitFor();
    await expect(city.inputValue()).resolves.toBe("Ormoc");
    await expect(address.inputValue()).resolves.toBe("1 Real St.");

    // Saved again from their version: both changes are kept.
    await address.fill("2 Rizal St.");
    await save();
    await page.getByText("School has been updated.").waitFor();
    await page.waitForURL(/#\/schools\/\d+\/info$/);
    const saved = await otherAdmin<{ city: string; address: string; version: number }>(
      "/school/",
      "get",
      { id: school.id },
    );
    expect(saved).toMatchObject({ city: "Ormoc", address: "2 Rizal St." });

    // Overwriting: what was typed is saved over their newer change.
    await page.goto(url(`/schools/${school.id}/edit`));
    await expect.poll(() => city.inputValue()).toBe("Ormoc");
    await otherAdmin("/school/", "update", {
      id: school.id,
      version: saved.version,
      city: "Baybay",
    });
    await address.fill("3 Bonifacio St.");
    await save();
    await dialog.getByRole("button", { name: "Overwrite with mine" }).click();
    // Saved: the form goes to the school's page (the last save's toast may still be showing).
    await page.waitForURL(/#\/schools\/\d+\/info$/);
    await expect(otherAdmin("/school/", "get", { id: school.id })).resolves.toMatchObject({
      city: "Ormoc",
      address: "3 Bonifacio St.",
    });
    await context.close();
  });
});

describe("an element renamed by someone else meanwhile", () => {
  it("shows their name beside the one typed, and saves mine over it when asked", async () => {
    const other = await apiAs("admin");
    const course = await other("/course/", "create", {
      courseName: "Stale Science",
      courseCode: `STALE-C${Date.now() % 1e6}`,
      gradeLevel: 7,
      subject: "Science",
    });
    const element = await other<{ id: number; version: number }>("/element/", "create", {
      courseId: course.id,
      name: "Unit 1",
      type: "lesson",
      placement: "bottom",
    });
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url(`/courses/${course.id}/elements/${element.id}`));
    const name = page.getByRole("textbox", { name: "Element name", exact: true });
    await expect.poll(() => name.inputValue()).toBe("Unit 1");

    await other("/element/", "update", {
      id: element.id,
      version: element.version,
      name: "Unit 1: Matter",
      type: "lesson",
    });
    await name.fill("Unit 1: Atoms");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await confirmDialog(page, "Update");
    const dialog = page.getByRole("alertdialog", {
      name: "Someone else changed this course element",
    });
    await dialog.waitFor();
    await expect(dialog.getByRole("row").allTextContents()).resolves.toEqual([
      "FieldTheir versionYours",
      "Element nameUnit 1: MatterUnit 1: Atoms",
    ]);
    await dialog.getByRole("button", { name: "Overwrite with mine" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect
      .poll(async () => {
        const list = await other<{ data: { id: number; name: string }[] }>("/element/", "list", {
          courseId: course.id,
        });
        return list.data.find((row) => row.id === element.id)?.name;
      })
      .toBe("Unit 1: Atoms");
    await context.close();
  });
});
