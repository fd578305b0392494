import { SORTABLE_COLUMNS } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client";
import { schools } from "../src/db/schema";
import { KeptSchoolList } from "../src/read-models/list-memory/kept-school-list";
import { ListMemory } from "../src/read-models/list-memory/list-memory";
import { readBack } from "./support/records";
import { ROWS, SCHOOL_COLUMNS, useListsAtScale } from "./support/lists-at-scale";

const { people, t, everySort } = useListsAtScale();
let admin: string;
let schoolAdmin: string;
let adminsSchool: number;

beforeAll(() => {
  ({ admin, schoolAdmin, adminsSchool } = people);
});

describe("schools, courses and materials lists at scale: schools", () => {
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
});
