import { encodeClassId, SORTABLE_COLUMNS, type ClassDetails, type ClassRecord } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client";
import { KeptClassList } from "../src/read-models/list-memory/kept-class-list";
import { useTestApp } from "./helper";
import { newUser } from "./support/users";
import { readBack } from "./support/records";

const t = useTestApp();
let admin: string;
let schoolAdmin: string;
let otherAdmin: string;
let teacher: string;

interface ListData<Row> {
  pagination: { page: number; rowsPerPage: number; totalcount: number };
  data: Row[];
}

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

async function list(
  token: string,
  fields: Record<string, unknown> = {},
  entries?: [string, string][],
) {
  const answer = await t().call<ListData<ClassRecord>>(
    "class",
    "list",
    { rowsPerPage: 50, sortBy: "grade", sortOrder: "asc", ...fields },
    { token, ...(entries ? { entries } : {}) },
  );
  expect(answer.status, answer.payload).toBe(200);
  return answer.body.data!;
}

const names = (rows: ClassRecord[]) => rows.map((c) => `${c.grade}-${c.section}`);

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

describe("class list total", () => {
  it("follows a class made since the last count (counted once per version of the class rows)", async () => {
    const before = await list(admin, { schoolId: FIRST });
    const created = await t().call(
      "user",
      "create",
      newUser("kalantiaw-adviser", {
        assignedLoad: [{ grade: 9, subject: "Science", section: "Kalantiaw" }],
      }),
      { token: admin },
    );
    expect(created.status, created.payload).toBe(200);
    const after = await list(admin, { schoolId: FIRST });
    expect(after.pagination.totalcount).toBe(before.pagination.totalcount + 1);
    expect(names(after.data)).toContain("9-Kalantiaw");
  });
});

describe("class list search", () => {
  it("pages a search the same in every order, from either end, counted or not", async () => {
    const db = t().database.db;
    await db.execute(sql`insert into schools (school_code, school_name, city, province, region,
        country, created_by)
      values ('SRCH', 'Search High', 'City', 'Province', 'Region', 'Philippines', 'test')`);
    // 36 classes of one school, with 1 to 5 students (ties broken by the class's key).
    await db.execute(sql`insert into users (first_name, last_name, user_name, email, role_id,
        school_id, grade, section, school_year_from, created_by)
      select 'Ana', 'Reyes', 'srch' || i || '-' || n, 'srch' || i || '-' || n || '@example.edu.ph',
             5, (select id from schools where school_code = 'SRCH'), 1 + (i % 12),
             (array['Alpha', 'Beta', 'Gamma'])[1 + (i / 12) % 3], 2026, 'test'
        from generate_series(0, 35) i cross join generate_series(1, 1 + (i % 5)) n`);
    const sorts = ["grade", "section", "schoolYear", "students", "teachers", "averageCompletion"];
    const ids = (rows: ClassRecord[]) => rows.map((c) => c.id);
    // Each term with another that matches the same classes (asked first, past the last page).
    // Every class is of 2026-2027.
    const all = (await list(admin)).pagination.totalcount;
    for (const [term, same, matches] of [
      ["grade 1", "rade 1", 12],
      ["alpha", "lpha", 12],
      ["e 7 g", " 7 g", 1],
      ["2026", "026", all],
    ] as const) {
      const beyond = await list(admin, { search: same, rowsPerPage: 10, page: 9 });
      expect(beyond).toMatchObject({ data: [], pagination: { totalcount: matches } });
      const second = await list(admin, {
        search: term,
        sortBy: "students",
        sortOrder: "desc",
        rowsPerPage: 10,
        page: 2,
      });
      expect(second.pagination.totalcount).toBe(matches);
      for (const sortBy of sorts) {
        for (const sortOrder of ["asc", "desc"]) {
          const whole = await list(admin, { search: term, sortBy, sortOrder, rowsPerPage: 50 });
          expect(whole.data).toHaveLength(matches);
          if (sortBy === "students" && sortOrder === "desc") {
            expect(ids(second.data)).toEqual(ids(whole.data.slice(10, 20)));
          }
          const pages: ClassRecord[] = [];
          for (let page = 1; page <= Math.ceil(matches / 10); page++) {
            const answer = await list(admin, {
              search: term,
              sortBy,
              sortOrder,
              rowsPerPage: 10,
              page,
            });
            expect(answer.pagination.totalcount).toBe(matches);
            pages.push(...answer.data);
          }
          expect(ids(pages)).toEqual(ids(whole.data));
        }
      }
    }
    // The same pages where a search's matches are too many to sort: the sort's index is walked.
    const walking = new KeptClassList(db, { sortedMatches: 5, inMemory: false });
    const everyClass = { schoolId: null, teacherId: null };
    for (const term of ["grade 1", "alpha", "e 7 g", "2026"]) {
      for (const sortBy of sorts) {
        for (const sortOrder of ["asc", "desc"] as const) {
          const input = { search: term, sortBy, sortOrder, rowsPerPage: 10, page: 1 };
          const whole = await list(admin, { ...input, rowsPerPage: 50 });
          const pages: ClassRecord[] = [];
          for (let page = Math.ceil(whole.data.length / 10); page >= 1; page--) {
            const answer = readBack(await walking.list({ ...input, page }, [], {}, everyClass));
            expect(answer.total).toBe(whole.data.length);
            pages.unshift(...answer.rows);
          }
          expect(ids(pages)).toEqual(ids(whole.data));
        }
      }
    }
    const students = await list(admin, { search: "alpha", sortBy: "students", rowsPerPage: 50 });
    expect(students.data.map((c) => c.students)).toEqual(
      [...students.data.map((c) => c.students)].sort((a, b) => a - b),
    );
    await db.execute(sql`delete from users where user_name like 'srch%'`);
    await db.execute(sql`delete from schools where school_code = 'SRCH'`);
  });
});

