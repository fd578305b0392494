import { like, sql } from "drizzle-orm";
import type { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it, vi } from "vitest";
import {
  preparedQuery,
  preparedStatement,
  preparedTableRows,
  rowsOf,
  sqlLiteral,
} from "../src/db/client";
import { users } from "../src/db/schema";
import { useTestApp } from "./helper";

const t = useTestApp();

describe("prepared statements", () => {
  it("writes values as literals that read back as they were", () => {
    expect(sqlLiteral(12)).toBe("12");
    expect(sqlLiteral(null)).toBe("null");
    expect(sqlLiteral("O'Brien")).toBe("'O''Brien'");
    expect(sqlLiteral([1, 2, 3])).toBe("'{1,2,3}'");
    expect(sqlLiteral(['a"b', "c\\d"])).toBe(`'{"a\\"b","c\\\\d"}'`);
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({ id: 1 })).toThrow();
  });

  it("answers each run with that run's values, however they are quoted", async () => {
    const run = preparedStatement(
      t().database.db,
      "lms_test_echo",
      "select $1::text, $2::int[], $3::text[], $4::int, $5::text",
    );
    const strange = `O'Brien \\ "quoted" {braces}, comma; drop table users; --`;
    const texts = ['a"b', "c\\d", "e,f", "{g}", "h'i", ""];
    expect(await run([strange, [3, 1, 2], texts, 7, null])).toEqual([
      [strange, [3, 1, 2], texts, 7, null],
    ]);
    expect(await run(["plain", [], [], -1, "x"])).toEqual([["plain", [], [], -1, "x"]]);
    // The users table is still there.
    const count = preparedStatement(
      t().database.db,
      "lms_test_count",
      "select count(*)::int from users",
    );
    expect((await count([]))[0]![0]).toBeGreaterThan(0);
  });

  it("runs a built statement prepared once per text with the rows execute gives, and runs unnamed what it cannot prepare", async () => {
    const db = t().database.db;
    const query = (pattern: string, limit: number) =>
      sql`select id, user_name, created_at, created_at::date as day, now() - created_at as age,
                 ${pattern}::text as pattern
            from users where user_name like ${pattern} order by id limit ${limit}`;
    for (const [pattern, limit] of [
      ["%a%", 3],
      ["adm%", 1],
      ["%'; drop table users; --%", 5],
    ] as const) {
      const executed = await rowsOf<Record<string, unknown>>(db.execute(query(pattern, limit)));
      const prepared = await preparedQuery<Record<string, unknown>>(db, query(pattern, limit));
      expect(prepared.map(({ age: _, ...row }) => row)).toEqual(
        executed.map(({ age: _, ...row }) => row),
      );
      for (const row of prepared) expect(typeof row.created_at).toBe("string");
      if (pattern === "%a%") expect(prepared).toHaveLength(3);
    }
    // A parameter whose type the text does not say cannot be prepared alone: run unnamed.
    const untyped = (value: string) => sql`select ${value} as echoed`;
    expect(await preparedQuery(db, untyped("one"))).toEqual([{ echoed: "one" }]);
    expect(await preparedQuery(db, untyped("two"))).toEqual([{ echoed: "two" }]);
    // A real error is still the caller's, as execute gives it.
    await expect(preparedQuery(db, sql`select 1 / ${0}::int as n`)).rejects.toThrow(
      /^Failed query: select 1 \/ \$1::int/,
    );
  });

  it("maps a prepared whole-table select to the fields the query builder gives", async () => {
    const db = t().database.db;
    const query = () => db.select().from(users).where(like(users.userName, "%a%")).limit(5);
    const built = await query();
    expect(built.length).toBeGreaterThan(1);
    expect(await preparedTableRows(db, query(), users)).toEqual(built);
    expect(built.some((row) => row.createdAt instanceof Date)).toBe(true);
  });

  it("renders a statement it is given again only once, and runs it every time", async () => {
    const db = t().database.db;
    const render = vi.spyOn((db as unknown as { dialect: PgDialect }).dialect, "sqlToQuery");
    await db.execute(sql`create sequence lms_test_runs`);
    try {
      const kept = sql`select nextval('lms_test_runs')::int as n, ${"kept"}::text as label`;
      expect(await preparedQuery(db, kept)).toEqual([{ n: 1, label: "kept" }]);
      expect(await preparedQuery(db, kept)).toEqual([{ n: 2, label: "kept" }]);
      expect(render.mock.calls.filter(([query]) => query === kept)).toHaveLength(1);
    } finally {
      render.mockRestore();
      await db.execute(sql`drop sequence lms_test_runs`);
    }
  });
});
