import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs } from "./api";
import { expectAccessible, launchBrowser, newPage, signIn, url } from "./browser";
import { scormPackage } from "./scorm-package";

let browser: Browser;

/** A one-page PDF (what a file material holds). */
const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

interface Ids {
  courseId: number;
  quiz: { id: number; elementId: number };
}

/**
 * The test's own courses for the demo student (grade 7 of the first school), made by the demo
 * teacher: a journey of a file, a quiz and a SCORM 1.2 package; a course to take next; and a
 * short course for student mode.
 */
async function createCourses(): Promise<{ journey: Ids; nextName: string; preview: number }> {
  const call = await apiAs("teacher");
  const course = (courseName: string, courseCode: string) =>
    call("/course/", "create", {
      courseName,
      courseCode,
      gradeLevel: 7,
      subject: "Science",
      description: `${courseName}, made by the browser tests.`,
      published: true,
    });
  const element = (courseId: number, name: string) =>
    call("/element/", "create", { courseId, name, type: "lesson", published: true });
  const material = (
    courseId: number,
    elementId: number,
    fields: Record<string, unknown>,
    files = {},
  ) => call("/material/", "create", { courseId, elementId, published: true, ...fields }, files);

  const journey = await course("Journey of Matter", "E2E-JOURNEY");
  const reading = await element(journey.id, "Unit 1: Reading");
  await material(
    journey.id,
    reading.id,
    { name: "Reading sheet", type: "file" },
    {
      file: { data: pdf, filename: "reading-sheet.pdf" },
    },
  );
  const check = await element(journey.id, "Unit 2: Check");
  const quiz = await material(journey.id, check.id, { name: "Matter check", type: "quiz" });
  await call("/material/", "quizsettings", {
    id: quiz.id,
    attemptsAllowed: 3,
    passingGrade: 100,
    showCorrectAnswers: true,
    questions: [
      {
        type: "single",
        prompt: "Which of these is a gas?",
        points: 1,
        choices: [
          { id: "ice", text: "Ice", correct: false },
          { id: "steam", text: "Steam", correct: true },
        ],
      },
      {
        type: "trueFalse",
        prompt: "Water boils at 100 °C at sea level.",
        points: 1,
        answers: ["true"],
      },
    ],
  });
  const play = await element(journey.id, "Unit 3: Play");
  await material(
    journey.id,
    play.id,
    { name: "States of matter", type: "scorm" },
    {
      package: { data: scormPackage("States of matter"), filename: "states.zip" },
    },
  );

  const next = await course("Energy Around Us", "E2E-NEXT");
  const intro = await element(next.id, "Introduction");
  await material(next.id, intro.id, {
    name: "What is energy?",
    type: "page",
    content: "<p>Energy makes things move.</p>",
  });

  const preview = await course("Preview Course", "E2E-PREVIEW");
  const first = await element(preview.id, "Only unit");
  await material(preview.id, first.id, {
    name: "Preview page",
    type: "page",
    content: "<p>Read me first.</p>",
  });
  await material(preview.id, first.id, {
    name: "Preview link",
    type: "link",
    url: "https://www.deped.gov.ph",
  });

  return {
    journey: { courseId: journey.id, quiz: { id: quiz.id, elementId: check.id } },
    nextName: "Energy Around Us",
    preview: preview.id,
  };
}

let data: Awaited<ReturnType<typeof createCourses>>;

beforeAll(async () => {
  browser = await launchBrowser();
  data = await createCourses();
});
afterAll(async () => {
  await browser?.close();
});

/** The course path's entry of a material (its name and its state in words). */
function pathItem(page: Page, name: string) {
  return page
    .getByRole("navigation", { name: "Course path" })
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`^${name}`) });
}

async function signInAsStudent(page: Page) {
  await signIn(page, "student");
  await page.getByRole("navigation").getByRole("link", { name: "My Courses" }).click();
  await page.getByRole("heading", { name: "My Courses" }).waitFor();
}

function card(page: Page, name: string) {
  return page.getByRole("article", { name });
}

