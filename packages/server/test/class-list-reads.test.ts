import { SORTABLE_COLUMNS, type ClassRecord } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client";
import { KeptClassList } from "../src/read-models/list-memory/kept-class-list";
import { useTestApp } from "./helper";
import { classListOf, classNames as names } from "./support/class-list";
import { newUser } from "./support/users";
import { readBack } from "./support/records";

// The class list's reads: its total, its search's pages and the classes held in memory
// (classes.test.ts holds the table, the details and the moves).
const t = useTestApp();
let admin: string;

const FIRST = 1;

beforeAll(async () => {
  admin = await t().login("admin");
});

const list = classListOf(t);

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
