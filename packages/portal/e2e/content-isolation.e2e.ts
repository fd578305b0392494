import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, deleteTeacherCourses, teacherLesson } from "./api";
import { baseUrl, launchBrowser, newPage, signIn, url } from "./browser";
import { attackScript, hostilePackage, multiPagePackage } from "./scorm-package";
import { freePort } from "./stack";

/**
 * Issue 12: uploaded content runs on the content origin, sandboxed, and can never act as the user
 * who views it; SCORM packages still run across that boundary.
 */
let browser: Browser;
let collector: Server;
let collectorUrl: string;
/** What the attack scripts posted to the loopback collector. */
const reports: Record<string, string | null>[] = [];

interface Built {
  courseId: number;
  elementId: number;
  ids: Record<string, number>;
}
const courses: number[] = [];

/** A published Grade 7 course of the demo teacher, one element, the given materials. */
async function buildCourse(
  name: string,
  materials: {
    name: string;
    fields: Record<string, unknown>;
    files?: Record<string, { data: Buffer; filename: string }>;
  }[],
): Promise<Built> {
  const { call, courseId, elementId } = await teacherLesson(name, "E2E-ISO");
  courses.push(courseId);
  const ids: Record<string, number> = {};
  for (const material of materials) {
    const made = await call(
      "/material/",
      "create",
      { courseId, elementId, published: true, ...material.fields },
      material.files ?? {},
    );
    ids[material.name] = made.id;
  }
  return { courseId, elementId, ids };
}

beforeAll(async () => {
  browser = await launchBrowser();
  const port = await freePort();
  collectorUrl = `http://127.0.0.1:${port}`;
  collector = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      try {
        reports.push(JSON.parse(body) as Record<string, string | null>);
      } catch {
        reports.push({ where: "unreadable", body });
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => collector.listen(port, "127.0.0.1", resolve));
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => collector?.close(resolve));
  // Other browser tests count the demo student's courses: these go.
  await deleteTeacherCourses(courses);
});

/** The admin's stored session in the portal's own storage. */
async function storedToken(page: Page): Promise<string> {
  const auth = await page.evaluate(() => window.localStorage.getItem("auth"));
  const token = (JSON.parse(auth ?? "{}") as { token?: string }).token;
  expect(token).toBeTruthy();
  return token!;
}

/** A one-page PDF (what a file material holds). */
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

const reported = (where: string) => reports.find((r) => r.where === where);

