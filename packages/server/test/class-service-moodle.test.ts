import { ROLE_IDS } from "@lms/core";
import moodleClient from "moodle-client";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, useTestApp } from "./helper";
import { fetchContent } from "./support/journey";

/**
 * Issue 17: the class service as Moodle's own clients see it, read with the moodle-client package
 * (a real Moodle web-service client) against the server listening on 127.0.0.1.
 */
const t = useTestApp();
let wwwroot: string;
let studentId: number;
let sci7: number;
let otherCourse: number;
let classmate: number;

/** A student of the demo student's class, signing in with the demo password. */
async function addStudent(userName: string) {
  await t().database.db.execute(sql`
    insert into users (first_name, last_name, user_name, email, role_id, school_id, grade,
                       section, password_hash)
    select 'Test', ${userName}, ${userName}, ${`${userName}@demo.school.ph`}, role_id, school_id,
           grade, section, password_hash
      from users where user_name = 'student'`);
  return t().userId(userName);
}

interface Course {
  id: number;
  shortname: string;
  fullname: string;
  progress: number | null;
  completed: boolean;
  visible: number;
}
interface Module {
  id: number;
  name: string;
  modname: string;
  uservisible: boolean;
  completion: number;
  completiondata: { state: number; timecompleted: number };
  availabilityinfo?: string;
  contents?: { type: string; filename: string; fileurl: string; filesize: number }[];
}
interface Section {
  id: number;
  name: string;
  section: number;
  modules: Module[];
}
interface Statuses {
  statuses: { cmid: number; modname: string; state: number; timecompleted: number }[];
  warnings: unknown[];
}

const signIn = (username: string, password = DEMO_PASSWORD) =>
  moodleClient.init({ wwwroot, username, password });

beforeAll(async () => {
  await t().app.listen({ port: 0, host: "127.0.0.1" });
  const address = t().app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening");
  wwwroot = `http://127.0.0.1:${address.port}`;
  studentId = await t().userId("student");
  classmate = await addStudent("classmate");
  const courses = (
    await t().app.repos.courses.visible({
      userId: 0,
      roleId: ROLE_IDS.admin,
      schoolId: null,
      grade: null,
      section: "",
    })
  ).map((c) => ({ id: c.id, course_code: c.courseCode }));
  sci7 = courses.find((c) => c.course_code === "SCI7")!.id;
  const student = await t().login("student");
  const mine = await t().call<{ course: { id: number } }[]>(
    "journey",
    "mycourses",
    {},
    {
      token: student,
    },
  );
  const taken = new Set(mine.body.data!.map((c) => c.course.id));
  otherCourse = courses.find((c) => !taken.has(c.id))!.id;
});

describe("login/token.php", () => {
  it("gives a token for a user name and password, and refuses a wrong one", async () => {
    const client = await signIn("student");
    expect(client.token).toMatch(/^\S{20,}$/);
    await expect(signIn("student", "Wrong@2026!")).rejects.toThrow(
      "authentication failed: Invalid login, please try again",
    );
    await expect(
      moodleClient.init({
        wwwroot,
        username: "student",
        password: DEMO_PASSWORD,
        service: "another_service",
      }),
    ).rejects.toThrow("Web service is not available");
    // The token is a class-service token: the main service does not take it.
    const api = await t().call("journey", "mycourses", {}, { token: client.token });
    expect(api.status).toBe(401);
  });

  it("refuses an inactive account like a wrong password", async () => {
    await addStudent("leaving");
    expect((await signIn("leaving")).token).toBeTruthy();
    await t().database.db.execute(sql`update users set status = 1 where user_name = 'leaving'`);
    await expect(signIn("leaving")).rejects.toThrow(
      "authentication failed: Invalid login, please try again",
    );
  });
});

