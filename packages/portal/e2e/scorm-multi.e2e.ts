import { zipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteTeacherCourses, teacherLesson } from "./api";
import { expectAccessible, launchBrowser, newPage, signIn, url } from "./browser";

/**
 * Issue 15: a SCORM 2004 package with two SCOs. The player lists its contents, SCO 1 completes and
 * asks to continue (adl.nav.request), SCO 2 starts with its own data, passes and asks to exit all;
 * every runtime call answers GetLastError 0, and the material is complete in the journey.
 */
let browser: Browser;
const courses: number[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await deleteTeacherCourses(courses);
});

const encode = (text: string) => new TextEncoder().encode(text);

/**
 * A SCO that reads the navigation validity and its own objectives, then on its button completes,
 * sets adl.nav.request to `request` and terminates. Each call is followed by GetLastError; the
 * errors go to #errors and, after Terminate (the frame then goes), to the console.
 */
function scoPage(id: string, request: string, score: string | null) {
  const reads = [
    "adl.nav.request_valid.continue",
    "adl.nav.request_valid.previous",
    "adl.nav.request_valid.choice.{target=sco-1}",
    "cmi.objectives._count",
    // Not initialised (GetLastError 403) without a passing score in the manifest: read only then.
    ...(score === null ? [] : ["cmi.scaled_passing_score"]),
    "cmi.entry",
  ];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${id}</title></head>
<body><main><h1>${id}</h1><p id="values">Loading</p><p id="errors">-</p>
<button id="finish" type="button">Finish ${id}</button></main>
<script>
  var api = window.API_1484_11;
  var errors = [];
  function call(name, a, b) {
    var result = b === undefined ? api[name](a) : api[name](a, b);
    var code = String(api.GetLastError());
    if (code !== "0") errors.push(name + "(" + a + ")=" + code);
    document.getElementById("errors").textContent = errors.length ? errors.join(" ") : "none";
    return result;
  }
  call("Initialize", "");
  document.getElementById("values").textContent = ${JSON.stringify(reads)}
    .map(function (element) { return element + "=" + call("GetValue", element); })
    .join("; ");
  document.getElementById("finish").onclick = function () {
    ${score === null ? "" : `call("SetValue", "cmi.score.scaled", "${score}");`}
    call("SetValue", "cmi.completion_status", "completed");
    call("SetValue", "cmi.exit", "normal");
    call("SetValue", "adl.nav.request", "${request}");
    call("Commit", "");
    call("Terminate", "");
    console.log("sco-errors ${id} " + (errors.length ? errors.join(" ") : "none"));
  };
</script></body></html>`;
}

function twoScoPackage(title: string): Buffer {
  const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="e2e-two-scos" version="1.0" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3" xmlns:imsss="http://www.imsglobal.org/xsd/imsss">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="sco-1" identifierref="r1"><title>Part one</title></item>
    <item identifier="sco-2" identifierref="r2"><title>Part two</title>
      <imsss:sequencing><imsss:objectives>
        <imsss:primaryObjective objectiveID="obj-two" satisfiedByMeasure="true">
          <imsss:minNormalizedMeasure>0.6</imsss:minNormalizedMeasure>
        </imsss:primaryObjective>
      </imsss:objectives></imsss:sequencing>
    </item>
  </organization></organizations>
  <resources>
    <resource identifier="r1" type="webcontent" adlcp:scormType="sco" href="one.html"><file href="one.html"/></resource>
    <resource identifier="r2" type="webcontent" adlcp:scormType="sco" href="two.html"><file href="two.html"/></resource>
  </resources>
</manifest>`;
  return Buffer.from(
    zipSync(
      {
        "imsmanifest.xml": encode(manifest),
        "one.html": encode(scoPage("sco-1", "continue", null)),
        "two.html": encode(scoPage("sco-2", "exitAll", "0.8")),
      },
      { level: 0 },
    ),
  );
}

function contents(page: Page) {
  return page.getByRole("navigation", { name: "Contents" });
}

async function twoScoMaterial(title: string) {
  const { call, courseId, elementId } = await teacherLesson(title, "E2E-MULTI");
  courses.push(courseId);
  const material = await call(
    "/material/",
    "create",
    { courseId, elementId, published: true, name: title, type: "scorm" },
    { package: { data: twoScoPackage(title), filename: "two.zip" } },
  );
  return { courseId, elementId, materialId: material.id as number };
}

