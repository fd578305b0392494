import { BULK_UPLOAD_COLUMNS, SORTABLE_COLUMNS, type ClassRecord } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { schoolYearOf, type ClassScope } from "../src/plugins/app/repositories/class-rows";
import type { ListInput } from "../src/lib/list";
import { ClassesRepository } from "../src/plugins/app/repositories/classes-repository";
import { useTestApp } from "./helper";
import {
  expectClassSummariesCurrent,
  expectSameClasses as expectSameClassesOf,
} from "./support/classes-derived";
import { buildCourse } from "./support/journey";
import { readBack } from "./support/records";
import { bulkUploadRow } from "./support/users";

/**
 * Issue 14: the class list reads per-class sums kept by the database's triggers (migration 0016)
 * instead of every user and progress row. After each change a school makes, the sums must equal
 * what the users and progress rows give, and the list what the derived query gives.
 */
const t = useTestApp();
let admin: string;
let schoolAdmin: string;
let teacher: string;
let teacherId: number;

const TODAY = new Date();

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
  teacher = await t().login("teacher");
  teacherId = await t().userId("teacher");
});

const expectSummariesCurrent = () => expectClassSummariesCurrent(t().database.db);
const expectSameClasses = (scope: ClassScope) => expectSameClassesOf(t().database.db, scope, TODAY);

async function listed(token: string): Promise<ClassRecord[]> {
  const answer = await t().call<{ data: ClassRecord[] }>(
    "class",
    "list",
    { rowsPerPage: 50, sortBy: "averageCompletion", sortOrder: "desc" },
    { token },
  );
  expect(answer.status, answer.payload).toBe(200);
  return answer.body.data!.data;
}

/** Every check after a change: the sums, three scopes, and the list as a global admin gets it. */
async function expectCurrent() {
  await expectSummariesCurrent();
  const all = await expectSameClasses({ schoolId: null, teacherId: null });
  await expectSameClasses({ schoolId: 1, teacherId: null });
  await expectSameClasses({ schoolId: 1, teacherId });
  const list = await listed(admin);
  expect(list).toHaveLength(all.length);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  expect(sum(list.map((c) => c.students))).toBe(sum(all.map((c) => Number(c.students))));
  return list;
}

const find = (list: ClassRecord[], grade: number, section: string, schoolId = 1) =>
  list.find(
    (c) =>
      c.schoolId === schoolId &&
      c.grade === grade &&
      c.section.toLowerCase() === section.toLowerCase(),
  );

async function userRecord(userName: string) {
  const answer = await t().call<Record<string, unknown>>(
    "user",
    "get",
    { id: await t().userId(userName) },
    { token: admin },
  );
  expect(answer.status, answer.payload).toBe(200);
  return answer.body.data!;
}

async function updateUser(userName: string, changes: Record<string, unknown>) {
  const record = await userRecord(userName);
  const answer = await t().call(
    "user",
    "update",
    {
      ...record,
      assignedLoad: (record.assignedLoad as object | undefined) ?? [],
      children: [],
      parent: undefined,
      ...changes,
    },
    { token: schoolAdmin },
  );
  expect(answer.status, answer.payload).toBe(200);
}

