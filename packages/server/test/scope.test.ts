import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { PNG } from "./support/files";

const t = useTestApp();
let admin: string;
let otherAdmin: string;
let firstSchoolCourse: number;
let firstSchoolElement: number;
let firstSchoolMaterial: number;
let student: number;

beforeAll(async () => {
  admin = await t().login("admin");
  otherAdmin = await t().login("schooladmin2");
  student = await t().userId("student");
  const courses = await t().call<{ data: { id: number; courseCode: string }[] }>(
    "course",
    "list",
    { search: "sci7" },
    { token: admin },
  );
  firstSchoolCourse = courses.body.data!.data.find((c) => c.courseCode === "SCI7")!.id;
  const elements = await t().call<{ data: { id: number }[] }>(
    "element",
    "list",
    { courseId: firstSchoolCourse },
    { token: admin },
  );
  firstSchoolElement = elements.body.data!.data[0]!.id;
  const materials = await t().call<{ data: { id: number; type: string }[] }>(
    "material",
    "list",
    { courseId: firstSchoolCourse, rowsPerPage: 50 },
    { token: admin },
  );
  firstSchoolMaterial = materials.body.data!.data.find((m) => m.type === "file")!.id;
  // A photo and a course image to ask for.
  const studentToken = await t().login("student");
  await t().call(
    "user",
    "updateprofile",
    { firstName: "Juan", lastName: "Dela Cruz", email: "student@demo.school.ph" },
    { token: studentToken, files: { photo: { data: PNG, filename: "me.png" } } },
  );
  const course = await t().call<Record<string, unknown>>(
    "course",
    "get",
    { id: firstSchoolCourse },
    { token: admin },
  );
  await t().call(
    "course",
    "update",
    { ...course.body.data, image: undefined },
    { token: admin, files: { image: { data: PNG, filename: "c.png" } } },
  );
});

describe("the second school's admin and the first school's records", () => {
  it("gets 404 on the first school's users", async () => {
    for (const cmdType of ["get", "delete", "activate", "deactivate", "resendactivation"]) {
      const answer = await t().call("user", cmdType, { id: student }, { token: otherAdmin });
      expect(answer.status, cmdType).toBe(404);
    }
    const list = await t().call<{ data: { schoolId: number }[] }>(
      "user",
      "list",
      { schoolId: 1 },
      { token: otherAdmin },
    );
    expect(list.body.data!.data).toEqual([]);
  });

  it("gets 404 on the first school's courses, elements and materials", async () => {
    expect(
      (await t().call("course", "get", { id: firstSchoolCourse }, { token: otherAdmin })).status,
    ).toBe(404);
    expect(
      (await t().call("course", "delete", { id: firstSchoolCourse }, { token: otherAdmin })).status,
    ).toBe(404);
    expect(
      (await t().call("element", "list", { courseId: firstSchoolCourse }, { token: otherAdmin }))
        .status,
    ).toBe(404);
    expect(
      (
        await t().call(
          "element",
          "create",
          { courseId: firstSchoolCourse, name: "X", type: "basic" },
          { token: otherAdmin },
        )
      ).status,
    ).toBe(404);
    expect(
      (await t().call("element", "publish", { id: firstSchoolElement }, { token: otherAdmin }))
        .status,
    ).toBe(404);
    expect(
      (await t().call("material", "get", { id: firstSchoolMaterial }, { token: otherAdmin }))
        .status,
    ).toBe(404);
    expect(
      (
        await t().call(
          "material",
          "create",
          {
            courseId: firstSchoolCourse,
            elementId: firstSchoolElement,
            name: "X",
            type: "page",
            content: "x",
          },
          { token: otherAdmin },
        )
      ).status,
    ).toBe(404);
  });

  it("gets 404 on the first school's files", async () => {
    const headers = { authorization: `Bearer ${otherAdmin}` };
    const photo = await t().app.inject({
      method: "GET",
      url: `/api/file/user/${student}`,
      headers,
    });
    expect(photo.statusCode).toBe(404);
    const image = await t().app.inject({
      method: "GET",
      url: `/api/file/course/${firstSchoolCourse}`,
      headers,
    });
    expect(image.statusCode).toBe(404);
    const download = await t().call(
      "material",
      "download",
      { id: firstSchoolMaterial },
      { token: otherAdmin },
    );
    expect(download.status).toBe(404);
    // The same files exist for the first school's admin.
    const own = await t().app.inject({
      method: "GET",
      url: `/api/file/course/${firstSchoolCourse}?token=${await t().login("schooladmin")}`,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
  });

  it("cannot move an element of its own course into the first school's course", async () => {
    const own = await t().call<{ data: { id: number }[] }>(
      "course",
      "list",
      {},
      { token: otherAdmin },
    );
    const courseId = own.body.data!.data.find(() => true)!.id;
    const element = (
      await t().call<{ data: { id: number }[] }>(
        "element",
        "list",
        { courseId },
        { token: otherAdmin },
      )
    ).body.data!.data[0]!;
    const swap = await t().call(
      "element",
      "swap",
      {
        swap_from: { id: element.id, position: 1 },
        swap_to: { id: firstSchoolElement, position: 1 },
      },
      { token: otherAdmin },
    );
    expect(swap.status).toBe(422);
  });
});