describe("Moodle's read functions", () => {
  it("answers site info for the token's user", async () => {
    const client = await signIn("student");
    const info = (await client.call({ wsfunction: "core_webservice_get_site_info" })) as {
      username: string;
      userid: number;
      firstname: string;
      fullname: string;
      siteurl: string;
      lang: string;
      release: string;
      version: string;
      functions: { name: string; version: string }[];
    };
    expect(info).toMatchObject({
      username: "student",
      userid: studentId,
      firstname: "Juan",
      fullname: "Juan Dela Cruz",
      siteurl: "http://portal.test",
      lang: "en",
    });
    expect(info.release).toMatch(/^4\.1/);
    expect(info.functions.map((f) => f.name).sort()).toEqual([
      "auth_userkey_request_login_url",
      "core_completion_get_activities_completion_status",
      "core_course_get_contents",
      "core_course_get_courses_by_field",
      "core_enrol_get_users_courses",
      "core_webservice_get_site_info",
    ]);
  });

  it("lists a student's courses with progress, by GET and by POST", async () => {
    const client = await signIn("student");
    for (const method of ["GET", "POST"] as const) {
      const courses = (await client.call({
        wsfunction: "core_enrol_get_users_courses",
        args: { userid: studentId },
        method,
      })) as Course[];
      expect(courses.map((c) => c.shortname).sort()).toEqual(["SCI7", "VAL7"]);
      expect(courses.find((c) => c.shortname === "SCI7")).toMatchObject({
        id: sci7,
        fullname: "Science 7",
        visible: 1,
        progress: 0,
        completed: false,
      });
    }
  });

  it("shows a course's sections and modules, gated as the journey is", async () => {
    const client = await signIn("student");
    const sections = (await client.call({
      wsfunction: "core_course_get_contents",
      args: { courseid: sci7 },
    })) as Section[];
    expect(sections.map((s) => [s.section, s.name])).toEqual([
      [1, "Getting Started"],
      [2, "Lesson 1: Matter"],
    ]);
    const modules = sections.flatMap((s) => s.modules);
    expect(modules.map((m) => [m.name, m.modname, m.uservisible])).toEqual([
      ["Welcome to Science 7", "page", true],
      ["Science resources", "url", false],
      ["Course outline", "resource", false],
      ["Matter interactive", "scorm", false],
      ["Matter quiz", "quiz", false],
    ]);
    const outline = modules[2]!;
    expect(outline.contents).toBeUndefined();
    expect(outline.availabilityinfo).toBe(
      "Sorry you need to finish previous course element/material.",
    );
    expect(modules.map((m) => m.completion)).toEqual([1, 1, 1, 2, 2]);
  });

  it("tells completion before and after the student completes a material", async () => {
    const client = await signIn("student");
    const status = async () =>
      (await client.call({
        wsfunction: "core_completion_get_activities_completion_status",
        args: { courseid: sci7, userid: studentId },
      })) as Statuses;
    const before = await status();
    expect(before.warnings).toEqual([]);
    expect(before.statuses.map((s) => [s.modname, s.state])).toEqual([
      ["page", 0],
      ["url", 0],
      ["resource", 0],
      ["scorm", 0],
      ["quiz", 0],
    ]);
    const student = await t().login("student");
    for (const module of before.statuses.slice(0, 2)) {
      const done = await t().call(
        "journey",
        "complete",
        { materialId: module.cmid },
        { token: student },
      );
      expect(done.status).toBe(200);
    }
    const after = await status();
    expect(after.statuses.map((s) => s.state)).toEqual([1, 1, 0, 0, 0]);
    expect(after.statuses[0]!.timecompleted).toBeGreaterThan(Date.now() / 1000 - 600);
    expect(after.statuses[2]!.timecompleted).toBe(0);

    const courses = (await client.call({
      wsfunction: "core_enrol_get_users_courses",
      args: { userid: studentId },
    })) as Course[];
    expect(courses.find((c) => c.id === sci7)!.progress).toBe(40);

    // The file is open now: its content comes from the content origin.
    const sections = (await client.call({
      wsfunction: "core_course_get_contents",
      args: { courseid: sci7 },
    })) as Section[];
    const outline = sections[0]!.modules[2]!;
    expect(outline.uservisible).toBe(true);
    expect(outline.completiondata.state).toBe(0);
    const file = outline.contents![0]!;
    expect(file).toMatchObject({ type: "file", filename: "course-outline.pdf" });
    expect(file.fileurl).toMatch(
      /^http:\/\/content\.test\/content\/[^/]+\/\d+\/course-outline\.pdf$/,
    );
    const pdf = await fetchContent(t(), file.fileurl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.rawPayload.length).toBe(file.filesize);
    expect(sections[0]!.modules[1]!.contents![0]).toMatchObject({
      type: "url",
      fileurl: "https://www.deped.gov.ph",
    });
  });

  it("finds courses by field within the caller's scope", async () => {
    const client = await signIn("student");
    const byCode = (await client.call({
      wsfunction: "core_course_get_courses_by_field",
      args: { field: "shortname", value: "SCI7" },
    })) as { courses: Course[]; warnings: unknown[] };
    expect(byCode.courses.map((c) => c.id)).toEqual([sci7]);
    const other = (await client.call({
      wsfunction: "core_course_get_courses_by_field",
      args: { field: "id", value: otherCourse },
    })) as { courses: Course[] };
    expect(other.courses).toEqual([]);
    const all = (await client.call({
      wsfunction: "core_course_get_courses_by_field",
    })) as { courses: Course[] };
    expect(all.courses.map((c) => c.shortname).sort()).toEqual(["SCI7", "VAL7"]);
  });
});

