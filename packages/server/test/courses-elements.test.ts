import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { type List, type Course, type Element, codes, listElements } from "./support/courses";

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

describe("who sees which course", () => {
  it("shows an admin every course", async () => {
    const answer = await t().call<List<Course>>(
      "course",
      "list",
      { rowsPerPage: 50 },
      { token: admin },
    );
    expect(codes(answer)).toEqual(["MATH7", "SCI7", "SCI8", "VAL7"]);
  });

  it("shows a school admin its school's courses and the global ones", async () => {
    const answer = await t().call<List<Course>>(
      "course",
      "list",
      { rowsPerPage: 50 },
      { token: schoolAdmin },
    );
    expect(codes(answer)).toEqual(["MATH7", "SCI7", "VAL7"]);
  });

  it("shows a teacher the courses of its assigned load", async () => {
    const answer = await t().call<List<Course>>(
      "course",
      "list",
      { rowsPerPage: 50 },
      { token: teacher },
    );
    expect(codes(answer)).toEqual(["MATH7", "SCI7"]);
  });

  it("shows a student the published courses of its grade and section", async () => {
    const answer = await t().call<List<Course>>(
      "course",
      "list",
      { rowsPerPage: 50 },
      { token: student },
    );
    expect(codes(answer)).toEqual(["SCI7", "VAL7"]);
  });

  it("lets a school admin see but not change a global course", async () => {
    const val = (
      await t().call<List<Course>>("course", "list", { search: "val7" }, { token: schoolAdmin })
    ).body.data!.data[0]!;
    expect(
      (await t().call("course", "publish", { id: val.id }, { token: schoolAdmin })).status,
    ).toBe(403);
  });
});

