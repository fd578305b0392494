import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, deleteTeacherCourses, teacherLesson } from "./api";
import { chooseRowAction, confirmDialog, launchBrowser, newPage, signIn, url } from "./browser";
import { manifestScorePackage, scormPackage } from "./scorm-package";

/**
 * Issue 15 "Attempts and results": a SCORM material's attempt settings in its form, the player's
 * "Start a new attempt", and a teacher's reset and mark complete from the Progress tab.
 */
let browser: Browser;
const courses: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  // Other browser tests count the demo student's courses: these go.
  await deleteTeacherCourses(courses);
});

interface Settings {
  attemptsAllowed: number;
  grading: string;
  newAttempt: string;
  completion: string;
  minScore: number;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

describe("SCORM attempts", () => {
  it("sets a package's attempts and completion in the material form", async () => {
    const title = "Attempts form";
    const { call, courseId, elementId } = await teacherLesson(title, "E2E-ATT");
    courses.push(courseId);
    const { context, page } = await newPage(browser);
    await signIn(page, "teacher");
    await page.goto(url(`/courses/${courseId}/create-material/${elementId}/scorm`));
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(title);
    await page.locator("input[type=file]").setInputFiles({
      name: "attempts.zip",
      mimeType: "application/zip",
      buffer: scormPackage(title),
    });
    // Moodle's defaults first.
    const attempts = page.getByRole("combobox", { name: "Attempts allowed" });
    expect(await attempts.textContent()).toBe("Unlimited");
    await choose(page, "Attempts allowed", "2");
    await choose(page, "Score that counts", "Last attempt");
    await choose(page, "After a finished attempt", "A new attempt starts automatically");
    await choose(
      page,
      "The material is complete when the package reports",
      "Completed with a minimum score",
    );
    await page.getByRole("spinbutton", { name: "Minimum score (%)" }).fill("60");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await confirmDialog(page, "Create");
    await page.getByText("Material has been created.").waitFor();

    const list = await call<{ data: { id: number; name: string }[] }>("/material/", "list", {
      courseId,
    });
    const id = list.data.find((m) => m.name === title)!.id;
    const stored = await call<{ scorm: Settings }>("/material/", "get", { id });
    expect(stored.scorm).toEqual({
      attemptsAllowed: 2,
      grading: "last",
      newAttempt: "auto",
      completion: "score",
      minScore: 60,
    });

    // The update form shows them again.
    await page.goto(url(`/courses/${courseId}/update-material/${id}`));
    await expect.poll(() => attempts.textContent()).toBe("2");
    expect(await page.getByRole("combobox", { name: "Score that counts" }).textContent()).toBe(
      "Last attempt",
    );
    expect(await page.getByRole("spinbutton", { name: "Minimum score (%)" }).inputValue()).toBe(
      "60",
    );
    await context.close();
  });

  it("lets the learner start a new attempt after a finished one, as many as allowed", async () => {
    const title = "Two attempts";
    const { call, courseId, elementId } = await teacherLesson(title, "E2E-ATT");
    courses.push(courseId);
    const material = await call(
      "/material/",
      "create",
      { courseId, elementId, published: true, name: title, type: "scorm", attemptsAllowed: 2 },
      { package: { data: manifestScorePackage("2004", title), filename: "two.zip" } },
    );
    const { context, page } = await newPage(browser);
    await signIn(page, "student");
    const address = url(`/courses/${courseId}/elements/${elementId}?material=${material.id}`);
    await page.goto(address);
    const sco = page.frameLocator(`iframe[title="${title}"]`);
    await page.getByText("Attempt 1 of 2").waitFor({ timeout: 20_000 });
    await expect
      .poll(() => sco.locator("#values").textContent(), { timeout: 20_000 })
      .toContain("cmi.scaled_passing_score=0.7");
    await sco.getByRole("button", { name: "Score 85" }).click();
    await expect.poll(() => sco.locator("#values").textContent()).toBe("Finished");
    await page.getByText("You have finished this package.").waitFor();

    // Opened again (full screen): the finished attempt in review, and the choice of a new one.
    const fullScreen = url(`/scorm?material=${material.id}`);
    await page.goto(fullScreen);
    await page.getByText("You are reviewing a finished attempt").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Start a new attempt (1 attempt left)" }).click();
    await page.getByText("Attempt 2 of 2").waitFor({ timeout: 20_000 });
    await expect
      .poll(() => sco.locator("#values").textContent(), { timeout: 20_000 })
      .toContain("cmi.scaled_passing_score=0.7");
    expect(await sco.locator("#errors").textContent()).toBe("none");
    await sco.getByRole("button", { name: "Score 60" }).click();
    await expect.poll(() => sco.locator("#values").textContent()).toBe("Finished");

    // Both attempts kept; no third one offered.
    const student = await apiAs("student");
    const load = await student<{ attempt: number; canStartNew: boolean }>(
      "/journey/",
      "scormload",
      { materialId: material.id },
    );
    expect(load).toMatchObject({ attempt: 2, canStartNew: false });
    await page.goto(address);
    await page.goto(fullScreen);
    await page.getByText("You are reviewing a finished attempt").waitFor({ timeout: 20_000 });
    expect(await page.getByRole("button", { name: /Start a new attempt/ }).count()).toBe(0);
    await context.close();
  });

  it("lets a teacher mark a silent package complete and reset a student's attempts", async () => {
    const title = "Silent package";
    const { call, courseId, elementId } = await teacherLesson(title, "E2E-ATT");
    courses.push(courseId);
    const material = await call(
      "/material/",
      "create",
      { courseId, elementId, published: true, name: title, type: "scorm" },
      { package: { data: scormPackage(title), filename: "silent.zip" } },
    );
    // The student opens it; the package never reports anything.
    const student = await apiAs("student");
    await student("/journey/", "scormload", { materialId: material.id });

    const { context, page } = await newPage(browser);
    await signIn(page, "teacher");
    await page.goto(url(`/courses/${courseId}?tab=progress`));
    // Other browser tests add thousands of grade 7 students: find the demo student by name.
    const showJuan = () => page.getByLabel("Search").fill("Dela Cruz");
    await showJuan();
    const row = page.getByRole("row").filter({ hasText: "Dela Cruz, Juan" });
    await expect
      .poll(() => row.textContent(), { timeout: 20_000 })
      .toContain(`${title}: Opened, no data reported by the package`);

    await chooseRowAction(page, row, `Mark complete: ${title}`);
    await page
      .getByRole("alertdialog")
      .getByText("whatever the package reported")
      .waitFor({ timeout: 15_000 });
    // The toast lasts four seconds: watch for it from before the click, so a busy machine cannot miss it.
    const marked = page.getByText("The material is marked complete.").waitFor({ timeout: 20_000 });
    await confirmDialog(page, "Mark complete");
    await marked;
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain(`${title}: Complete`);
    await expect.poll(() => row.textContent()).toContain("100% · 1 of 1 complete");

    // The package reports a score after all: the teacher resets the attempt.
    await student("/journey/", "scormcommit", {
      materialId: material.id,
      cmi: JSON.stringify({ "cmi.core.lesson_status": "completed", "cmi.core.score.raw": "70" }),
    });
    await page.reload();
    await showJuan();
    await expect
      .poll(() => row.textContent(), { timeout: 20_000 })
      .toContain(`${title}: Complete · 70% · 1 attempt`);
    await chooseRowAction(page, row, `Reset attempts: ${title}`);
    const reset = page.getByText("The attempts were reset.").waitFor({ timeout: 20_000 });
    await confirmDialog(page, "Reset attempts");
    await reset;
    await expect
      .poll(() => row.textContent(), { timeout: 20_000 })
      .toContain(`${title}: Opened, no data reported by the package`);
    await expect.poll(() => row.textContent()).toContain("0% · 0 of 1 complete");
    await context.close();
  });
});
