import { ROLE_IDS } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp, type FieldValue } from "./helper";

const t = useTestApp();
const tokens: Record<string, string> = {};
let child: number;
let classmate: number;
let otherSection: number;
let sci7: number;

interface Summary {
  course: { id: number; courseCode: string };
  done: number;
  total: number;
}

async function addStudent(userName: string, section: string) {
  await t().database.db.execute(sql`
    insert into users (first_name, last_name, user_name, email, role_id, school_id, grade, section)
    values ('Test', ${userName}, ${userName}, ${`${userName}@demo.school.ph`}, ${ROLE_IDS.student},
            (select id from schools where school_code = 'RNHS'), 7, ${section})`);
  return t().userId(userName);
}

const read = (command: string, token: string, fields: Record<string, FieldValue>) =>
  t().call<Summary[] & Summary & { elements: { materials: { id: number; state: string }[] }[] }>(
    "journey",
    command,
    fields,
    { token },
  );

beforeAll(async () => {
  for (const name of ["parent", "student", "teacher", "schooladmin", "schooladmin2", "admin"]) {
    tokens[name] = await t().login(name);
  }
  child = await t().userId("student");
  classmate = await addStudent("classmate", "Rizal");
  otherSection = await addStudent("othersection", "Bonifacio");
  const mine = await read("mycourses", tokens.student!, {});
  sci7 = (mine.body.data as Summary[]).find((c) => c.course.courseCode === "SCI7")!.course.id;
  const path = await read("path", tokens.student!, { courseId: sci7 });
  const first = path.body.data!.elements[0]!.materials[0]!.id;
  await t().call("journey", "complete", { materialId: first }, { token: tokens.student });
});

describe("reading another user's journey", () => {
  it("lists a parent's children, and nobody's for other users", async () => {
    const answer = await t().call("journey", "children", {}, { token: tokens.parent });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      {
        userId: child,
        firstName: "Juan",
        lastName: "Dela Cruz",
        grade: 7,
        section: "Rizal",
        schoolName: "Rizal National High School",
      },
    ]);
    expect(
      (await t().call("journey", "children", {}, { token: tokens.student })).body.data,
    ).toEqual([]);
  });

  it("lets a parent read its child's courses, path and summary, read-only", async () => {
    expect((await read("mycourses", tokens.parent!, {})).status).toBe(403);
    const courses = await read("mycourses", tokens.parent!, { userId: child });
    expect(courses.status, courses.payload).toBe(200);
    const codes = (courses.body.data as Summary[]).map((c) => c.course.courseCode);
    expect(codes).toContain("SCI7");
    expect(codes).toContain("VAL7");
    const path = await read("path", tokens.parent!, { courseId: sci7, userId: child });
    expect(path.status).toBe(200);
    const states = path.body.data!.elements.flatMap((e) => e.materials.map((m) => m.state));
    expect(states.slice(0, 3)).toEqual(["complete", "open", "locked"]);
    const summary = await read("summary", tokens.parent!, { courseId: sci7, userId: child });
    expect(summary.body.data).toMatchObject({ done: 1 });
    const own = await read("path", tokens.student!, { courseId: sci7 });
    expect(own.body.data!.elements[0]!.materials[1]!.state).toBe("open");
  });

  it("refuses a parent another student, and a student anyone else", async () => {
    expect((await read("path", tokens.parent!, { courseId: sci7, userId: classmate })).status).toBe(
      403,
    );
    const other = await t().userId("student2");
    expect((await read("mycourses", tokens.parent!, { userId: other })).status).toBe(404);
    expect(
      (await read("summary", tokens.student!, { courseId: sci7, userId: classmate })).status,
    ).toBe(403);
  });

  it("lets staff read the students in their scope only", async () => {
    const teacher = await read("path", tokens.teacher!, { courseId: sci7, userId: child });
    expect(teacher.status).toBe(200);
    expect(teacher.body.data!.elements[0]!.materials[0]!.state).toBe("complete");
    expect((await read("mycourses", tokens.teacher!, { userId: otherSection })).status).toBe(404);
    const admin = await read("summary", tokens.schooladmin!, { courseId: sci7, userId: child });
    expect(admin.body.data).toMatchObject({ done: 1 });
    expect((await read("mycourses", tokens.schooladmin2!, { userId: child })).status).toBe(404);
    const global = await read("mycourses", tokens.admin!, { userId: child });
    expect((global.body.data as Summary[]).find((c) => c.course.id === sci7)).toMatchObject({
      done: 1,
    });
  });
});
