import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { buildCourse, classCookie, classServiceFile, pathOf, statesOf } from "./support/journey";

const t = useTestApp();
const FINISH_PREVIOUS = "Sorry you need to finish previous course element/material.";
let teacher: string;
let student: string;

const pdf = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

const open = (materialId: number, token = student) =>
  t().call("journey", "open", { materialId }, { token });
const complete = (materialId: number, token = student) =>
  t().call("journey", "complete", { materialId }, { token });

beforeAll(async () => {
  teacher = await t().login("teacher");
  student = await t().login("student");
});

describe("journey gating on the server", () => {
  it("refuses a locked material however it is asked for, across elements too", async () => {
    const { courseId, ids } = await buildCourse(t(), teacher, [
      {
        name: "Part one",
        materials: [
          { name: "A", type: "page" },
          {
            name: "B",
            type: "file",
            files: { file: { data: pdf, filename: "b.pdf", type: "application/pdf" } },
          },
        ],
      },
      {
        name: "Part two",
        materials: [
          { name: "C", type: "link" },
          { name: "D", type: "page" },
        ],
      },
    ]);
    expect(await statesOf(t(), student, courseId)).toEqual([
      "A:open",
      "B:locked",
      "C:locked",
      "D:locked",
    ]);
    for (const name of ["B", "C", "D"]) {
      const opened = await open(ids[name]!);
      expect(opened.status, name).toBe(403);
      expect(opened.body.message).toBe(FINISH_PREVIOUS);
      expect((await complete(ids[name]!)).status, name).toBe(403);
    }
    const cookie = await classCookie(t(), "student");
    const file = () => classServiceFile(t(), `/webservice/pluginfile.php/${ids.B}/b.pdf`, cookie);
    expect((await file()).statusCode).toBe(403);

    expect((await open(ids.A!)).status).toBe(200);
    expect((await complete(ids.A!)).status).toBe(200);
    expect((await file()).statusCode).toBe(200);
    // The first material of the second element waits for the last one of the first.
    expect((await open(ids.C!)).status).toBe(403);
    await complete(ids.B!);
    expect(await statesOf(t(), student, courseId)).toEqual([
      "A:complete",
      "B:complete",
      "C:open",
      "D:locked",
    ]);
    expect((await open(ids.C!)).status).toBe(200);

    // Staff see everything open and nothing of theirs is recorded.
    expect((await open(ids.D!, teacher)).status).toBe(200);
    expect((await complete(ids.D!, teacher)).status).toBe(200);
    expect((await pathOf(t(), teacher, courseId)).map((s) => s.state)).toEqual([
      "open",
      "open",
      "open",
      "open",
    ]);
    expect((await statesOf(t(), student, courseId))[3]).toBe("D:locked");
  });

  it("follows the new order after elements and materials are swapped", async () => {
    const { courseId, ids, elementIds } = await buildCourse(t(), teacher, [
      {
        name: "First",
        materials: [
          { name: "A", type: "page" },
          { name: "B", type: "page" },
        ],
      },
      {
        name: "Second",
        materials: [
          { name: "C", type: "page" },
          { name: "D", type: "page" },
        ],
      },
    ]);
    await complete(ids.A!);
    const swapped = await t().call(
      "element",
      "swap",
      {
        swap_from: JSON.stringify({ id: elementIds.First, position: 1 }),
        swap_to: JSON.stringify({ id: elementIds.Second, position: 2 }),
      },
      { token: teacher },
    );
    expect(swapped.status, swapped.payload).toBe(200);
    expect(await statesOf(t(), student, courseId)).toEqual([
      "C:open",
      "D:locked",
      "A:complete",
      "B:locked",
    ]);
    expect((await open(ids.B!)).status).toBe(403);
    const moved = await t().call(
      "material",
      "swap",
      {
        swap_from: JSON.stringify({ id: ids.C, position: 1 }),
        swap_to: JSON.stringify({ id: ids.D, position: 2 }),
      },
      { token: teacher },
    );
    expect(moved.status, moved.payload).toBe(200);
    expect(await statesOf(t(), student, courseId)).toEqual([
      "D:open",
      "C:locked",
      "A:complete",
      "B:locked",
    ]);
    expect((await open(ids.C!)).status).toBe(403);
    expect((await open(ids.D!)).status).toBe(200);
  });

  it("re-computes what is open after unpublishing and deleting, keeping finished work", async () => {
    const { courseId, ids } = await buildCourse(t(), teacher, [
      {
        name: "Only",
        materials: [
          { name: "A", type: "page" },
          { name: "B", type: "page" },
          { name: "C", type: "page" },
          { name: "D", type: "page" },
        ],
      },
    ]);
    await complete(ids.A!);
    expect((await open(ids.C!)).status).toBe(403);
    await t().call("material", "unpublish", { id: ids.B }, { token: teacher });
    expect(await statesOf(t(), student, courseId)).toEqual(["A:complete", "C:open", "D:locked"]);
    expect((await open(ids.B!)).status).toBe(404);
    await complete(ids.C!);
    await t().call("material", "delete", { id: ids.D }, { token: teacher });
    const summary = await t().call<{ done: number; total: number; complete: boolean }>(
      "journey",
      "summary",
      { courseId },
      { token: student },
    );
    expect(summary.body.data).toMatchObject({ done: 2, total: 2, complete: true });
    // Publishing B again puts it back before finished work, which stays complete.
    await t().call("material", "publish", { id: ids.B }, { token: teacher });
    expect(await statesOf(t(), student, courseId)).toEqual(["A:complete", "B:open", "C:complete"]);
    expect((await open(ids.C!)).status).toBe(200);
  });

  it("unpublishing an element re-opens what follows it", async () => {
    const { courseId, ids, elementIds } = await buildCourse(t(), teacher, [
      { name: "One", materials: [{ name: "A", type: "page" }] },
      { name: "Two", materials: [{ name: "B", type: "page" }] },
      { name: "Three", materials: [{ name: "C", type: "page" }] },
    ]);
    await complete(ids.A!);
    expect((await open(ids.C!)).status).toBe(403);
    await t().call("element", "unpublish", { id: elementIds.Two }, { token: teacher });
    expect(await statesOf(t(), student, courseId)).toEqual(["A:complete", "C:open"]);
    expect((await open(ids.C!)).status).toBe(200);
  });
});
