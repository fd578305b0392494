import { SESSION_STORAGE_KEY, englishMessage, type Session } from "@lms/core";
import { describe, expect, it } from "vitest";
import { expectAccessible, newPage, openBrowser, signIn, signInWithForm, url } from "./browser";
import { DEMO_PASSWORD } from "./stack";
import { navigationFor, homeHref } from "../src/lib/navigation";

const browser = openBrowser();

const ROLES = ["admin", "rexadmin", "lsg", "schooladmin", "teacher", "student", "parent"];

describe("signing in and out", () => {
  it("redirects the root to the login page, which greets the visitor", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(url("/"));
    await page.waitForURL(/#\/account\/login$/);
    await page.getByRole("heading", { name: "Welcome back!" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("says which fields are wrong before calling the server", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(url("/account/login"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("This field is required.").nth(1).waitFor();
    await expect(page.getByText("This field is required.").count()).resolves.toBe(2);
    await context.close();
  });

  it("refuses a wrong password and keeps what was typed", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(url("/account/login"));
    await page.getByLabel("Username or email").fill("admin");
    await page.getByLabel(/^Password/).fill("Wrong#Pass1");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").waitFor();
    await expect(page.getByRole("alert").textContent()).resolves.toContain(
      "Incorrect username or password.",
    );
    await expect(page.getByLabel("Username or email").inputValue()).resolves.toBe("admin");
    await context.close();
  });

  it("signs an administrator in to the schools list with the full menu, and out again", async () => {
    const { context, page } = await newPage(browser());
    await signInWithForm(page, "admin");
    await page.getByRole("heading", { name: "School Management" }).waitFor();
    const menu = page.getByRole("navigation");
    for (const entry of [
      "School Management",
      "Create New School",
      "User Management",
      "Create New User",
      "Courses",
    ]) {
      await menu.getByRole("link", { name: entry }).waitFor();
    }
    await expectAccessible(page);
    // visitor pages send a signed-in user back to the schools list
    await page.goto(url("/account/login"));
    await page.waitForURL(/#\/schools$/);
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(/#\/account\/login$/);
    await page.goto(url("/schools"));
    await page.waitForURL(/#\/account\/login$/);
    await context.close();
  });

  it("sends a visitor route opened right after signing in to the schools list, never a blank page", async () => {
    // Issue 13: the visitor page's redirect, still under way when the user came back to it, did
    // not go again and left the page blank.
    const signInFrom = async (first: string) => {
      const { context, page } = await newPage(browser());
      await page.goto(url(first));
      await page.goto(url("/account/login"));
      await page.getByLabel("Username or email").fill("admin");
      await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/#\/schools$/);
      return { context, page };
    };
    const typed = await signInFrom("/account/login");
    await typed.page.goto(url("/account/login"));
    await typed.page.waitForURL(/#\/schools$/);
    await typed.page.getByRole("navigation", { name: "Menu" }).waitFor();
    await typed.context.close();

    const back = await signInFrom("/account/forgot-password");
    await back.page.goBack();
    await back.page.waitForURL(/#\/schools$/);
    await back.page.getByRole("navigation", { name: "Menu" }).waitFor();
    await back.context.close();
  });

  it("signs in every seeded role and shows the menu its role and rights give it", async () => {
    for (const userName of ROLES) {
      const { context, page } = await newPage(browser());
      await signInWithForm(page, userName);
      const session = await page.evaluate(
        (key) => JSON.parse(localStorage.getItem(key) ?? "{}") as Session,
        SESSION_STORAGE_KEY,
      );
      const expected = navigationFor(session.profile!, session.permissions).map((entry) =>
        englishMessage(entry.label),
      );
      const menu = page.getByRole("navigation").getByRole("link");
      await expect.poll(() => menu.allTextContents(), { message: userName }).toEqual(expected);
      // Sign-in goes to /schools; a role without schools access goes on to its own start page.
      const rights = session.permissions!.schools;
      const start =
        rights.access && rights.view ? "/schools" : homeHref(session.profile!, session.permissions);
      await expect.poll(() => new URL(page.url()).hash, { message: userName }).toBe(`#${start}`);
      await context.close();
    }
  });

  it("gives lsg a single Schools entry and a school admin its own school", async () => {
    const lsg = await newPage(browser());
    await signInWithForm(lsg.page, "lsg");
    const lsgMenu = lsg.page.getByRole("navigation").getByRole("link");
    await lsgMenu.first().waitFor();
    await expect(lsgMenu.allTextContents()).resolves.toEqual(["Schools"]);
    await lsg.context.close();

    const admin = await newPage(browser());
    await signInWithForm(admin.page, "schooladmin");
    const link = admin.page.getByRole("navigation").getByRole("link", { name: "Schools" });
    await link.click();
    await admin.page.waitForURL(/#\/schools\/\d+\/info$/);
    await admin.context.close();
  });

  it("lands on login with 'Your session has expired.' when the session ends mid-use", async () => {
    const { context, page } = await newPage(browser());
    await signInWithForm(page, "admin");
    await page.getByRole("heading", { name: "School Management" }).waitFor();
    // End the session on the server behind the page's back.
    await page.evaluate(async () => {
      const auth = JSON.parse(localStorage.getItem("auth") ?? "{}");
      const form = new FormData();
      form.append("cmdType", "logout");
      form.append("userid", String(auth.profile.userId));
      form.append("Authorization", `Bearer ${auth.token}`);
      await fetch("/api/user/", { method: "POST", body: form });
    });
    // The next request finds the session gone: this click's, or one the page sends by itself
    // first (then the link has gone with the page before the click lands).
    await page
      .getByRole("navigation")
      .getByRole("link", { name: "User Management" })
      .click({ timeout: 10_000 })
      .catch((error: unknown) => {
        if (!/#\/account\/login$/.test(page.url())) throw error;
      });
    await page.waitForURL(/#\/account\/login$/);
    await page.getByText("Your session has expired.").waitFor();
    await context.close();
  });

  it("shows the not-found page for an unknown path", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(url("/no/such/page"));
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("shows a retry screen when a page's code fails to load, and the page after a retry", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(url("/account/login"));
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    const blocked = /\/assets\/forgot-password-[^/]*\.js$/;
    await page.route(blocked, (route) => route.abort());
    await page.goto(url("/account/forgot-password"));
    await page.getByRole("heading", { name: "This page could not be loaded" }).waitFor();
    await expectAccessible(page);
    await page.unroute(blocked);
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("textbox", { name: /^E-?mail/i }).waitFor();
    await context.close();
  });

  it("says 'No internet connection' for a screen opened offline, never 404, and opens it once back", async () => {
    const { context, page } = await newPage(browser());
    await signInWithForm(page, "admin");
    await context.setOffline(true);
    await page.goto(url("/roles-and-permissions"));
    await page.getByRole("heading", { level: 1, name: "No internet connection" }).waitFor();
    await expect(page.getByText("404", { exact: true }).count()).resolves.toBe(0);
    await context.setOffline(false);
    await page.getByRole("heading", { name: "Roles and Permissions" }).waitFor();
    await context.close();
  });

  it("shows the expired-link pages with their texts", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(url("/account/reset-password?token=not-a-real-token"));
    await page.waitForURL(/invalid-reset-password/);
    await page.getByRole("heading", { name: "Oops. . . . Link Is No Longer Available!" }).waitFor();
    await page.getByText("Your forgot password link seems expired or invalid.").waitFor();
    await page.goto(url("/account/set-password?token=not-a-real-token"));
    await page.waitForURL(/invalid-activation/);
    await page.getByText("Your registration link seems expired or invalid.").waitFor();
    await expectAccessible(page);
    await context.close();
  });
});

describe("the shell", () => {
  it("shows the offline banner and dialog when the network drops", async () => {
    const { context, page } = await newPage(browser());
    await signInWithForm(page, "admin");
    await page.getByRole("heading", { name: "School Management" }).waitFor();
    await context.setOffline(true);
    await expect(
      page.getByText("No internet connection.").first().waitFor(),
    ).resolves.toBeUndefined();
    await page.getByRole("button", { name: "OK" }).click();
    await context.setOffline(false);
    await context.close();
  });

  it("says it reconnects while the server cannot reach its database, and loads the list once it can", async () => {
    const { context, page } = await newPage(browser());
    let down = true;
    // The server's answer while its database is away (issue 45): 503 with a time to try again.
    await page.route("**/api/school/", (route) =>
      down && /name="cmdType"\r\n\r\nlist\r\n/.test(route.request().postData() ?? "")
        ? route.fulfill({
            status: 503,
            headers: { "retry-after": "5" },
            contentType: "application/json",
            body: JSON.stringify({
              status: 503,
              code: "errors.unavailable",
              message: englishMessage("errors.unavailable"),
            }),
          })
        : route.continue(),
    );
    await signIn(page, "admin");
    await page.getByText("Reconnecting to the server…").waitFor();
    const school = page.getByRole("cell", { name: "Rizal National High School" }).first();
    expect(await school.count()).toBe(0);
    down = false;
    // Asked again by itself: the rows arrive and the banner goes.
    await school.waitFor({ timeout: 15_000 });
    await page.getByText("Reconnecting to the server…").waitFor({ state: "hidden" });
    await context.close();
  });

  it("changes the language after confirming, to Chinese and to Tagalog", async () => {
    const { context, page } = await newPage(browser());
    await signInWithForm(page, "rexadmin");
    await page.getByRole("heading", { name: "School Management" }).waitFor();
    await page.getByRole("button", { name: "Language" }).click();
    await page.getByRole("menuitem", { name: "Chinese" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("heading", { name: "学校管理" }).waitFor();
    // The success toast speaks the new language (issue 13).
    await page.getByText("成功。语言已切换。").waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe("zh-CN");
    await page.reload();
    await page.getByRole("heading", { name: "学校管理" }).waitFor();

    await page.getByRole("button", { name: "语言" }).click();
    await page.getByRole("menuitem", { name: "他加禄语" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "确认" }).click();
    await page.waitForFunction(() => document.documentElement.lang === "fil");
    await page.getByRole("heading", { name: "Pamamahala ng Paaralan" }).waitFor();
    await context.close();
  });

  it("keeps a language chosen on the sign-in screen after signing in", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(url("/account/login"));
    await page.getByLabel("Language").selectOption("zh");
    await page.getByRole("button", { name: "登录" }).waitFor();
    await page.getByLabel("用户名或电子邮箱").fill("rexadmin");
    await page.getByLabel(/^密码/).fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "登录" }).click();
    await page.waitForURL(/#\/schools/);
    await page.getByRole("heading", { name: "学校管理" }).waitFor();
    await context.close();
    // Saved to the account: signing in afresh elsewhere speaks Chinese at once.
    const again = await newPage(browser());
    await signInWithForm(again.page, "rexadmin");
    await again.page.getByRole("heading", { name: "学校管理" }).waitFor();
    await again.context.close();
  });
});
