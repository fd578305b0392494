import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { classServiceFile } from "./support/journey";

const t = useTestApp();
let student: string;
let wsToken: string;
let sci7: number;

interface Step {
  id: number;
  name: string;
  state: string;
  type: string;
}

beforeAll(async () => {
  const login = await t().call<{ token: string; wsToken: string }>("user", "login", {
    userName: "student",
    password: "Demo@2026!",
  });
  student = login.body.data!.token;
  wsToken = login.body.data!.wsToken;
  const courses = await t().call<{ course: { id: number; courseCode: string } }[]>(
    "journey",
    "mycourses",
    {},
    { token: student },
  );
  sci7 = courses.body.data!.find((c) => c.course.courseCode === "SCI7")!.course.id;
});

async function steps(): Promise<Step[]> {
  const path = await t().call<{ elements: { materials: Step[] }[] }>(
    "journey",
    "path",
    { courseId: sci7 },
    { token: student },
  );
  return path.body.data!.elements.flatMap((e) => e.materials);
}

describe("course journey", () => {
  it("lists the student's courses with progress", async () => {
    const answer = await t().call<
      { course: { courseCode: string }; total: number; done: number }[]
    >("journey", "mycourses", {}, { token: student });
    expect(answer.body.data!.map((c) => c.course.courseCode).sort()).toEqual(["SCI7", "VAL7"]);
    expect(answer.body.data!.find((c) => c.course.courseCode === "SCI7")).toMatchObject({
      total: 5,
      done: 0,
    });
  });

  it("shows only published materials, the first open and the rest locked", async () => {
    const list = await steps();
    expect(list.map((s) => s.name)).toEqual([
      "Welcome to Science 7",
      "Science resources",
      "Course outline",
      "Matter interactive",
      "Matter quiz",
    ]);
    expect(list.map((s) => s.state)).toEqual(["open", "locked", "locked", "locked", "locked"]);
  });

  it("refuses to open a material before the earlier ones are complete", async () => {
    const list = await steps();
    const answer = await t().call(
      "journey",
      "open",
      { materialId: list[2]!.id },
      { token: student },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe("Sorry you need to finish previous course element/material.");
    expect(
      (await t().call("journey", "complete", { materialId: list[2]!.id }, { token: student }))
        .status,
    ).toBe(403);
  });

  it("records opening and completing, and moves on", async () => {
    const list = await steps();
    const opened = await t().call<{ content: string }>(
      "journey",
      "open",
      { materialId: list[0]!.id },
      { token: student },
    );
    expect(opened.status).toBe(200);
    expect(opened.body.data!.content).toContain("Welcome");
    expect((await steps())[0]!.state).toBe("inProgress");
    const resume = await t().call<{ material: Step }>(
      "journey",
      "resume",
      { courseId: sci7 },
      { token: student },
    );
    expect(resume.body.data!.material.id).toBe(list[0]!.id);
    await t().call("journey", "complete", { materialId: list[0]!.id }, { token: student });
    const next = await t().call<{ material: Step }>(
      "journey",
      "next",
      { courseId: sci7 },
      { token: student },
    );
    expect(next.body.data!.material.id).toBe(list[1]!.id);
    expect((await steps()).map((s) => s.state)).toEqual([
      "complete",
      "open",
      "locked",
      "locked",
      "locked",
    ]);
  });

  it("grades a quiz and completes it only when passed", async () => {
    const list = await steps();
    for (const step of list.slice(1, 4)) {
      const answer =
        step.type === "scorm"
          ? await t().call(
              "journey",
              "scormcommit",
              {
                materialId: step.id,
                cmi: JSON.stringify({ "cmi.core.lesson_status": "completed" }),
              },
              { token: student },
            )
          : await t().call("journey", "complete", { materialId: step.id }, { token: student });
      expect(answer.status, answer.payload).toBe(200);
    }
    const quiz = await t().call<{
      quiz: {
        questions: { id: string; choices: { id: string; text: string; correct?: boolean }[] }[];
      };
    }>("journey", "open", { materialId: list[4]!.id }, { token: student });
    const questions = quiz.body.data!.quiz.questions;
    expect(questions[0]!.choices[0]!.correct).toBeUndefined();
    const failed = await t().call<{ passed: boolean; score: number }>(
      "journey",
      "complete",
      {
        materialId: list[4]!.id,
        answers: JSON.stringify({ [questions[0]!.id]: ["a"], [questions[1]!.id]: "false" }),
      },
      { token: student },
    );
    expect(failed.body.data, failed.payload).toMatchObject({ passed: false, score: 0 });
    const passed = await t().call<{
      passed: boolean;
      summary: { complete: boolean; percent: number };
    }>(
      "journey",
      "complete",
      {
        materialId: list[4]!.id,
        answers: JSON.stringify({ [questions[0]!.id]: ["b"], [questions[1]!.id]: "true" }),
      },
      { token: student },
    );
    expect(passed.body.data).toMatchObject({
      passed: true,
      summary: { complete: true, percent: 100 },
    });
    const next = await t().call("journey", "next", { courseId: sci7 }, { token: student });
    expect(next.body.message).toBe("Course complete! Well done.");
  });

  it("lets a parent see its child's summary, but not another student's", async () => {
    const parent = await t().login("parent");
    const child = await t().userId("student");
    const answer = await t().call<{ done: number }>(
      "journey",
      "summary",
      { courseId: sci7, userId: child },
      { token: parent },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data!.done).toBe(5);
    const other = await t().call(
      "journey",
      "summary",
      { courseId: sci7, userId: await t().userId("student2") },
      { token: parent },
    );
    expect(other.status).toBe(404);
  });
});

describe("class service", () => {
  async function loginUrl(token: string, userName: string) {
    const { multipart } = await import("./helper");
    const { body, contentType } = await multipart({
      wsfunction: "auth_userkey_request_login_url",
      moodlewsrestformat: "json",
      wstoken: token,
      "user[username]": userName,
    });
    return t().app.inject({
      method: "POST",
      url: "/webservice/rest/server.php",
      headers: { "content-type": contentType },
      payload: body,
    });
  }

  it("answers a login URL whose key works once and sets an httpOnly cookie", async () => {
    const answer = await loginUrl(wsToken, "student");
    expect(answer.statusCode).toBe(200);
    const url = new URL(answer.json().loginurl);
    expect(url.pathname).toBe("/webservice/auth/userkey/login.php");
    const first = await t().app.inject({ method: "GET", url: url.pathname + url.search });
    expect(first.statusCode).toBe(200);
    const cookie = String(first.headers["set-cookie"]);
    expect(cookie).toMatch(/^lms_class=[^;]+; Path=\/webservice; HttpOnly; SameSite=Lax/);
    const second = await t().app.inject({ method: "GET", url: url.pathname + url.search });
    expect(second.statusCode).toBe(401);

    // The cookie serves the material files and SCORM content the student may see.
    const list = await steps();
    const scorm = list.find((s) => s.type === "scorm")!;
    const cookieHeader = cookie.split(";")[0]!;
    // Issue 12: served by the content origin (the class service's address sends the browser there),
    // sandboxed with an opaque origin; the SCO reaches the portal's runtime through the bridge.
    const page = await classServiceFile(
      t(),
      `/webservice/pluginfile.php/${scorm.id}/index.html`,
      cookieHeader,
    );
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.headers["content-security-policy"]).toBe(
      "sandbox allow-scripts allow-forms allow-popups",
    );
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    const pdf = list.find((s) => s.type === "file")!;
    const file = await classServiceFile(
      t(),
      `/webservice/pluginfile.php/${pdf.id}/course-outline.pdf`,
      cookieHeader,
    );
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(String(file.headers["content-disposition"])).toContain("course-outline.pdf");
    const anonymous = await t().app.inject({
      method: "GET",
      url: `/webservice/pluginfile.php/${pdf.id}/course-outline.pdf`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses an expired key", async () => {
    const answer = await loginUrl(wsToken, "student");
    const url = new URL(answer.json().loginurl);
    const { sql } = await import("drizzle-orm");
    await t().database.db.execute(
      sql`update class_login_keys set expires_at = now() - interval '1 second'`,
    );
    expect(
      (await t().app.inject({ method: "GET", url: url.pathname + url.search })).statusCode,
    ).toBe(401);
  });

  it("refuses another user's name and a bad token", async () => {
    // Moodle's convention: HTTP 200 with the exception (issue 17).
    const other = await loginUrl(wsToken, "teacher");
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ errorcode: "nopermissions" });
    expect(other.json().loginurl).toBeUndefined();
    const bad = await loginUrl("nope", "student");
    expect(bad.statusCode).toBe(200);
    expect(bad.json()).toEqual({
      exception: "moodle_exception",
      errorcode: "invalidtoken",
      message: "Invalid token!",
    });
  });
});
