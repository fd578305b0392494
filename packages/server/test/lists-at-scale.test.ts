import { ROLE_IDS, SORTABLE_COLUMNS, type ListFilter } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { KeptCourseList } from "../src/read-models/list-memory/kept-course-list";
import type { CourseViewer } from "../src/services/course-records";
import type {
  MaterialSource,
  MaterialVisibility,
} from "../src/plugins/app/repositories/materials-repository";
import { KeptMaterialList } from "../src/read-models/list-memory/kept-material-list";
import { KeptSchoolList } from "../src/read-models/list-memory/kept-school-list";
import { createRepositories, type Repositories } from "../src/plugins/app/repositories";
import { rowsOf } from "../src/db/client";
import { schools } from "../src/db/schema";
import { ListMemory } from "../src/read-models/list-memory/list-memory";
import { useTestApp } from "./helper";
import { readBack } from "./support/records";

// Issue 14: the schools, courses and materials lists read a page's ids from the nearer end and
// keep their exact totals per version of the tables they read; every answer stays what a plain
// OFFSET gives.
const t = useTestApp();
let admin: string;
let schoolAdmin: string;
let teacher: string;
let schoolId: number;
let adminsSchool: number;
let teacherId: number;

interface ListData {
  pagination: { totalcount: number };
  data: { id: number }[];
}

const ROWS = 10;

/** A global administrator as a course viewer (every course, every material). */
const ADMIN_VIEWER: CourseViewer = {
  userId: 1,
  roleId: ROLE_IDS.admin,
  schoolId: null,
  grade: null,
  section: "",
};