describe("a SCORM 2004 package with two SCOs", () => {
  it("goes from SCO 1 to SCO 2 by adl.nav.request, without a runtime error, and completes the material", async () => {
    const title = "Two parts";
    const { courseId, elementId, materialId } = await twoScoMaterial(title);
    const { context, page } = await newPage(browser);
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.text().startsWith("sco-errors")) logged.push(message.text());
    });
    await signIn(page, "student");
    await page.goto(url(`/courses/${courseId}/elements/${elementId}?material=${materialId}`));

    const toc = contents(page);
    await toc.getByRole("button", { name: /Part one/ }).waitFor();
    expect(await toc.getByRole("button", { name: /Part one/ }).getAttribute("aria-current")).toBe(
      "step",
    );
    expect(await toc.getByRole("button", { name: /Part two/ }).textContent()).toContain(
      "Not started",
    );
    const sco = page.frameLocator(`iframe[title="${title}"]`);
    await expect
      .poll(() => sco.locator("#values").textContent(), { timeout: 20_000 })
      .toBe(
        "adl.nav.request_valid.continue=true; adl.nav.request_valid.previous=false; " +
          "adl.nav.request_valid.choice.{target=sco-1}=true; cmi.objectives._count=0; " +
          "cmi.entry=ab-initio",
      );
    expect(await sco.locator("#errors").textContent()).toBe("none");
    await sco.getByRole("button", { name: "Finish sco-1" }).click();

    // continue: SCO 2 runs with its own data (its objective and passing score).
    await sco.getByRole("heading", { name: "sco-2" }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => sco.locator("#values").textContent(), { timeout: 20_000 })
      .toBe(
        "adl.nav.request_valid.continue=false; adl.nav.request_valid.previous=true; " +
          "adl.nav.request_valid.choice.{target=sco-1}=true; cmi.objectives._count=1; " +
          "cmi.scaled_passing_score=0.6; cmi.entry=ab-initio",
      );
    expect(await sco.locator("#errors").textContent()).toBe("none");
    expect(await toc.getByRole("button", { name: /Part two/ }).getAttribute("aria-current")).toBe(
      "step",
    );
    await expect
      .poll(() => toc.getByRole("button", { name: /Part one/ }).textContent())
      .toContain("Complete");

    // exitAll: the player leaves the package, which is complete.
    await sco.getByRole("button", { name: "Finish sco-2" }).click();
    await page.getByText("You have left this package.").waitFor({ timeout: 20_000 });
    await page.getByText("You have finished this package.").waitFor({ timeout: 20_000 });
    expect(await page.locator(`iframe[title="${title}"]`).count()).toBe(0);
    await expect
      .poll(() => toc.getByRole("button", { name: /Part two/ }).textContent())
      .toContain("Passed");
    await expect
      .poll(() => logged.sort())
      .toEqual(["sco-errors sco-1 none", "sco-errors sco-2 none"]);

    // The journey shows the material complete (its SCOs rolled up), also after a reload.
    await page.reload();
    const pathItem = page
      .getByRole("navigation", { name: "Course path" })
      .getByRole("listitem")
      .filter({ hasText: new RegExp(`^${title}`) });
    await expect.poll(() => pathItem.textContent(), { timeout: 20_000 }).toContain("Complete");
    await context.close();
  });

  it("on a 390 px phone keeps the contents behind a button, and launches a part from the keyboard", async () => {
    const title = "Two parts phone";
    const { courseId, elementId, materialId } = await twoScoMaterial(title);
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "student");
    await page.goto(url(`/courses/${courseId}/elements/${elementId}?material=${materialId}`));
    const toc = contents(page);
    const toggle = toc.getByRole("button", { name: "Show the contents" });
    await toggle.waitFor();
    expect(await toc.getByRole("button", { name: /Part two/ }).isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press("Enter");
    expect(
      await toc.getByRole("button", { name: "Hide the contents" }).getAttribute("aria-expanded"),
    ).toBe("true");
    const partTwo = toc.getByRole("button", { name: /Part two/ });
    await partTwo.waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await partTwo.focus();
    await page.keyboard.press("Enter");
    const sco = page.frameLocator(`iframe[title="${title}"]`);
    await sco.getByRole("heading", { name: "sco-2" }).waitFor({ timeout: 20_000 });
    await toc.getByRole("button", { name: "Show the contents" }).click();
    expect(await toc.getByRole("button", { name: /Part two/ }).getAttribute("aria-current")).toBe(
      "step",
    );
    await context.close();
  });
});
