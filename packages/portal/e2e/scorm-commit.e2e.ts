import type { ScormLaunch } from "@lms/core";
import { zipSync } from "fflate";
import type { Browser, FrameLocator, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAs, deleteTeacherCourses, teacherLesson } from "./api";
import { launchBrowser, newPage, signIn, url } from "./browser";

/**
 * Issue 15, nothing is lost: what a SCO reports is saved when the page is closed or left without
 * Terminate, a failed save is retried, and the learner is told when it could not be saved.
 */
let browser: Browser;
const courses: number[] = [];
let student: Awaited<ReturnType<typeof apiAs>> | undefined;

const encode = (text: string) => new TextEncoder().encode(text);

/**
 * A one-page SCO: "Set" sets location, suspend data and exit suspend without committing; "Set and
 * commit" does the same with a commit. It shows what the runtime gives it on launch.
 */
function packageOf(version: "1.2" | "2004", title: string): Buffer {
  const v12 = version === "1.2";
  const e = {
    api: v12 ? "API" : "API_1484_11",
    init: v12 ? "LMSInitialize" : "Initialize",
    get: v12 ? "LMSGetValue" : "GetValue",
    set: v12 ? "LMSSetValue" : "SetValue",
    commit: v12 ? "LMSCommit" : "Commit",
    location: v12 ? "cmi.core.lesson_location" : "cmi.location",
    entry: v12 ? "cmi.core.entry" : "cmi.entry",
    exit: v12 ? "cmi.core.exit" : "cmi.exit",
  };
  const manifest = v12
    ? `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="e2e-save" version="1.0" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="item1" identifierref="res1"><title>${title}</title></item>
  </organization></organizations>
  <resources><resource identifier="res1" type="webcontent" adlcp:scormtype="sco" href="index.html">
    <file href="index.html"/></resource></resources>
</manifest>`
    : `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="e2e-save" version="1.0" xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3">
  <metadata><schema>ADL SCORM</schema><schemaversion>2004 4th Edition</schemaversion></metadata>
  <organizations default="org"><organization identifier="org"><title>${title}</title>
    <item identifier="item1" identifierref="res1"><title>${title}</title></item>
  </organization></organizations>
  <resources><resource identifier="res1" type="webcontent" adlcp:scormType="sco" href="index.html">
    <file href="index.html"/></resource></resources>
</manifest>`;
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><main><h1>${title}</h1><p id="state">Loading</p><p id="done"></p>
<button id="set" type="button">Set</button><button id="commit" type="button">Set and commit</button>
</main><script>
  var api = window.${e.api};
  var state = document.getElementById("state");
  var step = 0;
  function set(name, value) {
    if (api.${e.set}(name, value) !== "true") throw new Error("refused " + name);
  }
  function record() {
    step += 1;
    set("${e.location}", "step-" + step);
    set("cmi.suspend_data", "data-" + step);
    set("${e.exit}", "suspend");
  }
  api.${e.init}("");
  state.textContent = "entry=" + api.${e.get}("${e.entry}") + "; location=" +
    api.${e.get}("${e.location}") + "; suspend=" + api.${e.get}("cmi.suspend_data") + ";";
  document.getElementById("set").onclick = function () {
    record();
    document.getElementById("done").textContent = "Set " + step;
  };
  document.getElementById("commit").onclick = function () {
    record();
    api.${e.commit}("");
    document.getElementById("done").textContent = "Committed " + step;
  };
</script></body></html>`;
  return Buffer.from(
    zipSync({ "imsmanifest.xml": encode(manifest), "index.html": encode(page) }, { level: 0 }),
  );
}

/** A published Grade 7 course of the demo teacher with one SCORM package; its player's address. */
async function packageCourse(version: "1.2" | "2004", title: string): Promise<string> {
  const { call, courseId, elementId } = await teacherLesson(title, "E2E-SAVE");
  courses.push(courseId);
  const material = await call(
    "/material/",
    "create",
    { courseId, elementId, published: true, name: title, type: "scorm" },
    { package: { data: packageOf(version, title), filename: "save.zip" } },
  );
  return url(`/courses/${courseId}/elements/${elementId}?material=${material.id}`);
}

/**
 * The location the server holds for the demo student in the player's material (scormload records
 * an opening of the material, and leaves the attempt as it is).
 */
async function savedLocation(address: string): Promise<string | undefined> {
  const materialId = Number(/material=(\d+)/.exec(address)![1]);
  student ??= await apiAs("student");
  const launch = await student<ScormLaunch>("/journey/", "scormload", { materialId });
  return launch.cmi["cmi.location"];
}

async function openPlayer(page: Page, address: string, title: string) {
  await page.goto(address);
  const sco = page.frameLocator(`iframe[title="${title}"]`);
  await sco.locator("#state").filter({ hasText: "entry=" }).waitFor({ timeout: 20_000 });
  return sco;
}

/**
 * Waits until the portal has had every report the SCO's frame sent so far. The bridge reports a
 * SetValue a moment after it (a timer), and a frame's messages arrive in the order sent: a marker
 * posted from a later timer of the same frame arrives after them. Closing the tab before that is
 * closing it before the portal could know what the SCO set.
 */
async function reportsArrived(page: Page, sco: FrameLocator) {
  const marker = `reports-arrived-${Math.random()}`;
  await page.evaluate((mark) => {
    window.addEventListener("message", (event) => {
      if (event.data === mark) document.documentElement.dataset.reportsArrived = mark;
    });
  }, marker);
  await sco.locator("body").evaluate(
    (_, mark) =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          window.parent.postMessage(mark, "*");
          resolve();
        }, 50),
      ),
    marker,
  );
  await page.waitForFunction(
    (mark) => document.documentElement.dataset.reportsArrived === mark,
    marker,
  );
}

const serverError = {
  status: 500,
  contentType: "application/json",
  body: JSON.stringify({ status: 500, message: "Server error" }),
};
const isCommit = (route: Route) => /scormcommit/.test(route.request().postData() ?? "");

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  // Other browser tests count the demo student's courses: these go.
  await deleteTeacherCourses(courses);
});

describe("SCORM data is never lost", () => {
  it("saves what a 2004 SCO set, uncommitted, when the tab is closed without Terminate", async () => {
    const title = "Closed tab package";
    const address = await packageCourse("2004", title);
    const { context, page } = await newPage(browser);
    await signIn(page, "student");
    const sco = await openPlayer(page, address, title);
    expect(await sco.locator("#state").textContent()).toBe("entry=ab-initio; location=; suspend=;");
    await sco.getByRole("button", { name: "Set", exact: true }).click();
    await sco.getByRole("button", { name: "Set", exact: true }).click();
    await sco.locator("#done").filter({ hasText: "Set 2" }).waitFor();
    await reportsArrived(page, sco);
    await page.close({ runBeforeUnload: true });
    // The save sent as the tab closed is on the server (a player reopened before it lands would
    // start from what it read then).
    await expect.poll(() => savedLocation(address), { timeout: 10_000 }).toBe("step-2");

    const reopened = await context.newPage();
    const again = await openPlayer(reopened, address, title);
    await expect
      .poll(() => again.locator("#state").textContent())
      .toBe("entry=resume; location=step-2; suspend=data-2;");
    await context.close();
  });

  it("saves what a 1.2 SCO set when the learner leaves the player through the portal", async () => {
    const title = "Left player package";
    const address = await packageCourse("1.2", title);
    const { context, page } = await newPage(browser);
    await signIn(page, "student");
    const sco = await openPlayer(page, address, title);
    await sco.getByRole("button", { name: "Set", exact: true }).click();
    await sco.locator("#done").filter({ hasText: "Set 1" }).waitFor();
    const saved = page.waitForResponse(
      (r) => r.url().includes("/api/journey/") && /scormcommit/.test(r.request().postData() ?? ""),
    );
    await page.getByRole("navigation").getByRole("link", { name: "My Courses" }).click();
    await page.getByRole("heading", { name: "My Courses" }).waitFor();
    expect((await saved).status()).toBe(200);

    const again = await openPlayer(page, address, title);
    await expect
      .poll(() => again.locator("#state").textContent())
      .toBe("entry=resume; location=step-1; suspend=data-1;");
    await context.close();
  });

  it("retries a commit that fails and saves it", async () => {
    const title = "Retried package";
    const address = await packageCourse("2004", title);
    const { context, page } = await newPage(browser);
    await signIn(page, "student");
    const sco = await openPlayer(page, address, title);
    let refused = 0;
    let passed = 0;
    await page.route("**/api/journey/**", async (route) => {
      if (!isCommit(route)) return route.continue();
      if (refused < 2) {
        refused += 1;
        return route.fulfill(serverError);
      }
      passed += 1;
      return route.continue();
    });
    await sco.getByRole("button", { name: "Set and commit" }).click();
    await expect.poll(() => passed, { timeout: 15_000 }).toBe(1);
    expect(refused).toBe(2);
    await page.waitForTimeout(500);
    expect(await page.getByRole("alert").count()).toBe(0);
    await page.unroute("**/api/journey/**");

    const reopened = await context.newPage();
    const again = await openPlayer(reopened, address, title);
    await expect
      .poll(() => again.locator("#state").textContent())
      .toBe("entry=resume; location=step-1; suspend=data-1;");
    await context.close();
  });

  it("tells the learner when the data could not be saved, until a save gets through", async () => {
    const title = "Unsaved package";
    const address = await packageCourse("1.2", title);
    const { context, page } = await newPage(browser);
    await signIn(page, "student");
    const sco = await openPlayer(page, address, title);
    const hint = page.getByText("Your place is saved as you go.");
    await hint.waitFor();
    let refused = 0;
    await page.route("**/api/journey/**", async (route) => {
      if (!isCommit(route)) return route.continue();
      refused += 1;
      return route.fulfill(serverError);
    });
    await sco.getByRole("button", { name: "Set and commit" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "could not be saved" });
    await alert.waitFor({ timeout: 25_000 });
    expect(await alert.textContent()).toBe(
      "Your latest progress in this package could not be saved. Check your internet connection and keep this page open: it is sent again at your next step.",
    );
    // The first try and its four retries.
    expect(refused).toBe(5);
    expect(await hint.count()).toBe(0);

    await page.unroute("**/api/journey/**");
    await sco.getByRole("button", { name: "Set and commit" }).click();
    await alert.waitFor({ state: "detached" });
    await hint.waitFor();
    await context.close();
  }, 90_000);
});
