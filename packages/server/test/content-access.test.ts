import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client";
import { useTestApp, type FieldValue } from "./helper";
import { PNG } from "./support/files";
import { type Role, contentAccess, ok, learner } from "./support/content-access";

/**
 * issue 12 "Access to learning content follows the permission matrix and the publish state":
 * each role against published, unpublished and other-school content through every route that
 * hands out a material (the class service's file route, material get/download/list, journey
 * open/scormload), and against photos, logos and course images.
 */

const t = useTestApp();
const { tokens, m, course, element, seed, viaClassService, statusOf, reads } = contentAccess(t);
let hiddenCourse = 0;
let openCourse = 0;

beforeAll(async () => {
  ({ hiddenCourse, openCourse } = await seed());
});

describe("a published material of a published element of a published course", () => {
  it("goes to staff in scope, the student who reached it and its parent", async () => {
    for (const role of ["admin", "rexadmin", "schooladmin", "teacher"] as const) {
      expect(await reads(role, m.first), role).toEqual(ok);
    }
    expect(await reads("student", m.first)).toEqual(learner(200, 200));
    expect(await reads("parent", m.first)).toEqual({ ...learner(200, 403) });
  });

  it("is refused to lsg, whose role has no course rights, and to another school", async () => {
    expect(await reads("lsg", m.first)).toEqual({ file: 404, get: 403, download: 403, open: 403 });
    expect(await reads("schooladmin2", m.first)).toEqual({
      file: 404,
      get: 404,
      download: 404,
      open: 404,
    });
    expect(await reads("student2", m.first)).toEqual(learner(404, 404));
  });

  it("is refused to the student and its parent while the journey has not reached it", async () => {
    expect(await reads("student", m.second)).toEqual(learner(403, 403));
    expect(await reads("parent", m.second)).toEqual(learner(403, 403));
    expect(await reads("teacher", m.second)).toEqual(ok);
  });
});

describe("unpublished content", () => {
  for (const kind of ["draft", "ofHiddenElement", "ofHiddenCourse"] as const) {
    it(`(${kind}) goes only to those who may change the course`, async () => {
      // The journey holds only published materials of published elements (for staff too).
      const expected = kind === "ofHiddenCourse" ? ok : { ...ok, open: 404 };
      for (const role of ["admin", "rexadmin", "schooladmin", "teacher"] as const) {
        expect(await reads(role, m[kind]), role).toEqual(expected);
      }
      expect(await reads("student", m[kind])).toEqual(learner(404, 404));
      expect(await reads("parent", m[kind])).toEqual(learner(404, 403));
      expect(await reads("lsg", m[kind])).toEqual({
        file: 404,
        get: 403,
        download: 403,
        open: 403,
      });
      expect((await reads("schooladmin2", m[kind])).file).toBe(404);
      expect((await reads("schooladmin2", m[kind])).get).toBe(404);
    });
  }

  it("of a course the caller sees but may not change is refused, the published part kept", async () => {
    for (const role of ["teacher", "schooladmin"] as const) {
      expect(await reads(role, m.globalDraft), role).toEqual({
        file: 404,
        get: 404,
        download: 404,
        open: 404,
      });
      expect(await reads(role, m.globalPublished), role).toEqual(ok);
    }
    expect(await reads("admin", m.globalDraft)).toMatchObject({ file: 200, get: 200 });
  });

  it("is not listed nor exported to those who may not change the course", async () => {
    const names = async (role: Role, courseId?: number) => {
      const answer = await t().call<{ data: { name: string }[] }>(
        "material",
        "list",
        { ...(courseId ? { courseId } : { search: "global" }), rowsPerPage: 50 },
        { token: tokens[role] },
      );
      return answer.body.data!.data.map((r) => r.name);
    };
    expect(await names("teacher", openCourse)).toEqual(
      expect.arrayContaining(["first", "draft", "of hidden element"]),
    );
    expect(await names("teacher")).toEqual(expect.arrayContaining(["global published"]));
    expect(await names("teacher")).not.toContain("global draft");
    expect(await names("schooladmin")).not.toContain("global draft");
    expect(await names("admin")).toContain("global draft");
    const exported = await t().call("material", "export", {}, { token: tokens.teacher });
    expect(exported.payload).toContain("global published");
    expect(exported.payload).not.toContain("global draft");
  });

  it("keeps a course's journey from staff who may not change an unpublished course", async () => {
    const own = await statusOf("teacher", "journey", "path", { courseId: hiddenCourse });
    expect(own).toBe(200);
    const other = await statusOf("schooladmin2", "journey", "path", { courseId: hiddenCourse });
    expect(other).toBe(404);
  });
});

