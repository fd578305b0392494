import { describe, expect, it } from "vitest";
import { apiAs } from "./api";
import { confirmDialog, expectAccessible, newPage, openBrowser, signIn, url } from "./browser";

const browser = openBrowser();

describe("two people editing one record (issue 45)", () => {
  it("shows what the other changed, keeps what was typed, and reloads theirs or overwrites it", async () => {
    const otherAdmin = await apiAs("rexadmin");
    const school = await otherAdmin<{ id: number; version: number }>("/school/", "create", {
      schoolCode: "STALE-1",
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
    await page.getByText("School has been updated.").waitFor();
    await expect(otherAdmin("/school/", "get", { id: school.id })).resolves.toMatchObject({
      city: "Ormoc",
      address: "3 Bonifacio St.",
    });
    await context.close();
  });
});