describe("courses", () => {
  it("creates a course for the caller's school, publishes and unpublishes it", async () => {
    const created = await t().call<Course>(
      "course",
      "create",
      {
        courseName: "Science 7 Rizal",
        courseCode: "SCI7-R",
        gradeLevel: 7,
        subject: "Science",
        section: "Rizal",
        schoolId: "",
      },
      { token: teacher },
    );
    expect(created.status).toBe(200);
    expect(created.body.data!.schoolId).toBe(1);
    expect(
      (await t().call("course", "publish", { id: created.body.data!.id }, { token: teacher })).body
        .message,
    ).toBe("Course has been published.");
    expect(
      (await t().call("course", "unpublish", { id: created.body.data!.id }, { token: teacher }))
        .body.message,
    ).toBe("Course has been unpublished.");
  });

  it("refuses a teacher a course outside its load", async () => {
    const answer = await t().call(
      "course",
      "create",
      { courseName: "English 9", courseCode: "ENG9", gradeLevel: 9, subject: "English" },
      { token: teacher },
    );
    expect(answer.status).toBe(403);
  });

  it("answers the course conflict text for a code that exists in the school", async () => {
    const answer = await t().call(
      "course",
      "create",
      { courseName: "Copy", courseCode: "sci7", gradeLevel: 7, subject: "Science", schoolId: 1 },
      { token: admin },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Creation Unsuccessful. Course already exists.");
    expect(answer.body.errors?.map((e) => e.field)).toEqual(["courseCode"]);
  });

  it("refuses a school's course whose code a course for every school already has", async () => {
    const global = await t().call<Course>(
      "course",
      "create",
      { courseName: "Filipino 7", courseCode: "FIL7-ALL", gradeLevel: 7, subject: "Filipino" },
      { token: admin },
    );
    expect(global.status).toBe(200);
    expect(global.body.data!.schoolId).toBeNull();
    const copy = await t().call(
      "course",
      "create",
      { courseName: "Filipino", courseCode: "fil7-all", gradeLevel: 7, subject: "Filipino" },
      { token: schoolAdmin },
    );
    expect(copy.status).toBe(409);
    expect(copy.body.message).toBe("Creation Unsuccessful. Course already exists.");
    expect(copy.body.errors?.[0]?.field).toBe("courseCode");
  });

  it("refuses a course for every school whose code a school's course has, and an update onto a taken code", async () => {
    const everySchool = await t().call(
      "course",
      "create",
      { courseName: "Science all", courseCode: "SCI7", gradeLevel: 7, subject: "Science" },
      { token: admin },
    );
    expect(everySchool.status).toBe(409);
    const mine = await t().call<Course>(
      "course",
      "create",
      { courseName: "Arts", courseCode: "ARTS7-RZ", gradeLevel: 7, subject: "Arts", schoolId: 1 },
      { token: admin },
    );
    expect(mine.status).toBe(200);
    const renamed = await t().call(
      "course",
      "update",
      {
        id: mine.body.data!.id,
        courseName: "Arts",
        courseCode: "Sci7",
        gradeLevel: 7,
        subject: "Arts",
        schoolId: 1,
      },
      { token: admin },
    );
    expect(renamed.status).toBe(409);
    expect(renamed.body.message).toBe("Update Unsuccessful. Course already exists.");
    expect(renamed.body.errors?.[0]?.field).toBe("courseCode");
    // Keeping its own code is no conflict.
    const same = await t().call(
      "course",
      "update",
      {
        id: mine.body.data!.id,
        courseName: "Arts 7",
        courseCode: "ARTS7-RZ",
        gradeLevel: 7,
        subject: "Arts",
        schoolId: 1,
      },
      { token: admin },
    );
    expect(same.status).toBe(200);
  });
});

describe("course elements", () => {
  let courseId: number;
  beforeAll(async () => {
    const created = await t().call<Course>(
      "course",
      "create",
      {
        courseName: "Placement",
        courseCode: "PLACE",
        gradeLevel: 7,
        subject: "Science",
        schoolId: 1,
      },
      { token: admin },
    );
    courseId = created.body.data!.id;
  });

  const add = (name: string, placement: string, relativeTo?: number) =>
    t().call<Element>(
      "element",
      "create",
      { courseId, name, type: "lesson", placement, relativeTo },
      { token: schoolAdmin },
    );

  it("places elements at the top, before, after and at the bottom", async () => {
    const b = await add("B", "bottom");
    await add("A", "top");
    await add("D", "bottom");
    await add("C", "after", b.body.data!.id);
    const a0 = (await elements(courseId)).find((e) => e.name === "A")!;
    await add("Zero", "before", a0.id);
    const list = await elements(courseId);
    expect(list.map((e) => [e.name, e.position])).toEqual([
      ["Zero", 1],
      ["A", 2],
      ["B", 3],
      ["C", 4],
      ["D", 5],
    ]);
  });

  it("needs relativeTo for before and after, in the same course", async () => {
    const missing = await add("X", "before");
    expect(missing.status).toBe(422);
    expect(missing.body.errors![0]!.code).toBe("validation.relativeToRequired");
    const sci7 = (
      await t().call<List<Course>>("course", "list", { search: "sci7" }, { token: admin })
    ).body.data!.data.find((c) => c.courseCode === "SCI7")!;
    const other = (await elements(sci7.id))[0]!;
    const foreign = await add("X", "after", other.id);
    expect(foreign.status).toBe(422);
  });

  it("answers the element conflict text for a name that exists in the course", async () => {
    const answer = await add("a", "bottom");
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe("Creation Unsuccessful. Course Element already exists.");
  });

  it("swaps two elements and keeps positions gap-free when one is deleted", async () => {
    const list = await elements(courseId);
    const first = list[0]!;
    const last = list.at(-1)!;
    const swapped = await t().call(
      "element",
      "swap",
      {
        swap_from: { id: first.id, position: first.position },
        swap_to: { id: last.id, position: last.position },
      },
      { token: schoolAdmin },
    );
    expect(swapped.status).toBe(200);
    expect((await elements(courseId)).map((e) => e.name)).toEqual(["D", "A", "B", "C", "Zero"]);
    await t().call("element", "delete", { id: list[1]!.id }, { token: schoolAdmin });
    expect((await elements(courseId)).map((e) => [e.name, e.position])).toEqual([
      ["D", 1],
      ["B", 2],
      ["C", 3],
      ["Zero", 4],
    ]);
  });

  it("refuses a swap from a stale view with 409 and moves nothing, and a position none holds with 422", async () => {
    const before = await elements(courseId);
    const [first, second, third] = before as [Element, Element, Element];
    const swap = (from: Element, fromPosition: number, to: Element, toPosition: number) =>
      t().call<{ swap_from: { position: number } }>(
        "element",
        "swap",
        {
          swap_from: { id: from.id, position: fromPosition },
          swap_to: { id: to.id, position: toPosition },
        },
        { token: schoolAdmin },
      );
    // Seen before someone else moved the first element: the positions sent are not the stored.
    const stale = await swap(first, second.position, third, third.position);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      code: "errors.staleRecord",
      data: { swap_from: { id: first.id, position: first.position } },
    });
    const nowhere = await swap(first, first.position, third, 999);
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.errors![0]!.field).toBe("swap_to");
    expect((await elements(courseId)).map((e) => [e.id, e.position])).toEqual(
      before.map((e) => [e.id, e.position]),
    );
  });

  it("refuses to swap with an element of another course", async () => {
    const mine = (await elements(courseId))[0]!;
    const sci8 = (
      await t().call<List<Course>>("course", "list", { search: "sci8" }, { token: admin })
    ).body.data!.data[0]!;
    const theirs = (await elements(sci8.id))[0]!;
    const answer = await t().call(
      "element",
      "swap",
      { swap_from: { id: mine.id, position: 1 }, swap_to: { id: theirs.id, position: 1 } },
      { token: admin },
    );
    expect(answer.status).toBe(422);
  });

  it("exports the course's elements as CSV", async () => {
    const answer = await t().call(
      "element",
      "export",
      { courseId, columns: "name,position" },
      { token: schoolAdmin },
    );
    const lines = answer.rawPayload
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("name,position");
    expect(lines.slice(1)).toEqual(["D,1", "B,2", "C,3", "Zero,4"]);
  });

  it("publishes and renames an element", async () => {
    const element = (await elements(courseId))[0]!;
    expect(
      (await t().call("element", "publish", { id: element.id }, { token: schoolAdmin })).body
        .message,
    ).toBe("Course element has been published.");
    const renamed = await t().call<Element>(
      "element",
      "update",
      { id: element.id, name: "Intro", type: "basic" },
      { token: schoolAdmin },
    );
    expect(renamed.body.data!.name).toBe("Intro");
  });
});
