import { beforeAll, describe, expect, it } from "vitest";
import { demoScormPackage } from "../src/db/seed";
import { writeZip } from "../src/lib/zip";
import { useTestApp } from "./helper";
import {
  type List,
  type Course,
  type Element,
  type Material,
  listElements,
} from "./support/courses";

const t = useTestApp();
let admin: string;
let schoolAdmin: string;
let teacher: string;
let student: string;

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
  teacher = await t().login("teacher");
  student = await t().login("student");
});

const elements = (courseId: number, token = admin) => listElements(t(), courseId, token);

describe("materials", () => {
  let courseId: number;
  let elementId: number;
  beforeAll(async () => {
    const sci7 = (
      await t().call<List<Course>>("course", "list", { search: "sci7" }, { token: admin })
    ).body.data!.data.find((c) => c.courseCode === "SCI7")!;
    courseId = sci7.id;
    elementId = (await elements(courseId))[0]!.id;
  });

  const create = (
    fields: Record<string, unknown>,
    files?: Record<string, { data: Buffer | string; filename: string }>,
  ) =>
    t().call<Material & { files: { url: string; path: string }[]; launchUrl?: string }>(
      "material",
      "create",
      { courseId, elementId, ...fields },
      { token: teacher, files },
    );

  it("lists each element with its materials in position order", async () => {
    const withMaterials = (await elements(courseId)) as (Element & { materials: Material[] })[];
    const all = withMaterials.flatMap((element) => element.materials);
    expect(all.length).toBeGreaterThan(0);
    for (const element of withMaterials) {
      expect(element.materials.every((m) => m.elementId === element.id)).toBe(true);
      const positions = element.materials.map((m) => m.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    // a student sees only published materials of published elements
    const seen = (await elements(courseId, student)) as (Element & {
      materials: (Material & { published: boolean })[];
    })[];
    expect(seen.flatMap((e) => e.materials).every((m) => m.published)).toBe(true);
  });

  it("creates a link and a page, placed at the bottom of the element", async () => {
    const link = await create({ name: "DepEd", type: "link", url: "https://www.deped.gov.ph" });
    expect(link.status).toBe(200);
    expect(link.body.data!.position).toBe(4);
    const page = await create({ name: "Notes", type: "page", content: "<p>Notes</p>" });
    expect(page.body.data!.position).toBe(5);
    const noUrl = await create({ name: "Bad link", type: "link" });
    expect(noUrl.status).toBe(422);
  });

  it("stores a file checked by its bytes and refuses active content", async () => {
    const pdf = await create(
      { name: "Worksheet", type: "file" },
      { file: { data: Buffer.from("%PDF-1.4\n%%EOF\n"), filename: "work sheet.pdf" } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.body.data!.files[0]!.path).toBe("work sheet.pdf");
    const html = await create(
      { name: "Page", type: "file" },
      { file: { data: "<html><script>alert(1)</script></html>", filename: "notes.pdf" } },
    );
    expect(html.status).toBe(422);
    expect(html.body.errors![0]!.code).toBe("validation.fileType");
    const svg = await create(
      { name: "Pic", type: "file" },
      { file: { data: "<svg/>", filename: "a.svg" } },
    );
    expect(svg.status).toBe(422);
    const download = await t().call(
      "material",
      "download",
      { id: pdf.body.data!.id },
      { token: teacher },
    );
    expect(download.status).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(String(download.headers["content-disposition"])).toContain("attachment");
    expect(download.rawPayload.toString()).toContain("%PDF");
  });

  it("unpacks a SCORM package and refuses a zip without a manifest", async () => {
    const scorm = await create(
      { name: "Package", type: "scorm" },
      { file: { data: demoScormPackage("Pkg"), filename: "pkg.zip" } },
    );
    expect(scorm.status).toBe(200);
    // Issue 12: on the content origin, with a capability in the path.
    expect(scorm.body.data!.launchUrl).toMatch(
      new RegExp(`^http://content\\.test/content/[^/]+/${scorm.body.data!.id}/index\\.html$`),
    );
    const bad = await create(
      { name: "Bad", type: "scorm" },
      {
        file: {
          data: writeZip([{ path: "index.html", data: Buffer.from("x") }]),
          filename: "bad.zip",
        },
      },
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors![0]!.code).toBe("materials.invalidPackage");
    const evil = await create(
      { name: "Evil", type: "scorm" },
      {
        file: {
          data: writeZip([
            { path: "imsmanifest.xml", data: Buffer.from("<m/>") },
            { path: "../../x.html", data: Buffer.from("x") },
          ]),
          filename: "e.zip",
        },
      },
    );
    expect(evil.status).toBe(422);
  });

  it("reads a SCORM package from the part named package, and updates it from there", async () => {
    const scorm = await create(
      { name: "Package part", type: "scorm" },
      { package: { data: demoScormPackage("Part"), filename: "part.zip" } },
    );
    expect(scorm.status).toBe(200);
    expect(scorm.body.data!.files.map((f) => f.path)).toContain("imsmanifest.xml");
    const missing = await create({ name: "No package", type: "scorm" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors![0]).toMatchObject({
      field: "package",
      code: "validation.required",
    });
    const bad = await create(
      { name: "Bad part", type: "scorm" },
      { package: { data: Buffer.from("not a zip"), filename: "x.zip" } },
    );
    expect(bad.body.errors![0]).toMatchObject({
      field: "package",
      code: "materials.invalidPackage",
    });
    const updated = await t().call<Material & { files: { path: string }[] }>(
      "material",
      "update",
      { id: scorm.body.data!.id, courseId, elementId, name: "Package part 2", type: "scorm" },
      {
        token: teacher,
        files: {
          package: {
            data: writeZip([
              {
                path: "imsmanifest.xml",
                data: Buffer.from(
                  '<manifest><metadata><schemaversion>1.2</schemaversion></metadata><resources><resource href="start.html"/></resources></manifest>',
                ),
              },
              { path: "start.html", data: Buffer.from("<p>hi</p>") },
            ]),
            filename: "v2.zip",
          },
        },
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data!.files.map((f) => f.path).sort()).toEqual([
      "imsmanifest.xml",
      "start.html",
    ]);
  });

  it("saves quiz settings with questions", async () => {
    const quiz = await create({ name: "Quick quiz", type: "quiz" });
    const answer = await t().call<{
      quiz: { passingGrade: number; questions: { prompt: string }[] };
    }>(
      "material",
      "quizsettings",
      {
        id: quiz.body.data!.id,
        passingGrade: 60,
        questions: JSON.stringify([
          {
            type: "single",
            prompt: "2 + 2?",
            choices: [{ text: "4", correct: true }, { text: "5" }],
          },
        ]),
      },
      { token: teacher },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data!.quiz.passingGrade).toBe(60);
    expect(answer.body.data!.quiz.questions[0]!.prompt).toBe("2 + 2?");
  });

  it("refuses a material in an element of another course", async () => {
    const math = (
      await t().call<List<Course>>("course", "list", { search: "math7" }, { token: admin })
    ).body.data!.data[0]!;
    const answer = await t().call(
      "material",
      "create",
      { courseId: math.id, elementId, name: "Misplaced", type: "page", content: "x" },
      { token: teacher },
    );
    expect(answer.status).toBe(422);
  });

  it("lists, swaps, publishes and deletes materials keeping positions gap-free", async () => {
    const list = async () =>
      (
        await t().call<List<Material>>(
          "material",
          "list",
          { courseId, rowsPerPage: 50 },
          { token: teacher },
        )
      ).body.data!.data.filter((m) => m.elementId === elementId);
    const before = await list();
    const [a, b] = [before[0]!, before[1]!];
    await t().call(
      "material",
      "swap",
      {
        swap_from: { id: a.id, position: a.position },
        swap_to: { id: b.id, position: b.position },
      },
      { token: teacher },
    );
    const swapped = await list();
    expect(swapped[0]!.id).toBe(b.id);
    expect(
      (await t().call("material", "unpublish", { id: a.id }, { token: teacher })).body.message,
    ).toBe("Material has been unpublished.");
    await t().call("material", "delete", { id: b.id }, { token: teacher });
    const after = await list();
    expect(after.map((m) => m.position)).toEqual(after.map((_, i) => i + 1));
  });
});

describe("the materials screen: every material the caller may see", () => {
  type Row = Material & { courseId: number; published: boolean; author: string };
  const all = async (token: string, entries: [string, string][] = []) => {
    const answer = await t().call<List<Row>>(
      "material",
      "list",
      { rowsPerPage: 50 },
      { token, entries },
    );
    expect(answer.status).toBe(200);
    return answer.body.data!;
  };
  const courseIds = async (token: string) =>
    (
      await t().call<List<Course>>("course", "list", { rowsPerPage: 50 }, { token })
    ).body.data!.data.map((c) => c.id);

  it("lists without courseId the materials of the courses each caller may view", async () => {
    for (const token of [admin, schoolAdmin, teacher]) {
      const visible = await courseIds(token);
      const list = await all(token);
      expect(list.data.every((m) => visible.includes(m.courseId))).toBe(true);
      expect(list.pagination.totalcount).toBe(list.data.length);
      for (const row of list.data) {
        expect(row).toMatchObject({
          courseId: expect.any(Number),
          elementId: expect.any(Number),
          name: expect.any(String),
          type: expect.any(String),
          size: expect.any(Number),
          author: expect.any(String),
          published: expect.any(Boolean),
          lastModified: expect.any(String),
        });
      }
    }
    const adminRows = await all(admin);
    expect(adminRows.data.some((m) => !m.published)).toBe(true);
    const teacherCourses = await courseIds(teacher);
    expect(adminRows.data.filter((m) => teacherCourses.includes(m.courseId)).length).toBe(
      (await all(teacher)).data.length,
    );
  });

  it("filters by type and published, and exports the same rows", async () => {
    const links = await all(admin, [
      ["filter[key]", "type"],
      ["filter[values][]", "link"],
    ]);
    expect(links.data.length).toBeGreaterThan(0);
    expect(links.data.every((m) => m.type === "link")).toBe(true);
    const hidden = await all(admin, [
      ["filter[key]", "published"],
      ["filter[values][]", "false"],
    ]);
    expect(hidden.data.length).toBeGreaterThan(0);
    expect(hidden.data.every((m) => !m.published)).toBe(true);
    const bad = await t().call(
      "material",
      "list",
      {},
      {
        token: admin,
        entries: [
          ["filter[key]", "published"],
          ["filter[values][]", "maybe"],
        ],
      },
    );
    expect(bad.status).toBe(422);
    const csv = await t().call("material", "export", { columns: "id,courseId" }, { token: admin });
    expect(csv.status).toBe(200);
    const lines = csv.rawPayload
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("id,courseId");
    expect(lines.length - 1).toBe((await all(admin)).pagination.totalcount);
  });

  it("still answers 404 for a course the caller may not see", async () => {
    const sci8 = (
      await t().call<List<Course>>("course", "list", { search: "sci8" }, { token: admin })
    ).body.data!.data.find((c) => c.courseCode === "SCI8")!;
    const answer = await t().call("material", "list", { courseId: sci8.id }, { token: teacher });
    expect(answer.status).toBe(404);
  });
});
