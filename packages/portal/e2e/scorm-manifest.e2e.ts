import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, deleteTeacherCourses, teacherLesson } from "./api";
import { launchBrowser, newPage, signIn, url } from "./browser";
import { manifestScorePackage } from "./scorm-package";

/** Issue 15: the runtime starts as the manifest says and success follows the manifest's score. */
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

/** A published Grade 7 course of the demo teacher with the package as its only material. */
async function packageCourse(version: "1.2" | "2004", title: string) {
  const { call, courseId, elementId } = await teacherLesson(title, "E2E-MAN");
  courses.push(courseId);
  const material = await call(
    "/material/",
    "create",
    { courseId, elementId, published: true, name: title, type: "scorm" },
    { package: { data: manifestScorePackage(version, title), filename: "scored.zip" } },
  );
  return `/courses/${courseId}/elements/${elementId}?material=${material.id}`;
}

/** The student's stored data of the material, as the next launch starts from it. */
async function storedCmi(address: string): Promise<Record<string, string>> {
  const materialId = Number(/material=(\d+)/.exec(address)![1]);
  const call = await apiAs("student");
  const loaded = await call<{ cmi: Record<string, string> }>("/journey/", "scormload", {
    materialId,
  });
  return loaded.cmi;
}

const READ_2004 =
  "cmi.objectives._count=2; cmi.objectives.0.id=obj-mastery; cmi.objectives.1.id=obj-vocabulary; " +
  "cmi.scaled_passing_score=0.7; cmi.completion_threshold=0.9; cmi.launch_data=unit=3; " +
  "cmi.max_time_allowed=PT45M; cmi.time_limit_action=continue,message";
const READ_12 =
  "cmi.student_data.mastery_score=80; cmi.launch_data=unit=3; " +
  "cmi.student_data.max_time_allowed=00:45:00; cmi.student_data.time_limit_action=continue,message";

describe("SCORM runtime started from the manifest", () => {
  for (const [version, button, expected] of [
    ["2004", "Score 85", "passed"],
    ["2004", "Score 60", "failed"],
    ["1.2", "Score 85", "passed"],
    ["1.2", "Score 60", "failed"],
  ] as const) {
    it(`answers a ${version} SCO's reads of the manifest's values without error and stores ${expected} for "${button}"`, async () => {
      const title = `Scored ${version} ${expected}`;
      const address = await packageCourse(version, title);
      const { context, page } = await newPage(browser);
      await signIn(page, "student");
      await page.goto(url(address));
      const sco = page.frameLocator(`iframe[title="${title}"]`);
      await expect
        .poll(() => sco.locator("#values").textContent(), { timeout: 20_000 })
        .toBe(version === "2004" ? READ_2004 : READ_12);
      expect(await sco.locator("#errors").textContent()).toBe("none");

      await sco.getByRole("button", { name: button }).click();
      await expect.poll(() => sco.locator("#values").textContent()).toBe("Finished");
      expect(await sco.locator("#errors").textContent()).toBe("none");
      const status = version === "2004" ? "cmi.success_status" : "cmi.core.lesson_status";
      if (version === "2004") {
        // The runtime evaluates the score against the passing score before Terminate, too.
        expect(await sco.locator("#success").textContent()).toBe(expected);
      }
      await expect
        .poll(async () => (await storedCmi(address))[status], { timeout: 20_000 })
        .toBe(expected);
      const stored = await storedCmi(address);
      if (version === "2004") {
        expect(stored["cmi.completion_status"]).toBe("completed");
        expect(stored["cmi.score.scaled"]).toBe(expected === "passed" ? "0.85" : "0.6");
        // Completed: the material is complete either way; the success status is kept for the teacher.
        await page.getByText("You have finished this package.").waitFor();
      } else {
        expect(stored["cmi.core.score.raw"]).toBe(expected === "passed" ? "85" : "60");
      }
      await context.close();
    }, 120_000);
  }
});
