import { ROLE_IDS } from "@lms/core";
import { describe, it } from "vitest";
import {
  BEGIN,
  COMMIT,
  expectNoFailure,
  step,
  useConcurrentSummaries,
  YEAR,
} from "./support/summaries-concurrency";

// PostgreSQL only: left out of the pglite project (vitest.config.ts).
const {
  mats,
  schools,
  student,
  session,
  interleave,
  open,
  complete,
  quiz,
  publish,
  expectCurrent,
} = useConcurrentSummaries();

describe("stored summaries under concurrent transactions (PostgreSQL, READ COMMITTED): statements over many schools", () => {
  it("a statement over more than 64 schools against one over a single school", async () => {
    const a = await session("A");
    const b = await session("B");
    const mine = await student(schools[3]!);
    const names = schools.map((_, i) => `conc.bulk.${i}`);
    // A: a bulk upload's statement adds a student to each school's class 8 A; B: the school's
    // student completes a material, then the school adds a student to the same class.
    const bulk = step(
      "bulk insert",
      `insert into users (first_name, last_name, user_name, email, role_id, school_id,
         school_year_from, school_year_to, grade, section)
       select 'Bulk', n, n, n || '@conc.test', $3, s, $4, $4 + 1, 8, 'A'
         from unnest($1::text[], $2::int[]) as b(n, s)`,
      [names, schools, ROLE_IDS.student, YEAR],
    );
    const added = step(
      "add student",
      `insert into users (first_name, last_name, user_name, email, role_id, school_id,
         school_year_from, school_year_to, grade, section)
       values ('One', 'More', 'conc.one.more', 'conc.one.more@conc.test', $2, $1, $3, $3 + 1, 8, 'A')`,
      [schools[3], ROLE_IDS.student, YEAR],
    );
    expectNoFailure(
      await interleave([
        [a, BEGIN],
        [b, BEGIN],
        [b, complete(mine, mats.g1)],
        [a, bulk],
        [b, added],
        [b, COMMIT],
        [a, COMMIT],
      ]),
    );
    await expectCurrent();
    // The other way round: the many schools first.
    const again = (n: string) =>
      step(
        "bulk update",
        `update users set section = $1 where user_name like 'conc.bulk.%' and section <> $1`,
        [n],
      );
    expectNoFailure(
      await interleave([
        [a, BEGIN],
        [b, BEGIN],
        [a, again("B")],
        [b, complete(mine, mats.g2)],
        [a, COMMIT],
        [b, COMMIT],
      ]),
    );
    await expectCurrent();
  });

  it("a change of a course for every school against a student's progress", async () => {
    const m = await session("M");
    const p = await session("P");
    // The course change first, then a student new to the course: an attempt on the quiz the
    // teacher unpublishes, then a material opened that the teacher unpublishes after it.
    const first = await student(schools[4]!);
    expectNoFailure(
      await interleave([
        [m, BEGIN],
        [p, BEGIN],
        [m, publish(mats.gq, false)],
        [p, quiz(first, 1, 90)],
        [p, COMMIT],
        [m, COMMIT],
      ]),
    );
    await expectCurrent();
    const second = await student(schools[5]!);
    expectNoFailure(
      await interleave([
        [p, BEGIN],
        [m, BEGIN],
        [p, open(second, mats.g2)],
        [m, publish(mats.g2, false)],
        [p, COMMIT],
        [m, COMMIT],
      ]),
    );
    await expectCurrent();
    // A completion (the school's class row) against a material published for every school.
    const third = await student(schools[6]!);
    expectNoFailure(
      await interleave([
        [m, BEGIN],
        [p, BEGIN],
        [p, complete(third, mats.g1)],
        [m, publish(mats.gx, true)],
        [p, complete(first, mats.g1)],
        [p, COMMIT],
        [m, COMMIT],
      ]),
    );
    await expectCurrent();
    expectNoFailure(
      await interleave([
        [m, BEGIN],
        [p, BEGIN],
        [m, publish(mats.gq, true)],
        [m, publish(mats.g2, true)],
        [p, complete(second, mats.g2)],
        [p, quiz(second, 1, 50)],
        [m, COMMIT],
        [p, COMMIT],
      ]),
    );
    await expectCurrent();
  });
});