async function ids(query: SQL): Promise<number[]> {
  const result = (await t().database.db.execute(query)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

const list = (resource: string, token: string, fields: Record<string, string | number>) =>
  t().call<ListData>(resource, "list", { rowsPerPage: ROWS, ...fields }, { token });

/**
 * Every page of a list, and one past the end, in the order `orderBy` gives in plain SQL (`from`
 * and its condition, sorted by a column and the id in the same direction).
 */
async function pageThrough(
  resource: string,
  token: string,
  fields: Record<string, string | number>,
  from: SQL,
  orderBy: SQL,
) {
  const expected = await ids(sql`select m.id ${from} order by ${orderBy}`);
  const pages = Math.ceil(expected.length / ROWS);
  const seen: number[] = [];
  for (let page = 1; page <= pages + 1; page++) {
    const answer = await list(resource, token, { ...fields, page });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.pagination.totalcount).toBe(expected.length);
    const rows = answer.body.data!.data.map((r) => r.id);
    expect(rows, `${JSON.stringify(fields)} page ${page}`).toEqual(
      expected.slice((page - 1) * ROWS, page * ROWS),
    );
    seen.push(...rows);
  }
  expect(seen).toEqual(expected);
  return expected.length;
}

/** Every sortable column in both orders. */
async function everySort(
  resource: string,
  token: string,
  columns: [string, string][],
  from: SQL,
  extra: Record<string, string | number> = {},
) {
  for (const [sortBy, column] of columns) {
    for (const order of ["asc", "desc"] as const) {
      const direction = sql.raw(order);
      await pageThrough(
        resource,
        token,
        { ...extra, sortBy, sortOrder: order },
        from,
        sql`m.${sql.identifier(column)} ${direction}, m.id ${direction}`,
      );
    }
  }
}

const SCHOOL_COLUMNS: [string, string][] = [
  ["schoolCode", "school_code"],
  ["schoolName", "school_name"],
  ["city", "city"],
  ["province", "province"],
  ["region", "region"],
  ["enabled", "enabled"],
  ["createdAt", "created_at"],
  ["updatedAt", "updated_at"],
];
const COURSE_COLUMNS: [string, string][] = [
  ["courseName", "course_name"],
  ["courseCode", "course_code"],
  ["gradeLevel", "grade_level"],
  ["subject", "subject"],
  ["section", "section"],
  ["published", "published"],
  ["createdAt", "created_at"],
  ["updatedAt", "updated_at"],
];
const MATERIAL_COLUMNS: [string, string][] = [
  ["name", "name"],
  ["lastModified", "last_modified"],
  ["size", "size"],
  ["type", "type"],
  ["author", "author"],
  ["published", "published"],
  ["position", "position"],
  ["createdAt", "created_at"],
];

/** A teacher's load matches the course (ARCHITECTURE.md "Who sees which course"). */
const teaches = (course: string) => {
  const c = sql.raw(course);
  return sql`exists (select 1 from user_loads l where l.user_id = ${teacherId}
    and l.grade = ${c}.grade_level and lower(l.subject) = lower(${c}.subject)
    and (${c}.section = '' or lower(l.section) = lower(${c}.section)))`;
};
const teachersCourses = () =>
  sql`from courses m where (m.school_id = ${schoolId} or m.school_id is null) and ${teaches("m")}`;
const allMaterials = sql`from materials m join course_elements e on e.id = m.element_id
  join courses c on c.id = m.course_id`;
/** A teacher's materials: of the courses it sees, published or in its school's courses. */
const teachersMaterials = () => sql`${allMaterials}
  where (c.school_id = ${schoolId} or c.school_id is null) and ${teaches("c")}
    and ((m.published and e.published and c.published) or c.school_id = ${schoolId})`;
async function total(resource: string, token: string, fields: Record<string, string> = {}) {
  const answer = await list(resource, token, fields);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data!.pagination.totalcount;
}

async function count(from: SQL) {
  return (await ids(sql`select m.id ${from}`)).length;
}

beforeAll(async () => {
  admin = await t().login("admin");
  schoolAdmin = await t().login("schooladmin");
  teacher = await t().login("teacher");
  const one = async (query: SQL) => (await ids(query))[0]!;
  schoolId = await one(sql`select school_id as id from users where user_name = 'teacher'`);
  teacherId = await one(sql`select id from users where user_name = 'teacher'`);
  adminsSchool = await one(sql`select school_id as id from users where user_name = 'schooladmin'`);
  const other = sql`(select min(id) from schools where id <> ${schoolId})`;
  // Ties on every sorted column, empty update times, several schools and global courses, published
  // and unpublished courses, elements and materials.
  await t().database.db.execute(sql`
    insert into schools (school_code, school_name, city, province, region, enabled, updated_at,
                         created_by)
    select 'SCALE' || i, (array['Rizal High', 'Mabini School', 'Luna Academy'])[1 + i % 3],
           (array['Quezon City', 'Manila'])[1 + i % 2], (array['Metro Manila', 'Cebu', 'Davao'])[1 + i % 3],
           (array['NCR', 'VII'])[1 + i % 2], i % 3 <> 0,
           case when i % 4 = 0 then null else now() - (i % 5 || ' days')::interval end, 'test'
      from generate_series(1, 43) i`);
  await t().database.db.execute(sql`
    insert into courses (course_name, course_code, grade_level, subject, section, published,
                         school_id, updated_at, created_by)
    select (array['Algebra', 'Biology', 'Chemistry'])[1 + i % 3], 'SCALE-' || i, 7 + i % 2,
           (array['Science', 'Mathematics'])[1 + i % 2], (array['', 'Rizal', 'Mabini'])[1 + i % 3],
           i % 4 <> 0,
           case i % 3 when 0 then null when 1 then ${schoolId} else ${other} end,
           case when i % 5 = 0 then null else now() - (i % 4 || ' days')::interval end, 'test'
      from generate_series(1, 31) i`);
  await t().database.db.execute(sql`
    insert into course_elements (course_id, name, type, position, published, created_by)
    select c.id, 'Lesson ' || p, 'lesson', p, (c.id + p) % 3 <> 0, 'test'
      from courses c cross join generate_series(1, 2) p where c.course_code like 'SCALE-%'`);
  await t().database.db.execute(sql`
    insert into materials (course_id, element_id, name, type, url, size, author, position,
                           published, last_modified, created_by)
    select e.course_id, e.id, (array['Intro', 'Worksheet', 'Quiz review'])[1 + (e.id + m) % 3],
           (array['page', 'link'])[1 + m % 2], 'https://example.edu.ph', (e.id * 7 + m) % 5 * 100,
           (array['Maria Santos', 'Jose Rizal'])[1 + e.id % 2], m, m % 2 = 1 or e.id % 3 = 0,
           now() - ((e.id + m) % 4 || ' days')::interval, 'test'
      from course_elements e cross join lateral generate_series(1, 1 + e.id % 2) m
     where e.created_by = 'test'`);
});

describe("schools, courses and materials lists at scale", () => {
  it("pages schools near and far, both orders, every column, as OFFSET does", async () => {
    await everySort("school", admin, SCHOOL_COLUMNS, sql`from schools m`);
    await everySort(
      "school",
      schoolAdmin,
      SCHOOL_COLUMNS.slice(0, 2),
      sql`from schools m where m.id = ${adminsSchool}`,
    );
  });

  it("pages and searches schools in memory as the database does, and follows a change", async () => {
    const db = t().database.db;
    const inMemory = new KeptSchoolList(db);
    const inDatabase = new KeptSchoolList(db, { inMemory: false });
    expect(await inMemory.memoryReady()).toBe(true);
    const expectSame = async (term: string) => {
      for (const scope of [{ schoolId: null }, { schoolId: adminsSchool }]) {
        for (const sortBy of [undefined, ...SORTABLE_COLUMNS.schools]) {
          for (const sortOrder of ["asc", "desc"] as const) {
            for (const page of [1, 2, 4]) {
              const input = { page, rowsPerPage: ROWS, sortBy, sortOrder, search: term };
              const found = readBack(await inMemory.list(input, [], scope));
              const read = await inDatabase.list(input, [], scope);
              expect(found.fromMemory, `${term} ${sortBy} ${sortOrder} ${page}`).toBe(true);
              expect(found.total).toBe(read.total);
              expect(found.rows).toEqual(read.rows);
            }
          }
        }
      }
    };
    // LIKE's wildcards and escape are plain characters to a search.
    await db.execute(sql`insert into schools (school_code, school_name, created_by)
      values ('MEM-%', 'Half% _Off\\Academy', 'test')`);
    expect(await inMemory.memoryReady()).toBe(true);
    for (const term of ["", "scale", "1", "zzz", "%", "f% _o", "_", "\\", "f\\a", "%%"]) {
      await expectSame(term);
    }
    const filtered = readBack(
      await inMemory.list(
        { page: 1, rowsPerPage: ROWS, sortOrder: "asc", search: "" },
        [{ key: "enabled", values: ["true"] }],
        { schoolId: null },
      ),
    );
    expect(filtered.fromMemory).toBeUndefined();

    // A school renamed: the database answers until the memory holds the new version.
    await db.execute(sql`update schools set school_name = 'Zamboanga Memory High'
      where id = ${adminsSchool}`);
    const input = { page: 1, rowsPerPage: ROWS, sortOrder: "asc" as const, search: "zamboanga m" };
    const fresh = readBack(await inMemory.list(input, [], { schoolId: null }));
    expect(fresh.fromMemory).toBeUndefined();
    expect(fresh.rows.map((r) => r.schoolName)).toEqual(["Zamboanga Memory High"]);
    // The database's answer started a load in the background (a second after the last one).
    let again = readBack(await inMemory.list(input, [], { schoolId: null }));
    for (let i = 0; i < 100 && !again.fromMemory; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = readBack(await inMemory.list(input, [], { schoolId: null }));
    }
    expect(again).toEqual({ ...fresh, fromMemory: true });
    await expectSame("");
    inMemory.close();
    await db.execute(sql`delete from schools where school_code = 'MEM-%'`);
  });

  it("searches many texts by their trigrams, and leaves a list longer than its limit to the database", async () => {
    const db = t().database.db;
    const source = {
      tables: ["schools"],
      columns: sql`${schools.id} as id`,
      from: sql`${schools}`,
      searchText: sql`${schools.searchText}`,
      school: sql`${schools.id}`,
      orders: new Map([[":asc", sql`${schools.id}`]]),
    };
    // Every trigram of "abcde" but not the term itself.
    await db.execute(sql`insert into schools (school_code, school_name, created_by)
      values ('TRI-1', 'Abcd Bcde', 'test')`);
    const [counted] = await rowsOf<{ n: number }>(
      db.execute(sql`select count(*)::int as n from schools`),
    );
    const n = counted!.n;
    const page = { term: "", schoolId: null, order: ":asc", offset: 0, limit: 5 };
    const held = new ListMemory<{ id: number }>(db, source, { rows: n, searchedTexts: n - 1 });
    expect(await held.ready()).toBe(true);
    const versions = await held.versions();
    expect(held.page(versions, page)).toMatchObject({ total: n });
    // More texts than a search checks one by one: a term's candidates are those under its
    // trigrams, as many as the scan finds; a term shorter than three characters is the database's.
    expect(held.page(versions, { ...page, term: "a" })).toBeNull();
    const scanned = new ListMemory<{ id: number }>(db, source, { rows: n, searchedTexts: n });
    expect(await scanned.ready()).toBe(true);
    for (const term of ["sca", "scale", "ale 1", "school", "zzz", "abcde", "bcd b"]) {
      const found = held.page(versions, { ...page, term, limit: n });
      expect(found, term).toEqual(scanned.page(versions, { ...page, term, limit: n }));
    }
    expect(held.page(versions, { ...page, term: "sca", limit: n })!.total).toBeGreaterThan(ROWS);
    const tooLong = new ListMemory<{ id: number }>(db, source, { rows: n - 1, searchedTexts: n });
    expect(await tooLong.ready()).toBe(false);
    expect(tooLong.page(versions, page)).toBeNull();
    await db.execute(sql`delete from schools where school_code = 'TRI-1'`);
  });

  it("writes each held row's record as JSON once, until the rows are loaded again", async () => {
    const db = t().database.db;
    const source = {
      tables: ["schools"],
      columns: sql`${schools.id} as id, ${schools.schoolName} as name`,
      from: sql`${schools}`,
      searchText: sql`${schools.searchText}`,
      school: sql`${schools.id}`,
      orders: new Map([[":asc", sql`${schools.id}`]]),
    };
    const held = new ListMemory<{ id: number; name: string }>(db, source);
    expect(await held.ready()).toBe(true);
    const written: number[] = [];
    const toRecord = (row: { id: number; name: string }) => {
      written.push(row.id);
      return { id: row.id, schoolName: row.name, quoted: `"${row.name}"\n` };
    };
    const input = { page: 1, rowsPerPage: 3, sortOrder: "asc" as const, search: "" };
    const where = { schoolId: null, order: ":asc" };
    const first = await held.recordsFor(input, where, toRecord);
    const rows = await rowsOf<{ id: number; school_name: string }>(
      db.execute(sql`select id, school_name from schools order by id limit 3`),
    );
    const expected = rows.map((r) => toRecord({ id: r.id, name: r.school_name }));
    written.length = 0;
    expect(JSON.parse(first!.records.text)).toEqual(expected);
    expect(first!.total).toBeGreaterThan(3);
    // The same page again, and one overlapping it: only the rows not written yet are.
    expect((await held.recordsFor(input, where, toRecord))!.records.text).toBe(first!.records.text);
    expect(written).toEqual([]);
    const second = await held.recordsFor({ ...input, rowsPerPage: 10 }, where, toRecord);
    expect(written).toHaveLength(7);
    expect(JSON.parse(second!.records.text)).toHaveLength(10);
    // A school renamed: the memory answers again once it holds the new rows, written afresh.
    await db.execute(sql`update schools set school_name = school_name || ' Renamed'
      where id = ${rows[0]!.id}`);
    expect(await held.recordsFor(input, where, toRecord)).toBeNull();
    expect(await held.ready()).toBe(true);
    written.length = 0;
    const renamed = await held.recordsFor(input, where, toRecord);
    expect(written).toHaveLength(3);
    expect(JSON.parse(renamed!.records.text)[0]).toMatchObject({
      schoolName: `${rows[0]!.school_name} Renamed`,
    });
    held.close();
    await db.execute(sql`update schools set school_name = ${rows[0]!.school_name}
      where id = ${rows[0]!.id}`);
  });

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

  it("pages and searches every material in memory as the database does, and follows a change", async () => {
    const db = t().database.db;
    const inMemory = new KeptMaterialList(db);
    const inDatabase = new KeptMaterialList(db, { inMemory: false });
    expect(await inMemory.memoryReady()).toBe(true);
    const every = { viewer: ADMIN_VIEWER };
    const edited = { editor: ADMIN_VIEWER };
    const expectSame = async (term: string) => {
      for (const sortBy of [undefined, ...SORTABLE_COLUMNS.materials]) {
        for (const sortOrder of ["asc", "desc"] as const) {
          for (const page of [1, 2, 4]) {
            const input = { page, rowsPerPage: ROWS, sortBy, sortOrder, search: term };
            const found = readBack(await inMemory.list(every, input, [], edited));
            const read = await inDatabase.list(every, input, [], edited);
            expect(found.fromMemory, `${term} ${sortBy} ${sortOrder} ${page}`).toBe(true);
            expect(found.total).toBe(read.total);
            expect(found.rows).toEqual(read.rows);
          }
        }
      }
    };
    for (const term of ["", "scale", "1", "zzz"]) await expectSame(term);
    // A school's user, the published ones only, one course, or a filter: the database's.
    const input = { page: 1, rowsPerPage: ROWS, sortOrder: "asc" as const, search: "" };
    const schoolAdmins = { ...ADMIN_VIEWER, roleId: ROLE_IDS.schoolAdmin, schoolId: adminsSchool };
    const [course] = await ids(sql`select id from courses where course_code = 'SCALE-3'`);
    const link: ListFilter[] = [{ key: "type", values: ["link"] }];
    const others: [MaterialSource, MaterialVisibility, ListFilter[]][] = [
      [{ viewer: schoolAdmins }, { editor: schoolAdmins }, []],
      [every, "published", []],
      [{ courseId: course! }, edited, []],
      [every, edited, link],
    ];
    for (const [from, visibility, filters] of others) {
      const theirs = readBack(await inMemory.list(from, input, filters, visibility));
      expect(theirs.fromMemory).toBeUndefined();
      expect(theirs).toEqual(await inDatabase.list(from, input, filters, visibility));
    }

    // A material renamed: the database answers until the memory holds the new version.
    await db.execute(sql`update materials set name = 'Zither in memory', last_modified = now()
      where id = (select min(id) from materials)`);
    const zither = { ...input, search: "zither in", sortBy: "lastModified" };
    const fresh = readBack(await inMemory.list(every, zither, [], edited));
    expect(fresh.fromMemory).toBeUndefined();
    expect(fresh.rows.map((r) => r.name)).toEqual(["Zither in memory"]);
    expect(await inMemory.memoryReady()).toBe(true);
    expect(readBack(await inMemory.list(every, zither, [], edited))).toEqual({
      ...fresh,
      fromMemory: true,
    });
    await expectSame("");
    inMemory.close();
  });

  it("pages materials for an admin and a teacher, and in journey order", async () => {
    await everySort("material", admin, MATERIAL_COLUMNS, allMaterials);
    expect(await count(teachersMaterials())).toBeGreaterThan(ROWS);
    await everySort("material", teacher, MATERIAL_COLUMNS, teachersMaterials());
    await pageThrough(
      "material",
      admin,
      {},
      allMaterials,
      sql`m.course_id, e.position, m.position`,
    );
    const [course] = await ids(sql`select id from courses where course_code = 'SCALE-3'`);
    await pageThrough(
      "material",
      admin,
      { courseId: course!, sortBy: "name", sortOrder: "desc" },
      sql`${allMaterials} where m.course_id = ${course!}`,
      sql`m.name desc, m.id desc`,
    );
  });

  it("names a page held in memory in its Server-Timing, and not one the database gave", async () => {
    const timing = async (resource: string, token: string) =>
      String((await list(resource, token, { page: 2 })).headers["server-timing"]);
    for (const resource of ["school", "course", "material", "class"]) {
      // With LMS_READ_MODELS=off nothing is held: the database gives every page.
      if (!t().config.readModels) {
        expect(await timing(resource, admin), resource).toMatch(/^app;dur=[\d.]+$/);
        continue;
      }
      // The lists load in the background once the server has started.
      let named = await timing(resource, admin);
      for (let i = 0; i < 200 && !named.startsWith("memory"); i++) {
        await new Promise((r) => setTimeout(r, 50));
        named = await timing(resource, admin);
      }
      expect(named, resource).toMatch(/^memory, app;dur=[\d.]+$/);
    }
    // A teacher's courses are read from the database.
    expect(await timing("course", teacher)).toMatch(/^app;dur=[\d.]+$/);
  });

  it("moves a total at once after a change to any table the list reads", async () => {
    const schools = await total("school", admin);
    // A search asked again (read in one round trip while nothing moved) follows the change too.
    const searched = await total("school", admin, { search: "scale" });
    expect(await total("school", admin, { search: "scale" })).toBe(searched);
    await t().database.db.execute(sql`
      insert into schools (school_code, school_name, created_by) values ('SCALE-NEW', 'New', 'test')`);
    expect(await total("school", admin)).toBe(schools + 1);
    expect(await total("school", admin, { search: "scale" })).toBe(searched + 1);

    const courses = await total("course", admin);
    await t().database.db.execute(sql`
      insert into courses (course_name, course_code, grade_level, subject, created_by)
      values ('New', 'SCALE-NEW', 9, 'Art', 'test')`);
    expect(await total("course", admin)).toBe(courses + 1);

    // A teacher's courses follow its load.
    const taught = await total("course", teacher);
    expect(taught).toBe(await count(teachersCourses()));
    await t().database.db.execute(sql`
      insert into user_loads (user_id, grade, subject, section, created_by)
      values (${teacherId}, 8, 'Mathematics', 'Mabini', 'test')`);
    const more = await count(teachersCourses());
    expect(more).toBeGreaterThan(taught);
    expect(await total("course", teacher)).toBe(more);

    // A teacher sees a global course's materials only while they are published, elements too.
    const listed = await total("material", teacher);
    expect(listed).toBe(await count(teachersMaterials()));
    await t().database.db.execute(sql`
      update course_elements set published = false
       where id = (select m.element_id ${teachersMaterials()} and c.school_id is null
                    order by m.id limit 1)`);
    const fewer = await count(teachersMaterials());
    expect(fewer).toBeLessThan(listed);
    expect(await total("material", teacher)).toBe(fewer);

    const materials = await total("material", admin, { sortBy: "name" });
    await t().database.db.execute(sql`
      insert into materials (course_id, element_id, name, type, position, created_by)
      select course_id, id, 'New', 'link', 99, 'test' from course_elements
       where created_by = 'test' order by id limit 1`);
    expect(await total("material", admin, { sortBy: "name" })).toBe(materials + 1);
  });
});

describe("lists held in memory at the server's start", () => {
  const page = { page: 1, rowsPerPage: ROWS, sortOrder: "asc" as const, search: "" };
  const firstPages = (repos: Repositories) =>
    Promise.all([
      repos.classes.list(page, [], {}, { schoolId: null, teacherId: null }),
      repos.schools.list(page, [], { schoolId: null }),
      repos.courses.list(page, [], ADMIN_VIEWER),
      repos.materials.list({ viewer: ADMIN_VIEWER }, page, [], { editor: ADMIN_VIEWER }),
    ]);

  it("builds the users' index, then loads each list one after another, before any page asks", async () => {
    const repos = createRepositories(t().database.db, { userSearchIndex: {} });
    const steps: string[] = [];
    const watch = (name: string, target: object, method: string) => {
      const spied = target as Record<string, () => Promise<boolean>>;
      const original = spied[method]!.bind(target);
      spied[method] = async () => {
        steps.push(`${name} starts`);
        const ready = await original();
        steps.push(`${name} ${ready ? "ready" : "not ready"}`);
        return ready;
      };
    };
    watch("users", repos.usersSearch, "indexReady");
    for (const name of ["classes", "schools", "courses", "materials"] as const) {
      watch(name, repos[name], "memoryReady");
    }
    const failures: string[] = [];
    await repos.warm((list) => failures.push(list));
    expect(failures).toEqual([]);
    expect(steps).toEqual(
      ["users", "classes", "schools", "courses", "materials"].flatMap((name) => [
        `${name} starts`,
        `${name} ready`,
      ]),
    );
    for (const first of await firstPages(repos)) expect(first.fromMemory).toBe(true);
    repos.close();
  });

  it("says which list failed to load, and loads the others", async () => {
    const repos = createRepositories(t().database.db);
    const broken = new ListMemory(t().database.db, {
      tables: ["schools"],
      columns: sql`id`,
      from: sql`no_such_table`,
      searchText: sql`''`,
      school: sql`null`,
      orders: new Map([[":asc", sql`id`]]),
    });
    await expect(broken.ready()).rejects.toThrow();
    repos.classes.memoryReady = () => broken.ready();
    const failures: string[] = [];
    await repos.warm((list) => failures.push(list));
    expect(failures).toEqual(["classes"]);
    const [classes, ...others] = await firstPages(repos);
    expect(classes!.fromMemory).toBeUndefined();
    for (const first of others) expect(first.fromMemory).toBe(true);
    repos.close();
  });

  it("loads nothing once closed", async () => {
    const repos = createRepositories(t().database.db);
    repos.close();
    await repos.warm(() => expect.unreachable());
    for (const first of await firstPages(repos)) expect(first.fromMemory).toBeUndefined();
  });
});