describe("a quiz's answers", () => {
  it("go only to those who may change the quiz, not to a global course's other viewers", async () => {
    const { admin, teacher } = tokens;
    const global = await course(admin, { courseCode: "ACC5", gradeLevel: 7, published: true });
    const inGlobal = await element(admin, global, true);
    const quiz = await t().call<{ id: number }>(
      "material",
      "create",
      { courseId: global, elementId: inGlobal, name: "global quiz", type: "quiz", published: true },
      { token: admin },
    );
    const id = quiz.body.data!.id;
    const question = {
      type: "single",
      prompt: "Which is a gas?",
      points: 1,
      choices: [
        { id: "ice", text: "Ice", correct: false },
        { id: "steam", text: "Steam", correct: true },
      ],
    };
    const saved = await t().call(
      "material",
      "quizsettings",
      { id, passingGrade: 75, questions: JSON.stringify([question]) },
      { token: admin },
    );
    expect(saved.status).toBe(200);
    type Detail = { quiz: { questions: { choices: { correct?: boolean }[] }[] } };
    const choicesFor = async (token: string) =>
      (await t().call<Detail>("material", "get", { id }, { token })).body.data!.quiz.questions[0]!
        .choices;
    expect((await choicesFor(admin)).map((c) => c.correct)).toEqual([false, true]);
    const seen = await choicesFor(teacher);
    expect(seen).toHaveLength(2);
    expect(seen.every((c) => c.correct === undefined)).toBe(true);
  });
});

describe("another school's material", () => {
  it("goes to its school and global staff only", async () => {
    expect(await reads("schooladmin2", m.otherSchool)).toEqual(ok);
    expect(await reads("admin", m.otherSchool)).toEqual(ok);
    expect((await reads("student2", m.otherSchool)).file).toBe(200);
    for (const role of ["schooladmin", "teacher"] as const) {
      expect((await reads(role, m.otherSchool)).file, role).toBe(404);
      expect((await reads(role, m.otherSchool)).get, role).toBe(404);
    }
    for (const role of ["student", "parent", "lsg"] as const) {
      expect(await viaClassService(role, m.otherSchool), role).toBe(404);
    }
  });
});

describe("a disabled role", () => {
  it("reads no content through its class-service cookie", async () => {
    expect(await viaClassService("teacher", m.first)).toBe(200);
    await t().call("role", "setstatus", { id: 3, status: "disabled" }, { token: tokens.admin });
    try {
      expect(await viaClassService("teacher", m.first)).toBe(404);
      expect(await viaClassService("teacher", m.draft)).toBe(404);
    } finally {
      await t().call("role", "setstatus", { id: 3, status: "enabled" }, { token: tokens.admin });
    }
    expect(await viaClassService("teacher", m.first)).toBe(200);
  });
});

