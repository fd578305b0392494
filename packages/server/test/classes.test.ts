import { encodeClassId, type ClassDetails } from "@lms/core";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { classListOf, classNames as names, type ListData } from "./support/class-list";

const t = useTestApp();
let admin: string;
let schoolAdmin: string;
let otherAdmin: string;
let teacher: string;

const FIRST = 1;
const SECOND = 2;
const classId = (grade: number, section: string, schoolId = FIRST) =>
  encodeClassId({ schoolId, schoolYearFrom: 2026, grade, section });

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
  otherAdmin = await t().login("schooladmin2");
  teacher = await t().login("teacher");
});

const list = classListOf(t);

async function details(token: string, id: string) {
  return t().call<ClassDetails>("class", "get", { id }, { token });
}

describe("class table", () => {
  it("derives the first school's classes from its students and loads, with counts", async () => {
    const answer = await list(admin, { schoolId: FIRST, sortBy: "section" });
    expect(answer.pagination.totalcount).toBe(3);
    const byName = Object.fromEntries(answer.data.map((c) => [`${c.grade}-${c.section}`, c]));
    expect(byName["7-Rizal"]).toMatchObject({
      id: classId(7, "Rizal"),
      schoolYearFrom: 2026,
      schoolYearTo: 2027,
      students: 3,
      teachers: 1,
      schoolName: "Rizal National High School",
    });
    expect(byName["7-Mabini"]).toMatchObject({ students: 2, teachers: 1 });
    expect(byName["8-Bonifacio"]).toMatchObject({ students: 2, teachers: 1 });
    // Grade 8 of the first school takes no published course: no completion to show.
    expect(byName["8-Bonifacio"]!.averageCompletion).toBeNull();
    expect(byName["7-Mabini"]!.averageCompletion).toBeGreaterThan(0);
  });

  it("sorts, searches, filters by grade and pages", async () => {
    const sorted = await list(admin, { schoolId: FIRST, sortBy: "students", sortOrder: "desc" });
    expect(sorted.data.map((c) => c.students)).toEqual([3, 2, 2]);
    const searched = await list(admin, { search: "mabini" });
    expect(names(searched.data).sort()).toEqual(["7-Mabini", "8-Mabini"]);
    const grade8 = await list(admin, {}, [
      ["filter[key]", "grade"],
      ["filter[values][]", "8"],
    ]);
    expect(names(grade8.data).sort()).toEqual(["8-Bonifacio", "8-Mabini"]);
    const page2 = await list(admin, { rowsPerPage: 10, page: 2 });
    expect(page2.data).toHaveLength(0);
    expect(page2.pagination.totalcount).toBe(4);
  });

  it("refuses a column that is not sortable and an unknown filter with 422", async () => {
    const bad = await t().call("class", "list", { sortBy: "secret" }, { token: admin });
    expect(bad.status).toBe(422);
    const filter = await t().call(
      "class",
      "list",
      {},
      {
        token: admin,
        entries: [
          ["filter[key]", "password"],
          ["filter[values][]", "x"],
        ],
      },
    );
    expect(filter.status).toBe(422);
  });

  it("shows a school admin its school's classes and a global admin every school's", async () => {
    expect(names((await list(schoolAdmin)).data).sort()).toEqual([
      "7-Mabini",
      "7-Rizal",
      "8-Bonifacio",
    ]);
    expect(names((await list(otherAdmin)).data)).toEqual(["8-Mabini"]);
    const all = await list(admin);
    expect(new Set(all.data.map((c) => c.schoolId))).toEqual(new Set([FIRST, SECOND]));
  });

  it("shows a teacher only the classes of its load", async () => {
    const mine = await list(teacher);
    expect(names(mine.data)).toEqual(["7-Rizal"]);
    const jose = await list(await t().login("jose"));
    expect(names(jose.data).sort()).toEqual(["7-Mabini", "8-Bonifacio"]);
  });

  it("lists the classes that take a course, and hides a course the caller cannot see", async () => {
    const courses = await t().call<ListData<{ id: number; courseCode: string }>>(
      "course",
      "list",
      { rowsPerPage: 50 },
      { token: admin },
    );
    const idOf = (code: string) => courses.body.data!.data.find((c) => c.courseCode === code)!.id;
    const science7 = await list(admin, { courseId: idOf("SCI7") });
    expect(names(science7.data).sort()).toEqual(["7-Mabini", "7-Rizal"]);
    const science8 = await list(admin, { courseId: idOf("SCI8") });
    expect(names(science8.data)).toEqual(["8-Mabini"]);
    const foreign = await t().call(
      "class",
      "list",
      { courseId: idOf("SCI8") },
      { token: schoolAdmin },
    );
    expect(foreign.status).toBe(404);
  });

  it("exports every matching class as CSV", async () => {
    const answer = await t().call(
      "class",
      "export",
      { schoolId: FIRST, sortBy: "grade", sortOrder: "asc" },
      { token: schoolAdmin },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-disposition"]).toContain("classes.csv");
    const lines = answer.rawPayload.toString("utf8").trim().split("\r\n");
    expect(lines).toHaveLength(1 + 3);
    expect(lines[0]).toContain("averageCompletion");
    expect(lines.some((l) => l.includes("Bonifacio") && l.includes("2026-2027"))).toBe(true);
  });
});

describe("class details", () => {
  it("answers the students with progress, the teachers by load row, and the courses", async () => {
    const answer = await details(schoolAdmin, classId(7, "Rizal"));
    expect(answer.status, answer.payload).toBe(200);
    const data = answer.body.data!;
    expect(data.studentList.map((s) => s.lastName)).toEqual(["Dela Cruz", "Torres", "Villanueva"]);
    const lea = data.studentList.find((s) => s.userName === "lea")!;
    expect(lea.done).toBe(2);
    expect(lea.percent).toBe(Math.round((2 / lea.total) * 100));
    expect(data.teacherList.map((l) => `${l.userName}:${l.subject}`).sort()).toEqual([
      "teacher:Mathematics",
      "teacher:Science",
    ]);
    expect(data.courseList.map((c) => c.courseCode).sort()).toEqual(["SCI7", "VAL7"]);
  });

  it("gives each course the share of the class's students' completed materials", async () => {
    const mabini = (await details(admin, classId(7, "Mabini"))).body.data!;
    // Rosa completed the one published material of Values Education 7; Paolo nothing.
    expect(mabini.courseList.find((c) => c.courseCode === "VAL7")!.averageCompletion).toBe(50);
    expect(mabini.courseList.find((c) => c.courseCode === "SCI7")!.averageCompletion).toBe(0);
    expect(mabini.teacherList).toEqual([
      expect.objectContaining({ userName: "jose", subject: "English" }),
    ]);
  });

  it("answers 404 for a class out of scope, an empty class and a bad id", async () => {
    expect((await details(otherAdmin, classId(7, "Rizal"))).status).toBe(404);
    expect((await details(teacher, classId(7, "Mabini"))).status).toBe(404);
    expect((await details(teacher, classId(7, "Rizal"))).status).toBe(200);
    expect((await details(admin, classId(7, "Nobody"))).status).toBe(404);
    expect((await details(admin, "1.2026.7.not!base64")).status).toBe(404);
    expect((await details(admin, "1.2026.7.UmlaYWw")).status).toBe(404);
    expect((await t().call("class", "get", {}, { token: admin })).status).toBe(422);
  });

  it("is refused to students and parents", async () => {
    for (const name of ["student", "parent"]) {
      const answer = await details(await t().login(name), classId(7, "Rizal"));
      expect(answer.status).toBe(403);
    }
  });
});

describe("classes follow the users", () => {
  it("counts a new student and a new teacher's load, and makes a class of a load alone", async () => {
    const created = await t().call(
      "user",
      "create",
      {
        firstName: "Nina",
        lastName: "Castro",
        userName: "nina",
        email: "nina@example.edu.ph",
        roleId: 5,
        schoolId: FIRST,
        learningReferenceNumber: "923456789012",
        grade: 7,
        section: "Mabini",
        schoolYearFrom: 2026,
        schoolYearTo: 2027,
      },
      { token: schoolAdmin },
    );
    expect(created.status, created.payload).toBe(200);
    const loaded = await t().call(
      "user",
      "create",
      {
        firstName: "Luis",
        lastName: "Santiago",
        userName: "luis",
        email: "luis@example.edu.ph",
        roleId: 3,
        schoolId: FIRST,
        employeeNumber: "EMP-3001",
        assignedLoad: [
          { grade: 7, subject: "Filipino", section: "Mabini" },
          { grade: 9, subject: "Mathematics", section: "Luna" },
        ],
      },
      { token: schoolAdmin },
    );
    expect(loaded.status, loaded.payload).toBe(200);
    const rows = (await list(schoolAdmin)).data;
    const byName = Object.fromEntries(rows.map((c) => [`${c.grade}-${c.section}`, c]));
    expect(byName["7-Mabini"]).toMatchObject({ students: 3, teachers: 2 });
    expect(byName["9-Luna"]).toMatchObject({ students: 0, teachers: 1, schoolYearFrom: 2026 });
  });

  it("moves students to another section in one step, and both classes change", async () => {
    const rizal = (await details(schoolAdmin, classId(7, "Rizal"))).body.data!;
    const miguel = rizal.studentList.find((s) => s.userName === "miguel")!;
    const moved = await t().call(
      "class",
      "move",
      { id: rizal.id, ids: JSON.stringify([miguel.id]), section: "Mabini" },
      { token: schoolAdmin },
    );
    expect(moved.status, moved.payload).toBe(200);
    expect(moved.body.data).toEqual({ count: 1, from: rizal.id, to: classId(7, "Mabini") });
    const rows = (await list(schoolAdmin)).data;
    const byName = Object.fromEntries(rows.map((c) => [`${c.grade}-${c.section}`, c]));
    expect(byName["7-Rizal"]!.students).toBe(2);
    expect(byName["7-Mabini"]!.students).toBe(4);
    const user = await t().call<{ section: string; updatedBy: string; updatedAt: string }>(
      "user",
      "get",
      { id: miguel.id },
      { token: admin },
    );
    expect(user.body.data).toMatchObject({ section: "Mabini", updatedBy: "schooladmin" });
    expect(user.body.data!.updatedAt).not.toBeNull();
  });

  it("moves nobody when one id is not a student of the class", async () => {
    const rizal = (await details(schoolAdmin, classId(7, "Rizal"))).body.data!;
    const rosa = await t().userId("rosa");
    const answer = await t().call(
      "class",
      "move",
      { id: rizal.id, ids: JSON.stringify([rizal.studentList[0]!.id, rosa]), section: "Luna" },
      { token: schoolAdmin },
    );
    expect(answer.status).toBe(404);
    expect((await details(schoolAdmin, rizal.id)).body.data!.students).toBe(rizal.students);
  });

  it("refuses a move to the same section, without ids, out of scope or by a teacher", async () => {
    const id = classId(7, "Rizal");
    const student = await t().userId("student");
    const same = await t().call(
      "class",
      "move",
      { id, ids: JSON.stringify([student]), section: "rizal" },
      { token: schoolAdmin },
    );
    expect(same.status).toBe(422);
    expect(same.body.errors![0]).toMatchObject({ field: "section" });
    const noIds = await t().call("class", "move", { id, section: "Luna" }, { token: schoolAdmin });
    expect(noIds.status).toBe(422);
    expect(noIds.body.errors![0]).toMatchObject({ field: "ids", code: "validation.required" });
    const foreign = await t().call(
      "class",
      "move",
      { id, ids: JSON.stringify([student]), section: "Luna" },
      { token: otherAdmin },
    );
    expect(foreign.status).toBe(404);
    const byTeacher = await t().call(
      "class",
      "move",
      { id, ids: JSON.stringify([student]), section: "Luna" },
      { token: teacher },
    );
    expect(byTeacher.status).toBe(403);
  });
});
