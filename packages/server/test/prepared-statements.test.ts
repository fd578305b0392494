import { describe, expect, it } from "vitest";
import { preparedStatement, sqlLiteral } from "../src/db/client";
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
});
