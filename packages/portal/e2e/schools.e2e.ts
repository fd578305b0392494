import { describe, expect, it } from "vitest";
import {
  chooseRowAction,
  confirmDialog,
  expectAccessible,
  newPage,
  openBrowser,
  signIn,
  url,
} from "./browser";

const browser = openBrowser();

describe("schools", () => {
  it("creates, edits, disables and deletes a school, asking each time", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.getByRole("link", { name: "Create New School" }).first().click();
    await page.waitForURL(/#\/schools\/create$/);
    await expectAccessible(page);

    // A failed form keeps what was typed and says what is wrong.
    await page.getByLabel("School name").fill("Mabini Integrated School");
    await page.getByLabel("Website URL").fill("not a url");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText("This field is required.").first().waitFor();
    await page.getByText("Invalid URL form").waitFor();
    await expect(page.getByLabel("School name").inputValue()).resolves.toBe(
      "Mabini Integrated School",
    );

    await page.getByLabel("School code").fill("MIS-900");
    await page.getByLabel("Website URL").fill("https://mabini.edu.ph");
    await page.getByLabel("City", { exact: true }).fill("Batangas City");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("School has been created.").waitFor();
    await page.waitForURL(/#\/schools\/\d+\/info$/);
    await page.getByRole("heading", { name: "Mabini Integrated School" }).waitFor();
    await expectAccessible(page);

    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByLabel("School name").fill("Apolinario Mabini Integrated School");
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await confirmDialog(page, "Update");
    await page.getByText("School has been updated.").waitFor();
    await page.getByRole("heading", { name: "Apolinario Mabini Integrated School" }).waitFor();

    await page.goto(url("/schools"));
    await page.getByLabel("Search").fill("apolinario");
    const row = page.getByRole("row", { name: /Apolinario Mabini/ });
    await row.waitFor();
    await chooseRowAction(page, row, "Disable");
    await confirmDialog(page, "Disable");
    await page.getByText("School has been disabled.").waitFor();
    await row.getByText("Disabled").waitFor();

    await chooseRowAction(page, row, "Delete");
    await confirmDialog(page, "Delete");
    await page.getByText("School has been deleted.").waitFor();
    await row.waitFor({ state: "detached" });
    await context.close();
  });

  it("asks before cancelling a changed form", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/schools/create"));
    await page.getByLabel("School name").fill("Half typed");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("alertdialog").waitFor();
    await confirmDialog(page, "Keep editing");
    await expect(page.getByLabel("School name").inputValue()).resolves.toBe("Half typed");
    await context.close();
  });

  it("treats /schools/create/edit as not found and /schools/{id} as its information tab", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    await page.goto(url("/schools/create/edit"));
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.goto(url("/schools/1"));
    await page.waitForURL(/#\/schools\/1\/info$/);
    await context.close();
  });

  it("keeps a school admin out of another school, even by typed URL", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "schooladmin2");
    await page.getByRole("navigation").getByRole("link", { name: "Schools" }).click();
    await page.waitForURL(/#\/schools\/\d+\/info$/);
    const own = Number(/schools\/(\d+)/.exec(page.url())![1]);
    const other = own === 1 ? 2 : 1;
    await page.goto(url(`/schools/${other}/info`));
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.goto(url(`/schools/${other}/users`));
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await context.close();
  });

  it("opens a kept session's schools list with its code and class-service sign-in started by the page's own script, which the CSP allows", async () => {
    const { context, page } = await newPage(browser());
    await signIn(page, "admin");
    const reopened = await context.newPage();
    await reopened.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
      // What the opening script hands the portal: its class-service sign-in attempt.
      let opening: unknown;
      Object.defineProperty(window, "__lmsOpeningSignIn", {
        configurable: true,
        get: () => opening,
        set: (value: { sessionKey: string }) => {
          opening = value;
          (window as unknown as { openingSignIn: string }).openingSignIn = value.sessionKey;
        },
      });
    });
    const loginUrlRequests: string[] = [];
    const apiRequests: string[] = [];
    reopened.on("request", (request) => {
      if (request.url().includes("/webservice/rest/server.php"))
        loginUrlRequests.push(request.url());
      const command = /name="cmdType"\r\n\r\n(\w+)/.exec(request.postData() ?? "")?.[1];
      if (request.url().includes("/api/"))
        apiRequests.push(`${new URL(request.url()).pathname} ${command}`);
    });
    await reopened.goto(url("/schools"));
    await reopened.getByRole("table").getByRole("row").nth(1).waitFor();
    // The opening script's links come before the entry's script; the bundler's own come later.
    const state = await reopened.evaluate(() => {
      const entry = document.querySelector("script[type=module][src]")!;
      const links = [...document.querySelectorAll<HTMLLinkElement>("link[rel=modulepreload]")];
      return {
        violations: (window as unknown as { cspViolations: string[] }).cspViolations,
        preloaded: links
          .filter((link) => link.compareDocumentPosition(entry) & Node.DOCUMENT_POSITION_FOLLOWING)
          .map((link) => link.href),
      };
    });
    expect(state.violations).toEqual([]);
    expect(state.preloaded.some((href) => /\/assets\/signed-in-list-[\w-]+\.js$/.test(href))).toBe(
      true,
    );
    // The hidden class-service sign-in's first attempt was the opening script's, for this session,
    // and the portal took it over: one request for a login URL, no frame left behind.
    const session = await reopened.evaluate(() => ({
      openingSignIn: (window as unknown as { openingSignIn?: string }).openingSignIn,
      stored: JSON.parse(localStorage.getItem("auth")!) as { sessionKey: string },
      frames: document.querySelectorAll("iframe[title='class-service-sign-in']").length,
    }));
    expect(session.openingSignIn).toBe(session.stored.sessionKey);
    expect(loginUrlRequests).toHaveLength(1);
    expect(session.frames).toBe(0);
    // Its status check, profile and first page were the opening script's, which the portal's
    // client took: each asked for once.
    expect(apiRequests.sort()).toEqual([
      "/api/school/ list",
      "/api/user/ getisloggedinstatus",
      "/api/user/ profile",
    ]);
    await context.close();
  });
});
