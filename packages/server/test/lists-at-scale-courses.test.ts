import { ROLE_IDS, SORTABLE_COLUMNS } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { KeptCourseList } from "../src/read-models/list-memory/kept-course-list";
import type { CourseViewer } from "../src/services/course-records";
import { readBack } from "./support/records";
import { COURSE_COLUMNS, ROWS, useListsAtScale } from "./support/lists-at-scale";

const { people, t, everySort, teachersCourses, count } = useListsAtScale();
let admin: string;
let schoolAdmin: string;
let teacher: string;
let adminsSchool: number;
let teacherId: number;

beforeAll(() => {
  ({ admin, schoolAdmin, teacher, adminsSchool, teacherId } = people);
});

describe("schools, courses and materials lists at scale: courses", () => {
  it("pages and searches courses in memory as the database does, and follows a change", async () => {
    const db = t().database.db;
    const inMemory = new KeptCourseList(db);
    const inDatabase = new KeptCourseList(db, { inMemory: false });
    expect(await inMemory.memoryReady()).toBe(true);
    const viewer = (roleId: number, school: number | null): CourseViewer => ({
      userId: teacherId,
      roleId,
      schoolId: school,
      grade: 7,
      section: "",
    });
    const global = viewer(ROLE_IDS.admin, null);
    const schoolAdmins = viewer(ROLE_IDS.schoolAdmin, adminsSchool);
    const expectSame = async (term: string) => {
      for (const who of [global, schoolAdmins]) {
        for (const sortBy of [undefined, ...SORTABLE_COLUMNS.courses]) {
          for (const sortOrder of ["asc", "desc"] as const) {
            for (const page of [1, 2, 4]) {
              const input = { page, rowsPerPage: ROWS, sortBy, sortOrder, search: term };
              const found = readBack(await inMemory.list(input, [], who));
              const read = await inDatabase.list(input, [], who);
              expect(found.fromMemory, `${term} ${sortBy} ${sortOrder} ${page}`).toBe(true);
              expect(found.total).toBe(read.total);
              expect(found.rows).toEqual(read.rows);
            }
          }
        }
      }
    };
    // The school admin's list holds the global courses too.
    expect(await count(sql`from courses m where m.school_id is null`)).toBeGreaterThan(0);
    for (const term of ["", "scale", "math", "zzz"]) await expectSame(term);
    const input = { page: 1, rowsPerPage: ROWS, sortOrder: "asc" as const, search: "" };
    // Every role with a school: a teacher's and a student's courses are the database's.
    for (const roleId of Object.values(ROLE_IDS)) {
      const who = viewer(roleId, adminsSchool);
      const searched = { ...input, search: "scale" };
      const { fromMemory, ...theirs } = readBack(await inMemory.list(searched, [], who));
      const inMemoryToo = roleId !== ROLE_IDS.teacher && roleId !== ROLE_IDS.student;
      expect(fromMemory ?? false, `role ${roleId}`).toBe(inMemoryToo);
      expect(theirs).toEqual(await inDatabase.list(searched, [], who));
    }
    const filtered = readBack(
      await inMemory.list(input, [{ key: "published", values: ["true"] }], global),
    );
    expect(filtered.fromMemory).toBeUndefined();

    // A course renamed: the database answers until the memory holds the new version.
    await db.execute(sql`update courses set course_name = 'Zoology in memory'
      where id = (select min(id) from courses where school_id is null)`);
    const zoology = { ...input, search: "zoology in" };
    const fresh = readBack(await inMemory.list(zoology, [], schoolAdmins));
    expect(fresh.fromMemory).toBeUndefined();
    expect(fresh.rows.map((r) => r.courseName)).toEqual(["Zoology in memory"]);
    expect(await inMemory.memoryReady()).toBe(true);
    expect(readBack(await inMemory.list(zoology, [], schoolAdmins))).toEqual({
      ...fresh,
      fromMemory: true,
    });
    await expectSame("");
    inMemory.close();
  });

  it("pages courses for an admin, a school admin and a teacher", async () => {
    await everySort("course", admin, COURSE_COLUMNS, sql`from courses m`);
    await everySort(
      "course",
      schoolAdmin,
      COURSE_COLUMNS,
      sql`from courses m where m.school_id = ${adminsSchool} or m.school_id is null`,
    );
    expect(await count(teachersCourses())).toBeGreaterThan(ROWS);
    await everySort("course", teacher, COURSE_COLUMNS, teachersCourses());
  });
});
