import { ROLE_IDS, SORTABLE_COLUMNS, type ListFilter } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type {
  MaterialSource,
  MaterialVisibility,
} from "../src/plugins/app/repositories/materials-repository";
import { KeptMaterialList } from "../src/read-models/list-memory/kept-material-list";
import { readBack } from "./support/records";
import {
  ADMIN_VIEWER,
  allMaterials,
  MATERIAL_COLUMNS,
  ROWS,
  useListsAtScale,
} from "./support/lists-at-scale";

const { people, t, ids, everySort, pageThrough, teachersMaterials, count } = useListsAtScale();
let admin: string;
let teacher: string;
let adminsSchool: number;

beforeAll(() => {
  ({ admin, teacher, adminsSchool } = people);
});

describe("schools, courses and materials lists at scale: materials", () => {
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
});
