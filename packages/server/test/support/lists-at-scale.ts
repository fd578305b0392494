import { ROLE_IDS } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import type { CourseViewer } from "../../src/services/course-records";
import { useTestApp } from "../helper";

interface ListData {
  pagination: { totalcount: number };
  data: { id: number }[];
}

export const ROWS = 10;

/** A global administrator as a course viewer (every course, every material). */
export const ADMIN_VIEWER: CourseViewer = {
  userId: 1,
  roleId: ROLE_IDS.admin,
  schoolId: null,
  grade: null,
  section: "",
};

export const SCHOOL_COLUMNS: [string, string][] = [
  ["schoolCode", "school_code"],
  ["schoolName", "school_name"],
  ["city", "city"],
  ["province", "province"],
  ["region", "region"],
  ["enabled", "enabled"],
  ["createdAt", "created_at"],
  ["updatedAt", "updated_at"],
];
export const COURSE_COLUMNS: [string, string][] = [
  ["courseName", "course_name"],
  ["courseCode", "course_code"],
  ["gradeLevel", "grade_level"],
  ["subject", "subject"],
  ["section", "section"],
  ["published", "published"],
  ["createdAt", "created_at"],
  ["updatedAt", "updated_at"],
];
export const MATERIAL_COLUMNS: [string, string][] = [
  ["name", "name"],
  ["lastModified", "last_modified"],
  ["size", "size"],
  ["type", "type"],
  ["author", "author"],
  ["published", "published"],
  ["position", "position"],
  ["createdAt", "created_at"],
];

export const allMaterials = sql`from materials m join course_elements e on e.id = m.element_id
  join courses c on c.id = m.course_id`;

/**
 * Issue 14: the schools, courses and materials lists read a page's ids from the nearer end and
 * keep their exact totals per version of the tables they read; every answer stays what a plain
 * OFFSET gives. A test app with schools, courses, elements and materials enough for several pages
 * (ties on every sorted column, empty update times, several schools and global courses, published
 * and unpublished ones), the demo's users' tokens, and what pages through its lists.
 */
export function useListsAtScale() {
  const t = useTestApp();
  const people = {
    admin: "",
    schoolAdmin: "",
    teacher: "",
    schoolId: 0,
    adminsSchool: 0,
    teacherId: 0,
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

  /** A teacher's load matches the course (ARCHITECTURE.md "Who sees which course"). */
  const teaches = (course: string) => {
    const c = sql.raw(course);
    return sql`exists (select 1 from user_loads l where l.user_id = ${people.teacherId}
      and l.grade = ${c}.grade_level and lower(l.subject) = lower(${c}.subject)
      and (${c}.section = '' or lower(l.section) = lower(${c}.section)))`;
  };
  const teachersCourses = () =>
    sql`from courses m where (m.school_id = ${people.schoolId} or m.school_id is null) and ${teaches("m")}`;
  /** A teacher's materials: of the courses it sees, published or in its school's courses. */
  const teachersMaterials = () => sql`${allMaterials}
    where (c.school_id = ${people.schoolId} or c.school_id is null) and ${teaches("c")}
      and ((m.published and e.published and c.published) or c.school_id = ${people.schoolId})`;
  async function total(resource: string, token: string, fields: Record<string, string> = {}) {
    const answer = await list(resource, token, fields);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data!.pagination.totalcount;
  }

  async function count(from: SQL) {
    return (await ids(sql`select m.id ${from}`)).length;
  }

  beforeAll(async () => {
    people.admin = await t().login("admin");
    people.schoolAdmin = await t().login("schooladmin");
    people.teacher = await t().login("teacher");
    const one = async (query: SQL) => (await ids(query))[0]!;
    people.schoolId = await one(sql`select school_id as id from users where user_name = 'teacher'`);
    people.teacherId = await one(sql`select id from users where user_name = 'teacher'`);
    people.adminsSchool = await one(
      sql`select school_id as id from users where user_name = 'schooladmin'`,
    );
    const other = sql`(select min(id) from schools where id <> ${people.schoolId})`;
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
             case i % 3 when 0 then null when 1 then ${people.schoolId} else ${other} end,
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

  return {
    t,
    people,
    ids,
    list,
    pageThrough,
    everySort,
    teachersCourses,
    teachersMaterials,
    total,
    count,
  };
}
