import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useListsAtScale } from "./support/lists-at-scale";

const { people, t, teachersCourses, teachersMaterials, total, count } = useListsAtScale();
let admin: string;
let teacher: string;
let teacherId: number;

beforeAll(() => {
  ({ admin, teacher, teacherId } = people);
});

describe("schools, courses and materials lists at scale: totals", () => {
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
