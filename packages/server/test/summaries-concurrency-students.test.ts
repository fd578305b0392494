import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  BEGIN,
  COMMIT,
  expectNoFailure,
  step,
  useConcurrentSummaries,
} from "./support/summaries-concurrency";

// PostgreSQL only: left out of the pglite project (vitest.config.ts).
const {
  rows,
  mats,
  schools,
  student,
  session,
  interleave,
  open,
  complete,
  quiz,
  scorm,
  expectCurrent,
} = useConcurrentSummaries();

describe("stored summaries under concurrent transactions (PostgreSQL, READ COMMITTED): students", () => {
  it("two transactions write progress, attempts and SCORM attempts of one student in one course", async () => {
    const a = await session("A");
    const b = await session("B");
    const u = await student(schools[0]!);
    // The student's summary row does not exist yet: both create it.
    expectNoFailure(
      await interleave([
        [a, BEGIN],
        [b, BEGIN],
        [a, complete(u, mats.g1)],
        [b, quiz(u, 1, 80)],
        [a, scorm(u, 60)],
        [a, COMMIT],
        [b, open(u, mats.g2)],
        [b, COMMIT],
      ]),
    );
    await expectCurrent();
    // The row exists: both change it.
    expectNoFailure(
      await interleave([
        [a, BEGIN],
        [b, BEGIN],
        [b, scorm(u, 95)],
        [a, complete(u, mats.g2)],
        [b, quiz(u, 2, 40)],
        [b, COMMIT],
        [a, step("reset quiz", "delete from attempts where user_id = $1 and number = 1", [u])],
        [a, COMMIT],
      ]),
    );
    await expectCurrent();
    // One takes every row away (the summary row goes) while the other adds an attempt.
    const gone = (table: string) =>
      step(`delete ${table}`, `delete from ${table} where user_id = $1`, [u]);
    expectNoFailure(
      await interleave([
        [a, BEGIN],
        [b, BEGIN],
        [a, gone("progress")],
        [a, gone("attempts")],
        [a, gone("scorm_attempts")],
        [b, quiz(u, 3, 70)],
        [a, COMMIT],
        [b, COMMIT],
      ]),
    );
    await expectCurrent();
    expect(await rows(sql`select quiz_count from progress_summaries where user_id = ${u}`)).toEqual(
      [{ quiz_count: 1 }],
    );
  });

  it("two transactions change two students' progress in opposite orders", async () => {
    const a = await session("A");
    const b = await session("B");
    const first = await student(schools[0]!);
    const second = await student(schools[0]!);
    // Different progress rows: only the two students' summary rows are met in opposite orders.
    expectNoFailure(
      await interleave([
        [a, BEGIN],
        [b, BEGIN],
        [a, open(first, mats.g2)],
        [b, open(second, mats.g2)],
        [a, quiz(second, 1, 65)],
        [b, complete(first, mats.g1)],
        [a, COMMIT],
        [b, COMMIT],
      ]),
    );
    await expectCurrent();
  });

  it("two transactions change students of two schools in opposite orders", async () => {
    const a = await session("A");
    const b = await session("B");
    const opposite = async (first: number, second: number) => {
      const [one1, one2] = [await student(schools[1]!), await student(schools[1]!)];
      const [two1, two2] = [await student(schools[2]!), await student(schools[2]!)];
      expectNoFailure(
        await interleave([
          [a, BEGIN],
          [b, BEGIN],
          [a, complete(one1, first)],
          [b, complete(two2, second)],
          [a, complete(two1, first)],
          [b, complete(one2, second)],
          [a, COMMIT],
          [b, COMMIT],
        ]),
      );
      await expectCurrent();
    };
    // Different materials: the 0016 sums' rows differ, only the schools' refreshes meet.
    await opposite(mats.g1, mats.g2);
    // One material: the two classes' sums rows are met in opposite orders too.
    await opposite(mats.g1, mats.g1);
  });
});