describe("page materials", () => {
  const hostile =
    '<h2>Title</h2><p onclick="steal()">Text <b>bold</b></p><script>alert(1)</script>' +
    '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
    '<a href="https://www.deped.gov.ph">good</a><iframe src="https://evil.test"></iframe>' +
    "<style>body{display:none}</style>";

  const assertSafe = (content: string) => {
    expect(content).not.toMatch(/<script|onerror|onclick|javascript:|<iframe|<style/i);
    expect(content).toContain("<h2>Title</h2>");
    expect(content).toContain("<b>bold</b>");
    expect(content).toContain('href="https://www.deped.gov.ph"');
    expect(content).toContain('rel="noopener noreferrer"');
  };

  it("are stored sanitised, keeping what the portal's editor writes", async () => {
    const element = await t().call<{ data: { id: number }[] }>(
      "element",
      "list",
      { courseId: openCourse },
      { token: tokens.teacher },
    );
    const created = await t().call<{ id: number; content: string }>(
      "material",
      "create",
      {
        courseId: openCourse,
        elementId: element.body.data!.data[0]!.id,
        name: "hostile page",
        type: "page",
        content: hostile,
        published: true,
      },
      { token: tokens.teacher },
    );
    expect(created.status).toBe(200);
    assertSafe(created.body.data!.content);
    const [row] = await rowsOf<{ content: string }>(
      t().database.db.execute(
        sql`select content from materials where id = ${created.body.data!.id}`,
      ),
    );
    assertSafe(row!.content);
  });

  it("are answered sanitised even when stored before", async () => {
    await t().database.db.execute(
      sql`update materials set content = ${hostile}, type = 'page' where id = ${m.globalPublished}`,
    );
    const got = await t().call<{ content: string }>(
      "material",
      "get",
      { id: m.globalPublished },
      { token: tokens.admin },
    );
    assertSafe(got.body.data!.content);
    const opened = await t().call<{ content: string }>(
      "journey",
      "open",
      { materialId: m.globalPublished },
      { token: tokens.teacher },
    );
    assertSafe(opened.body.data!.content);
  });
});

describe("photos, logos and course images", () => {
  const fileStatus = async (role: Role, kind: string, id: number) =>
    (
      await t().app.inject({
        method: "GET",
        url: `/api/file/${kind}/${id}`,
        headers: { authorization: `Bearer ${tokens[role]}` },
      })
    ).statusCode;

  it("show a user's photo to the user and to those who may view users in scope", async () => {
    const profile = await t().call<{ email: string }>(
      "user",
      "profile",
      {},
      { token: tokens.student },
    );
    const saved = await t().call(
      "user",
      "updateprofile",
      { firstName: "Juan", lastName: "Dela Cruz", email: profile.body.data!.email },
      { token: tokens.student, files: { photo: { data: PNG, filename: "me.png" } } },
    );
    expect(saved.status).toBe(200);
    const id = await t().userId("student");
    for (const role of ["student", "admin", "lsg", "schooladmin"] as const) {
      expect(await fileStatus(role, "user", id), role).toBe(200);
    }
    for (const role of ["teacher", "parent", "student2", "schooladmin2"] as const) {
      expect(await fileStatus(role, "user", id), role).toBe(404);
    }
  });

  it("show a school's logo to those who may view schools in scope", async () => {
    const school = await t().call<Record<string, FieldValue>>(
      "school",
      "get",
      { id: 1 },
      { token: tokens.admin },
    );
    const { logo: _logo, ...fields } = school.body.data!;
    const updated = await t().call("school", "update", fields, {
      token: tokens.admin,
      files: { logo: { data: PNG, filename: "logo.png" } },
    });
    expect(updated.status).toBe(200);
    for (const role of ["admin", "lsg", "schooladmin"] as const) {
      expect(await fileStatus(role, "school", 1), role).toBe(200);
    }
    for (const role of ["teacher", "student", "parent", "schooladmin2"] as const) {
      expect(await fileStatus(role, "school", 1), role).toBe(404);
    }
  });

  it("show a course's image as the course: an unpublished one only to its editors", async () => {
    const course = await t().call<Record<string, FieldValue>>(
      "course",
      "get",
      { id: hiddenCourse },
      { token: tokens.teacher },
    );
    const { image: _image, ...fields } = course.body.data!;
    const updated = await t().call("course", "update", fields, {
      token: tokens.teacher,
      files: { image: { data: PNG, filename: "course.png" } },
    });
    expect(updated.status).toBe(200);
    expect(await fileStatus("teacher", "course", hiddenCourse)).toBe(200);
    for (const role of ["student", "parent", "lsg", "schooladmin2"] as const) {
      expect(await fileStatus(role, "course", hiddenCourse), role).toBe(404);
    }
  });
});