describe("course journey", () => {
  it("shows a teacher the student's screens in student mode and records nothing", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, "teacher");
    await page.goto(url(`/courses/${data.preview}`));
    await page.getByRole("link", { name: "Student view" }).click();
    await page.waitForURL(/student-mode/);
    await page
      .getByRole("note")
      .getByText(/as a student/i)
      .waitFor();
    await expect.poll(() => pathItem(page, "Preview link").textContent()).toContain("Open");
    await expectAccessible(page);
    await pathItem(page, "Preview page").getByRole("link").click();
    await page.getByText("Read me first.").waitFor();
    await page.getByRole("button", { name: "Mark as done" }).click();
    await page.getByRole("heading", { name: "Preview link", level: 2 }).waitFor();
    await expectAccessible(page);
    await context.close();

    // the student starts the course from nothing: the preview recorded nothing
    const student = await newPage(browser);
    await signInAsStudent(student.page);
    await expect
      .poll(() => card(student.page, "Preview Course").textContent())
      .toContain("0 of 2 complete");
    await student.page.goto(url(`/courses/${data.preview}`));
    await expect
      .poll(() => pathItem(student.page, "Preview link").textContent())
      .toContain("Locked");
    await student.context.close();
  });

  it("takes a student through a file, a quiz and a SCORM package, with gating, resume and the next course", async () => {
    const { context, page } = await newPage(browser);
    await signInAsStudent(page);
    const journey = card(page, "Journey of Matter");
    await expect.poll(() => journey.textContent()).toContain("0 of 3 complete");
    await expectAccessible(page);
    await journey.getByRole("link", { name: /^Start/ }).click();
    await page.getByRole("heading", { name: "Journey of Matter", level: 1 }).waitFor();
    await expect.poll(() => pathItem(page, "Reading sheet").textContent()).toContain("Open");
    expect(await pathItem(page, "Matter check").textContent()).toContain(
      "Finish “Reading sheet” first.",
    );
    await page.getByRole("heading", { name: "Journey map" }).waitFor();
    await expectAccessible(page);

    // a typed or bookmarked address of a locked material is refused
    await page.goto(
      url(
        `/courses/${data.journey.courseId}/elements/${data.journey.quiz.elementId}?material=${data.journey.quiz.id}`,
      ),
    );
    await page
      .getByRole("alert")
      .getByText("Sorry you need to finish previous course element/material.")
      .waitFor();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go back to the course path" }).click();

    // the file: shown inline, marked done
    await page.getByRole("button", { name: "Start", exact: true }).click();
    await page.getByRole("heading", { name: "Reading sheet", level: 2 }).waitFor();
    await page.locator('iframe[title="Reading sheet"]').waitFor();
    await page.getByRole("button", { name: "Mark as done" }).click();
    // the quiz: a wrong answer first, then a pass
    await page.getByRole("heading", { name: "Matter check", level: 2 }).waitFor();
    await expectAccessible(page);
    await page.getByRole("radio", { name: "Ice" }).check();
    await page.getByRole("radio", { name: "True" }).check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Submit answers" }).click();
    await page.getByText("Score: 50% · Not passed").waitFor();
    await page.getByText("Correct answer: Steam").waitFor();
    await page.getByText("2 attempts left").waitFor();
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("radio", { name: "Steam" }).check();
    await page.getByRole("radio", { name: "True" }).check();
    await page.getByRole("button", { name: "Submit answers" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Submit answers" }).click();
    await page.getByText("Score: 100% · Passed").waitFor();
    await page.getByRole("button", { name: "Go to the next step" }).click();
    // the SCORM package: one page further, then sign out
    await page.getByRole("heading", { name: "States of matter", level: 2 }).waitFor();
    const sco = page.frameLocator('iframe[title="States of matter"]');
    await sco.getByText("Page 1").waitFor();
    await expectAccessible(page);
    // the runtime's commit reaches the server before the student leaves
    const committed = page.waitForResponse(
      (r) =>
        r.url().includes("/api/journey/") &&
        r.request().postData()?.includes("scormcommit") === true,
    );
    await sco.getByRole("button", { name: "Next page" }).click();
    await sco.getByText("Page 2").waitFor();
    expect((await committed).status()).toBe(200);
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(/#\/account\/login$/);

    // back in: continue where the student left off, inside the package too
    await signInAsStudent(page);
    await expect
      .poll(() => card(page, "Journey of Matter").textContent())
      .toContain("2 of 3 complete");
    await card(page, "Journey of Matter")
      .getByRole("link", { name: /^Continue/ })
      .click();
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("heading", { name: "States of matter", level: 2 }).waitFor();
    await page
      .frameLocator('iframe[title="States of matter"]')
      .getByText("Resumed on page 2")
      .waitFor();

    // resume to previous goes to the quiz before it
    await page.getByRole("button", { name: "Resume to previous" }).click();
    await page.getByRole("heading", { name: "Matter check", level: 2 }).waitFor();
    // the passed quiz opens on its result, its review and a choice of a new attempt (issue 13)
    await page.getByText("Score: 100% · Passed").waitFor();
    await expect(page.getByRole("radio", { name: "Steam" }).isChecked()).resolves.toBe(true);
    await page.getByRole("button", { name: "Start new attempt" }).waitFor();
    expect(await page.getByRole("button", { name: "Submit answers" }).count()).toBe(0);
    expect(await page.getByRole("timer").count()).toBe(0);
    await page.getByRole("button", { name: "Next", exact: true }).click();
    await page.getByRole("heading", { name: "States of matter", level: 2 }).waitFor();
    await page
      .frameLocator('iframe[title="States of matter"]')
      .getByRole("button", { name: "Finish" })
      .click();
    await page.getByText("You have finished this package.").waitFor();
    await page.getByRole("button", { name: "Go to the next step" }).click();

    // the summary, then the next course
    await page.getByRole("heading", { name: "Course summary" }).waitFor();
    const quizResult = page
      .getByRole("region", { name: "Course summary" })
      .getByRole("listitem")
      .filter({ hasText: "Matter check" });
    await expect.poll(() => quizResult.textContent()).toContain("Best score: 100%");
    expect(await quizResult.textContent()).toContain("2 attempts");
    expect(await quizResult.textContent()).toContain("Passed");
    await page.getByText("Course complete! Well done.").first().waitFor();
    await expect.poll(() => pathItem(page, "States of matter").textContent()).toContain("Complete");
    expect(
      await page
        .getByRole("progressbar", { name: "Course progress" })
        .getAttribute("aria-valuenow"),
    ).toBe("100");
    await expectAccessible(page);
    const nextCourse = page.getByRole("link", { name: /^Next course: / });
    const nextName = (await nextCourse.textContent())!.replace("Next course: ", "").trim();
    await nextCourse.click();
    await page.getByRole("heading", { name: nextName, level: 1 }).waitFor();

    await page.getByRole("link", { name: "Go back to my courses" }).click();
    await expect
      .poll(() => card(page, "Journey of Matter").textContent())
      .toContain("3 of 3 complete");
    await card(page, "Journey of Matter")
      .getByRole("link", { name: /^Review/ })
      .waitFor();
    await context.close();
  }, 300_000);

  it("works at 375 px wide", async () => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 740 },
      locale: "en-US",
    });
    const page = await context.newPage();
    await signIn(page, "student");
    await page.goto(url(`/courses/${data.preview}`));
    await page.getByRole("heading", { name: "Preview Course", level: 1 }).waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await expectAccessible(page);
    await context.close();
  });

  it("shows a teacher each student's progress in the course", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, "teacher");
    await page.goto(url(`/courses/${data.journey.courseId}?tab=progress`));
    // Other browser tests add grade 7 students: find the demo student by name.
    await page.getByLabel("Search").fill("Dela Cruz");
    const row = page.getByRole("row").filter({ hasText: "Dela Cruz, Juan" });
    await expect.poll(() => row.textContent()).toContain("100% · 3 of 3 complete");
    // the SCORM package's status as its SCO reported it (cmi.core.lesson_status completed)
    expect(await row.textContent()).toContain("States of matter: Complete");
    await page.getByRole("columnheader", { name: /SCORM results/ }).waitFor();
    await page.getByRole("columnheader", { name: /Score average \(quizzes and SCORM\)/ }).waitFor();
    await page.getByRole("button", { name: "Export" }).waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it("shows a parent the child's courses and progress, read-only", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, "parent");
    await page.getByRole("navigation").getByRole("link", { name: "My Children's Courses" }).click();
    await page.getByRole("heading", { name: "My Children's Courses" }).waitFor();
    await expect
      .poll(() => card(page, "Journey of Matter").textContent())
      .toContain("3 of 3 complete");
    await expectAccessible(page);
    await card(page, "Journey of Matter")
      .getByRole("link", { name: /^View progress/ })
      .click();
    await page.getByRole("heading", { name: "Journey of Matter", level: 1 }).waitFor();
    await expect.poll(() => pathItem(page, "Matter check").textContent()).toContain("Complete");
    // read-only: nothing on the path opens a material
    expect(
      await page.getByRole("navigation", { name: "Course path" }).getByRole("link").count(),
    ).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