describe("class list in memory", () => {
  it("pages and searches as the database does in every order and school, and follows a change", async () => {
    const db = t().database.db;
    // Two schools whose names and sections the database's collation orders (accents, case,
    // spaces), with classes of one to four students and equal sections across schools.
    await db.execute(sql`insert into schools (school_code, school_name, city, province, region,
        country, created_by)
      values ('MEM1', 'Ébano High', 'City', 'Province', 'Region', 'Philippines', 'test'),
             ('MEM2', 'abad Santos School', 'City', 'Province', 'Region', 'Philippines', 'test')`);
    await db.execute(sql`insert into users (first_name, last_name, user_name, email, role_id,
        school_id, grade, section, school_year_from, created_by)
      select 'Ana', 'Reyes', 'mem' || i || '-' || n, 'mem' || i || '-' || n || '@example.edu.ph',
             5, (select id from schools where school_code = 'MEM' || (1 + i % 2)), 1 + (i % 4),
             (array['Alpha', 'beta', 'Ñino', 'san roque', 'San-Roque'])[1 + (i / 4) % 5],
             2026 - (i % 3) / 2, 'test'
        from generate_series(0, 39) i cross join generate_series(1, 1 + (i % 4)) n`);
    const inMemory = new KeptClassList(db);
    const inDatabase = new KeptClassList(db, { inMemory: false });
    expect(await inMemory.memoryReady()).toBe(true);
    const sorts = [undefined, ...SORTABLE_COLUMNS.classes];
    const ids = (rows: ClassRecord[]) => rows.map((c) => c.id);
    const [mem1] = await rowsOf<{ id: number }>(
      db.execute(sql`select id from schools where school_code = 'MEM1'`),
    );
    const schools = [null, FIRST, mem1!.id];
    const expectSame = async (term: string, memory: boolean) => {
      for (const schoolId of schools) {
        const scope = { schoolId, teacherId: null };
        for (const sortBy of sorts) {
          for (const sortOrder of ["asc", "desc"] as const) {
            for (const page of [1, 2, 5]) {
              const input = { page, rowsPerPage: 4, sortBy, sortOrder, search: term };
              const found = readBack(await inMemory.list(input, [], {}, scope));
              const read = readBack(await inDatabase.list(input, [], {}, scope));
              expect(found.fromMemory ?? false, `${term} ${sortBy} ${sortOrder}`).toBe(memory);
              expect({ total: found.total, ids: ids(found.rows) }).toEqual({
                total: read.total,
                ids: ids(read.rows),
              });
              expect(found.rows).toEqual(read.rows);
            }
          }
        }
      }
    };
    for (const term of ["", "2026", "grade 2", "san", "ñ", "zzz"]) await expectSame(term, true);
    // A school's list of its classes (the school details tab) is one school's too.
    const school = { schoolId: null, teacherId: null };
    const tab = readBack(
      await inMemory.list(
        { page: 1, rowsPerPage: 50, sortOrder: "asc", search: "a" },
        [],
        { schoolId: FIRST },
        school,
      ),
    );
    expect(tab.fromMemory).toBe(true);
    expect(new Set(tab.rows.map((c) => c.schoolId))).toEqual(new Set([FIRST]));
    // Filters, a course and a teacher's classes are the database's.
    const filtered = readBack(
      await inMemory.list(
        { page: 1, rowsPerPage: 50, sortOrder: "asc", search: "a" },
        [{ key: "grade", values: ["1"] }],
        {},
        school,
      ),
    );
    expect(filtered.fromMemory).toBeUndefined();
    expect(filtered.rows.every((c) => c.grade === 1)).toBe(true);

    // A new class: the database answers until the memory holds the table's new version.
    await db.execute(sql`insert into users (first_name, last_name, user_name, email, role_id,
        school_id, grade, section, school_year_from, created_by)
      values ('Ana', 'Reyes', 'mem-new', 'mem-new@example.edu.ph', 5,
              (select id from schools where school_code = 'MEM2'), 11, 'Sampaguita', 2026, 'test')`);
    const input = { page: 1, rowsPerPage: 10, sortOrder: "asc" as const, search: "sampaguita" };
    const fresh = readBack(await inMemory.list(input, [], {}, school));
    expect(fresh).toMatchObject({ total: 1, rows: [{ grade: 11, section: "Sampaguita" }] });
    expect(fresh.fromMemory).toBeUndefined();
    expect(await inMemory.memoryReady()).toBe(true);
    expect(readBack(await inMemory.list(input, [], {}, school))).toMatchObject({
      total: 1,
      fromMemory: true,
    });
    await expectSame("2026", true);

    inMemory.close();
    await db.execute(sql`delete from users where user_name like 'mem%'`);
    await db.execute(sql`delete from schools where school_code in ('MEM1', 'MEM2')`);
  });
});
