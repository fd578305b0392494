import type { Page } from "playwright-core";
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
import { tempFile } from "./temp-file";

const browser = openBrowser();

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

// The role by name and the school by code, in any case (issue 13).
const header =
  "firstName,lastName,userName,email,role,school,grade,section,learningReferenceNumber";
function csv(rows: string[]): string {
  return tempFile("lms-csv-", "users.csv", `\uFEFF${[header, ...rows].join("\r\n")}\r\n`);
}

describe("users", () => {
  it("creates a student with role-dependent fields, edits, deactivates and deletes them", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/users/create"));
    await page.getByRole("heading", { name: "Create New User" }).waitFor();
    await choose(page, "Role", "Student");
    await choose(page, "Assigned school", "Rizal National High School");
    await page.getByRole("textbox", { name: "Username", exact: true }).fill("jrizal");
    await page
      .getByRole("textbox", { name: "Email", exact: true })
      .fill("jose.rizal@example.edu.ph");
    await page.getByRole("textbox", { name: "First name", exact: true }).fill("José");
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Rizal");
    await page.getByLabel("Learning reference number").fill("123");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText("Learning reference number must be 12 digits.").waitFor();
    await page.getByLabel("Learning reference number").fill("100000000777");
    await choose(page, "Grade", "7");
    await page.getByLabel("Section").fill("Sampaguita");
    await page.getByLabel("Parent's email").fill("teodora@example.com");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("User has been created.").waitFor();
    await page.waitForURL(/#\/users\/\d+$/);
    await page.getByRole("heading", { name: "José Rizal" }).waitFor();

    // the same username again is a conflict, with the text of SPEC.md §8
    await page.goto(url("/users/create"));
    await choose(page, "Role", "Admin");
    await page.getByRole("textbox", { name: "Username", exact: true }).fill("jrizal");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill("another@example.edu.ph");
    await page.getByRole("textbox", { name: "First name", exact: true }).fill("Other");
    await page.getByRole("textbox", { name: "Last name", exact: true }).fill("Person");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("Creation Unsuccessful. User already exists.").first().waitFor();
    await expect(
      page.getByRole("textbox", { name: "Username", exact: true }).inputValue(),
    ).resolves.toBe("jrizal");
    // The field that is taken is marked, and only it (issue 13).
    await page.getByText("This username is already taken.").waitFor();
    await expect(
      page.getByRole("textbox", { name: "Username", exact: true }).getAttribute("aria-invalid"),
    ).resolves.toBe("true");
    await expect(
      page.getByRole("textbox", { name: "Email", exact: true }).getAttribute("aria-invalid"),
    ).resolves.not.toBe("true");

    // The form still holds what was typed: leaving it asks first (issue 13).
    await page.goto(url("/users"));
    await confirmDialog(page, "Discard");
    await page.getByLabel("Search").fill("jrizal");
    const row = page.getByRole("row", { name: /José Rizal/ });
    await row.waitFor();
    await chooseRowAction(page, row, "Deactivate");
    await confirmDialog(page, "Deactivate");
    await page.getByText("User has been deactivated.").waitFor();
    await row.getByText("Inactive").waitFor();
    await chooseRowAction(page, row, "Delete");
    await confirmDialog(page, "Delete");
    await page.getByText("User has been deleted.").waitFor();
    await row.waitFor({ state: "detached" });
    await context.close();
  });

  it("bulk upload with a bad row writes nothing and names the row; the fixed file writes all", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/users"));
    await page.getByRole("button", { name: "Bulk upload" }).click();
    const good = (n: number) =>
      `Ana${"abcdefghij"[n]},Reyes,bulk${n},bulk${n}@example.edu.ph,Student,rnhs,7,Rizal,2000000000${String(n).padStart(2, "0")}`;
    const bad = csv([
      good(1),
      good(2),
      "Bad1,Reyes,bulk3,not-an-email,student,RNHS,7,Rizal,200000000003",
    ]);
    await page.locator("input[type=file]").setInputFiles(bad);
    await page.getByText("1 row has errors").waitFor();
    const badRow = page.getByRole("row", { name: /^4 / });
    await expect(badRow.textContent()).resolves.toContain("Incorrect email.");
    await expect(page.getByRole("button", { name: /Upload 3 users/ }).isDisabled()).resolves.toBe(
      true,
    );

    // An unknown school code is found by the server's check, on its row, before anything is written.
    const unknown = csv([good(1), good(2), good(3).replace(",rnhs,", ",NOPE,")]);
    await page.locator("input[type=file]").setInputFiles(unknown);
    await page.getByText("1 row has errors").waitFor();
    await expect(page.getByRole("row", { name: /^4 / }).textContent()).resolves.toContain(
      "school: Invalid value.",
    );

    const fixed = csv([good(1), good(2), good(3)]);
    await page.locator("input[type=file]").setInputFiles(fixed);
    await page.getByText("Will be created").first().waitFor();
    // The server's check shows each row's role by name and its school by code.
    await expect(page.getByRole("row", { name: /bulk1/ }).textContent()).resolves.toMatch(
      /student\s*RNHS/,
    );
    await page.getByRole("button", { name: "Upload 3 users" }).click();
    await confirmDialog(page, "Upload");
    await page.getByText("Created: 3. Updated: 0. Skipped: 0.").waitFor();
    // After the run the preview says what each row did, not what it would do (issue 13).
    await expect(page.getByText("Will be created").count()).resolves.toBe(0);
    await expect(page.getByRole("row", { name: /bulk3/ }).textContent()).resolves.toContain(
      "Created",
    );
    await page.getByRole("button", { name: "Close" }).click();
    await page.getByLabel("Search").fill("bulk");
    await page.getByRole("row", { name: /bulk3/ }).waitFor();

    // the three new users, selected together, are deactivated in one action (once the search
    // has narrowed the page to them)
    await page.waitForFunction(() => document.querySelectorAll("tbody tr").length === 3);
    await page.getByRole("checkbox", { name: "Select all rows on this page" }).click();
    await page.getByRole("button", { name: "Deactivate", exact: true }).click();
    await confirmDialog(page, "Deactivate");
    await page.getByText("3 users updated.").waitFor();
    await expect
      .poll(() => page.getByRole("row", { name: /bulk/ }).getByText("Inactive").count())
      .toBe(3);
    await context.close();
  });

  it("keeps the users table's actions in view at 1366 px with long e-mails, and at 390 px", async () => {
    const call = await apiAs("admin");
    await call("/user/", "create", {
      firstName: "Maria Clara",
      lastName: "De los Santos",
      userName: "longmail",
      email: "maria.clara.de.los.santos.dela.cruz.reyes@rizal-national-high-school.example.edu.ph",
      roleId: 1,
    });
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(url("/users"));
    await page.getByLabel("Search").fill("longmail");
    await page.getByRole("row", { name: /longmail/ }).waitFor();
    const header = page.getByRole("columnheader", { name: "Actions" });
    const wide = await header.boundingBox();
    expect(wide!.x + wide!.width).toBeLessThanOrEqual(1366);
    await page.setViewportSize({ width: 390, height: 800 });
    const firstRow = page.getByRole("row").nth(1);
    const more = firstRow.getByRole("button", { name: /^Row actions/ });
    await more.waitFor();
    const narrow = await more.boundingBox();
    expect(narrow!.x).toBeGreaterThanOrEqual(0);
    expect(narrow!.x + narrow!.width).toBeLessThanOrEqual(390);
    // The resize to 390 px may still be settling (the drawer turns into an overlay and takes
    // focus back), which can close a menu opened in the same moment: open it again then.
    const deactivate = page.getByRole("menuitem", { name: "Deactivate" });
    for (let attempt = 0; ; attempt++) {
      await more.click();
      const opened = await deactivate
        .waitFor({ timeout: 5000 })
        .then(() => true)
        .catch(() => false);
      if (opened) break;
      if (attempt === 2) throw new Error("the row actions menu did not open at 390 px");
      await page.keyboard.press("Escape");
    }
    await context.close();
  });

  it("refuses a file that is not CSV with SPEC.md's 'Invalid csv file.'", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/users"));
    await page.getByRole("button", { name: "Bulk upload" }).click();
    const file = tempFile("lms-txt-", "users.txt", "not a table\n");
    await page.locator("input[type=file]").setInputFiles(file);
    await page.getByText("Invalid csv file.").waitFor();
    await expect(page.getByRole("button", { name: /^Upload/ }).isDisabled()).resolves.toBe(true);
    await context.close();
  });

  it("selects all users matching the search, beyond the page, and acts on them at once", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/users"));
    await page.getByRole("button", { name: "Bulk upload" }).click();
    const rows = Array.from({ length: 12 }, (_, n) => {
      const id = String(n + 1).padStart(2, "0");
      return `Lea${"abcdefghijkl"[n]},Salonga,allsel${id},allsel${id}@example.edu.ph,student,RNHS,7,Rizal,3000000000${id}`;
    });
    await page.locator("input[type=file]").setInputFiles(csv(rows));
    await page.getByRole("button", { name: "Upload 12 users" }).click();
    await confirmDialog(page, "Upload");
    await page.getByText("Created: 12. Updated: 0. Skipped: 0.").waitFor();
    await page.getByRole("button", { name: "Close" }).click();

    await page.getByLabel("Search").fill("allsel");
    await page.waitForFunction(
      () =>
        document.querySelectorAll("tbody tr").length === 10 &&
        [...document.querySelectorAll("tbody tr")].every((row) =>
          row.textContent?.includes("allsel"),
        ),
    );
    await page.getByRole("checkbox", { name: "Select all rows on this page" }).click();
    await page.getByText("10 selected").waitFor();
    await page.getByRole("button", { name: "Select all 12 matching records" }).click();
    await page.getByText("All 12 matching records are selected.").waitFor();
    await page.getByRole("button", { name: "Deactivate", exact: true }).click();
    await page.getByRole("alertdialog").getByText("Apply “Deactivate” to 12 records?").waitFor();
    await confirmDialog(page, "Deactivate");
    await page.getByText("12 users updated.").waitFor();
    await expect
      .poll(() =>
        page
          .getByRole("row", { name: /allsel/ })
          .getByText("Inactive")
          .count(),
      )
      .toBe(10);
    await page.getByRole("button", { name: "Next page" }).click();
    await expect
      .poll(() =>
        page
          .getByRole("row", { name: /allsel/ })
          .getByText("Inactive")
          .count(),
      )
      .toBe(2);
    await expectAccessible(page);
    await context.close();
  });
});