describe("Moodle's errors", () => {
  it("answers an invalid token with invalidtoken", async () => {
    const client = await moodleClient.init({ wwwroot, token: "not-a-token" });
    expect(await client.call({ wsfunction: "core_webservice_get_site_info" })).toEqual({
      exception: "moodle_exception",
      errorcode: "invalidtoken",
      message: "Invalid token!",
    });
  });

  it("refuses a course or a user out of scope, and an unknown function", async () => {
    const client = await signIn("student");
    expect(
      await client.call({
        wsfunction: "core_course_get_contents",
        args: { courseid: otherCourse },
      }),
    ).toMatchObject({ exception: "require_login_exception", errorcode: "requireloginerror" });
    expect(
      await client.call({
        wsfunction: "core_completion_get_activities_completion_status",
        args: { courseid: otherCourse, userid: studentId },
      }),
    ).toMatchObject({ errorcode: "requireloginerror" });
    expect(
      await client.call({
        wsfunction: "core_enrol_get_users_courses",
        args: { userid: classmate },
      }),
    ).toMatchObject({ exception: "required_capability_exception", errorcode: "nopermissions" });
    expect(
      await client.call({ wsfunction: "core_course_get_contents", args: { courseid: "x" } }),
    ).toMatchObject({ exception: "invalid_parameter_exception", errorcode: "invalidparameter" });
    expect(await client.call({ wsfunction: "core_user_get_users" })).toMatchObject({
      exception: "dml_missing_record_exception",
      errorcode: "invalidrecord",
    });
  });

  it("lets a parent read its child's courses, and staff a student in scope only", async () => {
    const parent = await signIn("parent");
    const courses = (await parent.call({
      wsfunction: "core_enrol_get_users_courses",
      args: { userid: studentId },
    })) as Course[];
    expect(courses.map((c) => c.shortname).sort()).toEqual(["SCI7", "VAL7"]);
    const admin = await signIn("schooladmin");
    const read = (await admin.call({
      wsfunction: "core_enrol_get_users_courses",
      args: { userid: studentId },
    })) as Course[];
    expect(read.map((c) => c.shortname).sort()).toEqual(["SCI7", "VAL7"]);
    const admin2 = await signIn("schooladmin2");
    expect(
      await admin2.call({
        wsfunction: "core_enrol_get_users_courses",
        args: { userid: studentId },
      }),
    ).toMatchObject({ errorcode: "invaliduser" });
  });

  it("answers Moodle's XML without moodlewsrestformat=json", async () => {
    const client = await signIn("student");
    const query = new URLSearchParams({
      wstoken: client.token,
      wsfunction: "core_webservice_get_site_info",
    });
    const response = await fetch(`${wwwroot}/webservice/rest/server.php?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const body = await response.text();
    expect(body).toContain('<RESPONSE>\n<SINGLE>\n<KEY name="sitename">');
    expect(body).toContain('<KEY name="username"><VALUE>student</VALUE>\n</KEY>');
    const refused = await fetch(`${wwwroot}/webservice/rest/server.php?wstoken=nope`);
    expect(await refused.text()).toContain(
      '<EXCEPTION class="moodle_exception">\n<ERRORCODE>invalidtoken</ERRORCODE>',
    );
  });
});