describe("uploaded content opened by an administrator", () => {
  it("cannot read the admin's session nor call /api as the admin (SCORM page, SVG, HTML, page material)", async () => {
    const portal = baseUrl();
    const built = await buildCourse("Isolation attacks", [
      {
        name: "Hostile package",
        fields: { name: "Hostile package", type: "scorm" },
        files: { package: { data: hostilePackage(portal, collectorUrl), filename: "hostile.zip" } },
      },
      {
        name: "Outline",
        fields: { name: "Outline", type: "file" },
        files: { file: { data: pdf, filename: "outline.pdf" } },
      },
      {
        name: "Hostile page",
        fields: {
          name: "Hostile page",
          type: "page",
          content: `<p>Page attack</p><img src="x" onerror="${attackScript("page", portal, collectorUrl).replace(/"/g, "&quot;")}"><script>${attackScript("page-script", portal, collectorUrl)}</script>`,
        },
      },
    ]);

    const { context, page } = await newPage(browser);
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/.test(message.text())) violations.push(message.text());
    });
    await signIn(page, "admin");
    const token = await storedToken(page);
    const student = (id: number) =>
      url(`/courses/${built.courseId}/elements/${built.elementId}/student-mode?material=${id}`);

    // The package: its page, an SVG and an HTML file of it, each with its script.
    await page.goto(student(built.ids["Hostile package"]!));
    const frame = page.locator('iframe[title="Hostile package"]');
    await frame.waitFor();
    expect(await frame.getAttribute("sandbox")).toBe("allow-scripts allow-forms allow-popups");
    expect(new URL((await frame.getAttribute("src"))!).origin).not.toBe(new URL(portal).origin);
    await expect
      .poll(() => ["scorm", "svg", "html"].filter((w) => reported(w)).length, { timeout: 20_000 })
      .toBe(3);
    for (const where of ["scorm", "svg", "html"]) {
      const report = reported(where)!;
      // An opaque origin: no storage, no cookie, nothing of the portal's window.
      expect(report.origin, where).toBe("null");
      expect(report.localStorage, where).toMatch(/^blocked:SecurityError/);
      expect(report.sessionStorage, where).toMatch(/^blocked:SecurityError/);
      expect(report.cookie, where).toMatch(/^blocked:SecurityError|^$/);
      expect(report.parentStorage, where).toMatch(/^blocked:SecurityError/);
      expect(report.topDocument, where).toMatch(/^blocked:SecurityError/);
      expect(report.token, where).toBeNull();
      // The portal's answer is not readable from the content (no CORS for an opaque origin).
      expect(report.api, where).toMatch(/^blocked:/);
      expect(JSON.stringify(report)).not.toContain(token);
    }

    // The page material: sanitised, and the portal's CSP runs no inline script anyway.
    await page.goto(student(built.ids["Hostile page"]!));
    await page.getByText("Page attack").waitFor();
    await page.waitForTimeout(1500);
    expect(reported("page")).toBeUndefined();
    expect(reported("page-script")).toBeUndefined();
    expect(await page.title()).not.toContain("report");
    // Still signed in, with the same session.
    expect(await storedToken(page)).toBe(token);

    // A PDF comes from the content origin too, and Chromium still shows it (its PDF viewer).
    await page.goto(student(built.ids.Outline!));
    const outline = page.locator('iframe[title="Outline"]');
    await outline.waitFor();
    expect(new URL((await outline.getAttribute("src"))!).origin).not.toBe(new URL(portal).origin);
    await expect
      .poll(() => page.frames().some((f) => f.url().startsWith("chrome-extension://")))
      .toBe(true);
    await context.close();

    // No attack created anything as the admin: each code is still free.
    const admin = await apiAs("admin");
    for (const where of ["scorm", "svg", "html", "page", "page-script"]) {
      const school = await admin("/school/", "create", {
        schoolCode: `PWNED-${where}`,
        schoolName: `Check ${where}`,
      });
      await admin("/school/", "delete", { id: school.id });
    }
    // The portal's own CSP lets the content origin's frames and files in.
    expect(violations.filter((v) => /frame-src|img-src|media-src/.test(v))).toEqual([]);
  }, 120_000);

  it("serves the portal's own pages under a strict CSP: its own files, and its one inline script by hash", async () => {
    const response = await fetch(`${baseUrl()}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/frame-src 'self' http:\/\/127\.0\.0\.1:\d+/);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    const inline = scripts.filter(([, attributes]) => !/\ssrc=/.test(attributes!));
    // The opening script (build/opening-preload.ts), allowed by its hash and by nothing broader.
    expect(inline).toHaveLength(1);
    const hash = createHash("sha256").update(inline[0]![2]!).digest("base64");
    expect(scriptSrc.split(" ").sort()).toEqual([`'self'`, `'sha256-${hash}'`].sort());
    // Every other script is a file of the portal's origin.
    for (const [, attributes, body] of scripts) {
      if (!/\ssrc=/.test(attributes!)) continue;
      expect(attributes).toMatch(/\ssrc="\.?\/assets\//);
      expect(body!.trim()).toBe("");
    }
  });
});

describe("SCORM across the content origin (golden path)", () => {
  for (const version of ["1.2", "2004"] as const) {
    it(`runs a two-page SCORM ${version} package with interactions and objectives, resumes after a reload and completes`, async () => {
      const title = `Golden ${version}`;
      const built = await buildCourse(`Golden path ${version}`, [
        {
          name: title,
          fields: { name: title, type: "scorm" },
          files: { package: { data: multiPagePackage(version, title), filename: "golden.zip" } },
        },
      ]);
      const { context, page } = await newPage(browser);
      await signIn(page, "student");
      const address = url(
        `/courses/${built.courseId}/elements/${built.elementId}?material=${built.ids[title]}`,
      );
      await page.goto(address);
      const frame = page.locator(`iframe[title="${title}"]`);
      await frame.waitFor();
      expect(await frame.getAttribute("sandbox")).toBe("allow-scripts allow-forms allow-popups");
      const sco = page.frameLocator(`iframe[title="${title}"]`);
      const state = sco.locator("#state");
      await expect
        .poll(() => state.textContent())
        .toBe(
          "Page 1; entry=ab-initio; location=; suspend=; objectives=0; obj0=-; interactions=0;",
        );

      // Page 1 records an interaction and an objective; page 2 (a new document) sees them.
      const committed = page.waitForResponse(
        (r) =>
          r.url().includes("/api/journey/") && /scormcommit/.test(r.request().postData() ?? ""),
      );
      await sco.getByRole("button", { name: "Answer and go on" }).click();
      expect((await committed).status()).toBe(200);
      await expect
        .poll(() => state.textContent())
        .toBe(
          "Page 2; entry=ab-initio; location=page2; suspend=p1-done; objectives=1; obj0=obj-1; interactions=1;",
        );
      const saved = page.waitForResponse(
        (r) =>
          r.url().includes("/api/journey/") && /scormcommit/.test(r.request().postData() ?? ""),
      );
      await sco.getByRole("button", { name: "Save" }).click();
      expect((await saved).status()).toBe(200);

      // A reload: the package resumes on page 2 with its suspend data and objective.
      await page.reload();
      await page.locator(`iframe[title="${title}"]`).waitFor();
      await expect
        .poll(() => page.frameLocator(`iframe[title="${title}"]`).locator("#state").textContent(), {
          timeout: 20_000,
        })
        .toMatch(
          /^Page 2; entry=resume; location=page2; suspend=p2-seen; objectives=1; obj0=obj-1; interactions=\d+;$/,
        );
      await page
        .frameLocator(`iframe[title="${title}"]`)
        .getByRole("button", { name: "Complete" })
        .click();
      await page.getByText("You have finished this package.").waitFor();
      await context.close();
    }, 120_000);
  }
});
