import { describe, expect, it } from "vitest";
import { confirmDialog, expectAccessible, newPage, openBrowser, signIn, url } from "./browser";
import { tempFile } from "./temp-file";

const browser = openBrowser();

/** A real 1×1 PNG image. */
function pngFile(): string {
  return tempFile(
    "lms-photo-",
    "photo.png",
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
}

describe("my profile", () => {
  it("shows my details, and edits my name and photo after confirming", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "parent");
    await page.goto(url("/profile/details"));
    await page.getByRole("heading", { name: "My Profile" }).waitFor();
    await page.getByText("parent@demo.school.ph").waitFor();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByRole("heading", { name: "Edit Profile" }).waitFor();
    const firstName = page.getByRole("textbox", { name: "First name", exact: true });
    await expect.poll(() => firstName.inputValue()).toBe("Ana");
    await expectAccessible(page);
    await firstName.fill("Anita");
    await page.locator("input[type=file]").setInputFiles(pngFile());
    await page.getByRole("img", { name: "Profile photo" }).waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page
      .getByRole("alertdialog")
      .getByText("Do you want to save the changes to your profile?")
      .waitFor();
    await confirmDialog(page, "Save");
    await page.getByText("Profile has been updated.").waitFor();
    await page.waitForURL(/#\/profile\/details$/);
    await page.getByText("Anita").first().waitFor();
    const photo = page.getByRole("main").getByRole("img", { name: "Profile photo" });
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBe(1);
    await context.close();
  });

  it("changes my password with the strength meter, after confirming", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "student2");
    await page.goto(url("/profile/details"));
    await page.getByRole("link", { name: "Update Password" }).click();
    await page.getByRole("heading", { name: "Update Password" }).waitFor();
    await expectAccessible(page);

    const meter = page.getByRole("meter", { name: "Password strength" });
    await page.getByLabel(/^Current password/).fill("Demo@2026!");
    await page.getByLabel(/^New password/).fill("abc");
    await expect.poll(() => meter.getAttribute("aria-valuetext")).toBe("Weak (2/6)");
    await page.getByLabel(/^New password/).fill("Sampaguita#2026");
    await expect.poll(() => meter.getAttribute("aria-valuetext")).toBe("Strong (6/6)");
    await page.getByLabel(/^Confirm password/).fill("Sampaguita#2027");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("New Password and Confirm Password do not match.").waitFor();

    await page.getByLabel(/^Confirm password/).fill("Sampaguita#2026");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByRole("alertdialog").getByText("Do you want to update your password?").waitFor();
    await confirmDialog(page, "Update");
    await page.getByText("Password has been updated.").waitFor();
    await page.waitForURL(/#\/profile\/details$/);

    const again = await newPage(browser());
    await signIn(again.page, "student2", "Sampaguita#2026");
    await again.context.close();
    await context.close();
  });

  it("asks for the current password only when the e-mail changes, and shows a wrong one on its field", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "schooladmin2");
    await page.goto(url("/profile/details"));
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByRole("heading", { name: "Edit Profile" }).waitFor();
    const email = page.getByRole("textbox", { name: /^E-?mail/i });
    await expect.poll(() => email.inputValue()).toContain("@");
    const oldEmail = await email.inputValue();
    const current = page.getByLabel(/^Current password/);
    expect(await current.count()).toBe(0);

    await email.fill("carlos.new@example.edu.ph");
    await current.waitFor();
    await page.getByText("Enter your current password to change your e-mail address.").waitFor();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("This field is required.").waitFor();
    expect(await page.getByRole("alertdialog").count()).toBe(0);

    await current.fill("Wrong@Pass99");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await confirmDialog(page, "Save");
    await page.getByText("The current password is incorrect.").waitFor();
    await expect.poll(() => current.getAttribute("aria-invalid")).toBe("true");

    await current.fill("Demo@2026!");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await confirmDialog(page, "Save");
    await page.getByText("Profile has been updated.").waitFor();
    await page.waitForURL(/#\/profile\/details$/);
    await page.getByText("carlos.new@example.edu.ph").waitFor();

    // Back to the old address, which takes the password again.
    await page.getByRole("link", { name: "Edit Profile" }).click();
    await page.getByRole("heading", { name: "Edit Profile" }).waitFor();
    await email.fill(oldEmail);
    await current.fill("Demo@2026!");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await confirmDialog(page, "Save");
    await page.getByText("Profile has been updated.").waitFor();
    await context.close();
  });
});
