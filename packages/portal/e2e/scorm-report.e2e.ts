import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, deleteTeacherCourses, teacherLesson } from "./api";
import { expectAccessible, launchBrowser, newPage, signIn, url } from "./browser";
import { multiPagePackage } from "./scorm-package";

/**
 * Issue 15, reporting: what a SCO commits (status, score, an interaction, an objective) reaches
 * the teacher's per-material report and its drill-down, and the parent's view of the child.
 */
let browser: Browser;
const courses: number[] = [];
const TITLE = "Cells report 2004";
let courseId: number;
let materialId: number;

beforeAll(async () => {
  browser = await launchBrowser();
  const lesson = await teacherLesson(TITLE, "E2E-REP");
  courseId = lesson.courseId;
  courses.push(courseId);
  const material = await lesson.call(
    "/material/",
    "create",
    { courseId, elementId: lesson.elementId, published: true, name: TITLE, type: "scorm" },
    { package: { data: multiPagePackage("2004", TITLE), filename: "report.zip" } },
  );
  materialId = material.id;

  // The student plays it: page 1 answers q1 (choice "b", correct) and meets obj-1, page 2 completes
  // with 0.9, passed.
  const { context, page } = await newPage(browser);
  await signIn(page, "student");
  await page.goto(url(`/courses/${courseId}/elements/${lesson.elementId}?material=${materialId}`));
  const sco = page.frameLocator(`iframe[title="${TITLE}"]`);
  await sco.getByRole("button", { name: "Answer and go on" }).click({ timeout: 30_000 });
  await sco.getByText(/^Page 2;/).waitFor({ timeout: 20_000 });
  const finished = page.waitForResponse(
    (r) =>
      r.url().includes("/api/journey/") && r.request().postData()?.includes("scormcommit") === true,
  );
  await sco.getByRole("button", { name: "Complete" }).click();
  await sco.getByText("Finished").waitFor();
  expect((await finished).status()).toBe(200);
  await context.close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  // Other browser tests count the demo student's courses: these go.
  await deleteTeacherCourses(courses);
});

/** The report's row of the demo student's attempt. */
const studentRow = (page: Page) => page.getByRole("row").filter({ hasText: "Dela Cruz, Juan" });

describe("SCORM report", () => {
  it("shows the teacher the student's attempt from the Progress tab, and its interactions", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, "teacher");
    await page.goto(url(`/courses/${courseId}?tab=progress`));
    await page.getByRole("link", { name: `Report: ${TITLE}` }).click();
    await page.getByRole("heading", { name: `SCORM report: ${TITLE}`, level: 1 }).waitFor();
    // Other browser tests add grade 7 students: find the demo student by name.
    await page.getByLabel("Search").fill("Dela Cruz");
    const row = studentRow(page);
    await expect.poll(() => row.textContent()).toContain("Attempt 1");
    const text = (await row.textContent()) ?? "";
    expect(text).toContain("Completed");
    expect(text).toContain("Passed");
    expect(text).toContain("90%");
    await expectAccessible(page);

    // the attempts as CSV, with the list's rows
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export attempts (CSV)" }).click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    const lines = Buffer.concat(chunks)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe(
      "lastName,firstName,userName,grade,section,attempt,completionStatus,successStatus,score,timeSpentSeconds,lastAccess,interactions",
    );
    expect(lines.find((l) => l.startsWith("Dela Cruz,Juan,student,"))).toMatch(
      /,1,completed,passed,90,\d+,[^,]+,1$/,
    );

    // the drill-down
    await row.getByRole("link", { name: /^Attempt 1 of Juan Dela Cruz/ }).click();
    await page.getByRole("heading", { name: "Juan Dela Cruz: attempt 1", level: 1 }).waitFor();
    const interaction = page
      .getByRole("table", { name: "Interactions" })
      .getByRole("row")
      .filter({ hasText: "q1" });
    await expect.poll(() => interaction.textContent()).toContain("choice");
    expect(await interaction.textContent()).toContain("Correct");
    const objective = page
      .getByRole("table", { name: "Objectives" })
      .getByRole("row")
      .filter({ hasText: "obj-1" });
    expect(await objective.textContent()).toContain("Passed");
    expect(await objective.textContent()).toContain("100%");
    await expectAccessible(page);

    const interactions = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export interactions (CSV)" }).click();
    const file = await interactions;
    expect(file.suggestedFilename()).toBe("scorm-interactions.csv");
    await context.close();
  }, 120_000);

  it("reaches the report from the material's menu and fits 390 px", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 800 },
      locale: "en-US",
    });
    const page = await context.newPage();
    await signIn(page, "teacher");
    await page.goto(url(`/courses/${courseId}`));
    await page.getByRole("button", { name: `Actions for ${TITLE}` }).click();
    await page.getByRole("menuitem", { name: "SCORM report" }).click();
    await page.waitForURL(new RegExp(`/scorm-report/${materialId}$`));
    await page.getByLabel("Search").fill("Dela Cruz");
    await expect.poll(() => studentRow(page).textContent()).toContain("Attempt 1");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await context.close();
  }, 120_000);

  it("shows the parent their child's SCORM result read-only, and refuses them the report", async () => {
    const call = await apiAs("parent");
    const children = await call<{ userId: number }[]>("/journey/", "children");
    const child = children[0]!.userId;
    const { context, page } = await newPage(browser);
    await signIn(page, "parent");
    await page.goto(url(`/courses/${courseId}?child=${child}&view=summary`));
    const result = page
      .getByRole("region", { name: "Course summary" })
      .getByRole("listitem")
      .filter({ hasText: TITLE });
    await expect.poll(() => result.textContent()).toContain("Best score: 90%");
    expect(await result.textContent()).toContain("Passed");
    expect(await page.getByRole("link", { name: `Report: ${TITLE}` }).count()).toBe(0);
    await page.goto(url(`/courses/${courseId}/scorm-report/${materialId}`));
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await page.getByRole("heading", { name: `SCORM report: ${TITLE}` }).count()).toBe(0);
    await context.close();
  }, 120_000);
});
