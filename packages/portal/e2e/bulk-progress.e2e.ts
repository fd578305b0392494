import { describe, expect, it } from "vitest";
import { confirmDialog, newPage, openBrowser, signIn, url } from "./browser";
import { tempFile } from "./temp-file";

const browser = openBrowser();

const header =
  "firstName,lastName,userName,email,role,school,grade,section,learningReferenceNumber";

describe("bulk upload progress (issue 14)", () => {
  it("shows a progress bar of rows checked and written while a large file uploads, then the result", async () => {
    const rows = Array.from(
      { length: 3000 },
      (_, n) =>
        `Lea,Salonga,prog${n},prog${n}@example.edu.ph,Student,rnhs,7,Rizal,${300000000000 + n}`,
    );
    const file = tempFile("lms-csv-", "users.csv", `${[header, ...rows].join("\r\n")}\r\n`);

    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/users"));
    await page.getByRole("button", { name: "Bulk upload" }).click();
    await page.locator("input[type=file]").setInputFiles(file);
    await page.getByText("Will be created").first().waitFor({ timeout: 60_000 });
    await page.getByRole("button", { name: "Upload 3,000 users" }).click();
    await confirmDialog(page, "Upload");

    const bar = page.getByRole("progressbar", { name: "Upload progress" });
    await bar.waitFor();
    await expect(bar.getAttribute("aria-valuemax")).resolves.toBe("3000");
    await page.getByText(/of 3,?000 rows checked, [\d,]+ written/).waitFor();
    await page
      .getByText(/Created: 3,?000\. Updated: 0\. Skipped: 0\./)
      .waitFor({ timeout: 120_000 });
    await expect(bar.count()).resolves.toBe(0);
    await context.close();
  }, 240_000);
});