describe("stored class sums", () => {
  it("start equal to the derived classes (seeded through the triggers)", async () => {
    const list = await expectCurrent();
    expect(find(list, 7, "Rizal")).toMatchObject({ students: 3 });
  });

  it("follow a bulk upload of students, one statement for many rows", async () => {
    const lines = Array.from({ length: 40 }, (_, i) =>
      bulkUploadRow({
        firstName: "Ana",
        lastName: "Reyes",
        userName: `sum${i}`,
        email: `sum${i}@example.edu.ph`,
        roleId: "5",
        schoolId: "1",
        learningReferenceNumber: String(300000000000 + i),
        schoolYearFrom: "2026",
        schoolYearTo: "2027",
        grade: i % 2 === 0 ? "7" : "9",
        section: i % 4 === 0 ? "Rizal" : "Luna",
      }),
    );
    const answer = await t().call<{ created: number }>(
      "user",
      "bulkupload",
      { mode: "add" },
      {
        token: admin,
        files: {
          file: {
            data: [BULK_UPLOAD_COLUMNS.join(","), ...lines].join("\n"),
            filename: "users.csv",
            type: "text/csv",
          },
        },
      },
    );
    expect(answer.status, answer.payload).toBe(200);
    const list = await expectCurrent();
    expect(find(list, 7, "Rizal")!.students).toBe(3 + 10);
  });

  it("follow a completed material, and its course and material being unpublished", async () => {
    const course = await buildCourse(t(), teacher, [
      {
        name: "Unit",
        materials: [
          { name: "First", type: "page" },
          { name: "Second", type: "page" },
        ],
      },
    ]);
    const student = await t().login("student");
    for (const name of ["First", "Second"]) {
      await t().call("journey", "open", { materialId: course.ids[name] }, { token: student });
      const done = await t().call(
        "journey",
        "complete",
        { materialId: course.ids[name] },
        { token: student },
      );
      expect(done.status, done.payload).toBe(200);
    }
    const before = find(await expectCurrent(), 7, "Rizal")!.averageCompletion;
    const material = await t().call(
      "material",
      "unpublish",
      { id: course.ids.Second },
      { token: teacher },
    );
    expect(material.status, material.payload).toBe(200);
    await expectCurrent();
    const unpublished = await t().call(
      "course",
      "unpublish",
      { id: course.courseId },
      { token: teacher },
    );
    expect(unpublished.status, unpublished.payload).toBe(200);
    await expectCurrent();
    await t().call("course", "publish", { id: course.courseId }, { token: teacher });
    await t().call("material", "publish", { id: course.ids.Second }, { token: teacher });
    expect(find(await expectCurrent(), 7, "Rizal")!.averageCompletion).toBe(before);
    // A completion cleared and set again, many rows in one statement.
    await t().database.db.execute(
      sql`update progress set completed_at = null where course_id = ${course.courseId}`,
    );
    await expectCurrent();
    await t().database.db.execute(
      sql`update progress set completed_at = now() where course_id = ${course.courseId}`,
    );
    await expectCurrent();
  });

  it("follow a student's grade and section edited, and a class move", async () => {
    await updateUser("rosa", { grade: 8, section: "Bonifacio" });
    let list = await expectCurrent();
    expect(find(list, 8, "Bonifacio")!.students).toBe(3);
    await updateUser("rosa", { grade: 7, section: " rizal " });
    list = await expectCurrent();
    const rizal = find(list, 7, "Rizal")!;
    const moved = await t().call(
      "class",
      "move",
      { id: rizal.id, ids: JSON.stringify([await t().userId("miguel")]), section: "Luna" },
      { token: schoolAdmin },
    );
    expect(moved.status, moved.payload).toBe(200);
    await expectCurrent();
    // The latest year to of a class's students is the class's.
    await t().database.db.execute(
      sql`update users set school_year_to = 2028 where user_name = 'miguel'`,
    );
    expect(find(await expectCurrent(), 7, "Luna")!.schoolYearTo).toBe(2028);
    await t().database.db.execute(
      sql`update users set school_year_to = null where user_name = 'miguel'`,
    );
    await expectCurrent();
    // A role change takes a student out of its class; back again, it returns with its progress.
    await t().database.db.execute(sql`update users set role_id = 3 where user_name = 'lea'`);
    await expectCurrent();
    await t().database.db.execute(sql`update users set role_id = 5 where user_name = 'lea'`);
    await expectCurrent();
  });

  it("follow a student deleted to the recycle bin and restored", async () => {
    const deleted = await t().call<{ binIds: number[] }>(
      "user",
      "delete",
      { id: await t().userId("student") },
      { token: schoolAdmin },
    );
    expect(deleted.status, deleted.payload).toBe(200);
    await expectCurrent();
    const restored = await t().call(
      "user",
      "restore",
      { id: deleted.body.data!.binIds[0] },
      { token: schoolAdmin },
    );
    expect(restored.status, restored.payload).toBe(200);
    await expectCurrent();
  });

  it("follow a whole school deleted to the recycle bin and restored", async () => {
    const deleted = await t().call<{ binIds: number[] }>(
      "school",
      "delete",
      { id: 1, confirmCode: "RNHS" },
      { token: admin },
    );
    expect(deleted.status, deleted.payload).toBe(200);
    const list = await expectCurrent();
    expect(list.every((c) => c.schoolId !== 1)).toBe(true);
    const restored = await t().call(
      "school",
      "restore",
      { id: deleted.body.data!.binIds[0] },
      { token: admin },
    );
    expect(restored.status, restored.payload).toBe(200);
    await expectCurrent();
  });

  // Issue 14, migration 0021: the stored list rows follow what the derived classes read besides
  // the students and their progress.
  it("follow a school renamed, and a teacher's loads added, changed, moved and removed", async () => {
    const db = t().database.db;
    await db.execute(sql`update schools set school_name = 'Renamed High' where id = 1`);
    expect(find(await expectCurrent(), 7, "Rizal")!.schoolName).toBe("Renamed High");
    await db.execute(sql`insert into user_loads (user_id, grade, subject, section)
      values (${teacherId}, 11, 'Added Math', 'Mabini'), (${teacherId}, 7, 'Added Science', ' RIZAL ')`);
    expect(find(await expectCurrent(), 11, "Mabini")).toMatchObject({ students: 0, teachers: 1 });
    await db.execute(sql`update user_loads set section = 'Luna' where section = 'Mabini'`);
    expect(find(await expectCurrent(), 11, "Mabini")).toBeUndefined();
    await db.execute(sql`update users set school_id = 2 where id = ${teacherId}`);
    await expectCurrent();
    await db.execute(sql`update users set school_id = 1 where id = ${teacherId}`);
    await expectCurrent();
    await db.execute(sql`delete from user_loads where subject like 'Added %'`);
    await expectCurrent();
  });

  it("follow courses, elements and materials changed, made global and deleted", async () => {
    const db = t().database.db;
    // A school change ends the teacher's sessions (the test before moved it).
    const course = await buildCourse(t(), await t().login("teacher"), [
      { name: "Unit A", materials: [{ name: "A1", type: "page" }] },
      { name: "Unit B", materials: [{ name: "B1", type: "page" }] },
    ]);
    const student = await t().login("student");
    await t().call("journey", "open", { materialId: course.ids.A1 }, { token: student });
    await t().call("journey", "complete", { materialId: course.ids.A1 }, { token: student });
    await expectCurrent();
    const id = course.courseId;
    await db.execute(sql`update course_elements set published = false
      where course_id = ${id} and name = 'Unit B'`);
    await expectCurrent();
    await db.execute(sql`update courses set section = 'rizal' where id = ${id}`);
    await expectCurrent();
    await db.execute(sql`update courses set section = 'Luna', grade_level = 9 where id = ${id}`);
    await expectCurrent();
    await db.execute(sql`update courses set section = '', grade_level = 7, school_id = null
      where id = ${id}`);
    await expectCurrent();
    await db.execute(sql`update materials set published = false where course_id = ${id}`);
    await expectCurrent();
    await db.execute(sql`update materials set published = true where course_id = ${id}`);
    await expectCurrent();
    await db.execute(sql`update courses set school_id = 1 where id = ${id}`);
    await expectCurrent();
    await db.execute(sql`delete from materials where id = ${course.ids.A1}`);
    await expectCurrent();
    await db.execute(sql`delete from course_elements where course_id = ${id} and name = 'Unit B'`);
    await expectCurrent();
    await db.execute(sql`delete from courses where id = ${id}`);
    await expectCurrent();
  });

  it("follow the calendar's school year turning", async () => {
    const db = t().database.db;
    await db.execute(sql`insert into user_loads (user_id, grade, subject, section)
      select id, 10, 'Math', 'Aguinaldo' from users where role_id = 3 and school_id <> 1`);
    await db.execute(sql`update class_list_year set year_from = year_from - 1`);
    await db.execute(sql`select class_list_refresh(array(select id from schools))`);
    await db.execute(sql`select class_list_sync(${schoolYearOf(TODAY)}::int)`);
    await expectCurrent();
  });

  it("give every page in every order the rows of the whole list (far pages read backwards)", async () => {
    const classes = new ClassesRepository(t().database.db);
    const scope = { schoolId: null, teacherId: null };
    const read = async (fields: Partial<ListInput>) =>
      readBack(
        await classes.list(
          { page: 1, rowsPerPage: 1000, sortOrder: "asc", search: "", ...fields },
          [],
          {},
          scope,
        ),
      );
    for (const sortBy of [undefined, ...SORTABLE_COLUMNS.classes]) {
      for (const sortOrder of ["asc", "desc"] as const) {
        const whole = await read({ sortBy, sortOrder });
        expect(whole.total).toBeGreaterThan(2);
        const pages: ClassRecord[] = [];
        for (let page = 1; page <= whole.total + 1; page++) {
          const part = await read({ rowsPerPage: 1, page, sortBy, sortOrder });
          expect(part.total).toBe(whole.total);
          pages.push(...part.rows);
        }
        expect(pages.map((c) => c.id)).toEqual(whole.rows.map((c) => c.id));
      }
    }
  });
});
