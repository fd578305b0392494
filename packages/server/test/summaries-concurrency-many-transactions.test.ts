import { ROLE_IDS } from "@lms/core";
import { describe, expect, it } from "vitest";
import {
  BEGIN,
  COMMIT,
  step,
  useConcurrentSummaries,
  YEAR,
  type Session,
  type Step,
} from "./support/summaries-concurrency";

// PostgreSQL only: left out of the pglite project (vitest.config.ts).
const { mats, schools, student, session, open, complete, scorm, publish, expectCurrent } =
  useConcurrentSummaries();

describe("stored summaries under concurrent transactions (PostgreSQL, READ COMMITTED): many transactions at once", () => {
  it("many transactions at once, committing together", async () => {
    // Four connections, each its own students in four schools (so no two transactions meet on a
    // progress row: that would be the application's own order), sharing the course, its classes,
    // the schools' list rows and, now and then, a material published or a bulk of students.
    let seed = 1795600022;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)]!;
    const runners = await Promise.all(["W", "X", "Y", "Z"].map((name) => session(name)));
    const mine = new Map<Session, number[]>();
    for (const r of runners) {
      mine.set(r, [
        await student(schools[7]!),
        await student(schools[8]!),
        await student(schools[9]!),
        await student(schools[10]!),
      ]);
    }
    let bulk = 0;
    const plan = (r: Session) => {
      const steps: Step[] = [];
      for (let t = 0; t < 20; t++) {
        const roll = random();
        if (roll < 0.1) {
          steps.push(BEGIN, publish(pick([mats.g2, mats.gx]), random() < 0.5), COMMIT);
          continue;
        }
        steps.push(BEGIN);
        if (roll < 0.2) {
          bulk += 1;
          steps.push(
            step(
              "bulk",
              `insert into users (first_name, last_name, user_name, email, role_id, school_id,
                 school_year_from, school_year_to, grade, section)
               select 'Many', 'At Once', $1 || s, $1 || s || '@conc.test', $2, s, $3, $3 + 1, 8, 'A'
                 from unnest($4::int[]) s`,
              [`conc.many.${bulk}.`, ROLE_IDS.student, YEAR, schools],
            ),
          );
        }
        const count = 2 + Math.floor(random() * 3);
        for (let i = 0; i < count; i++) {
          const u = pick(mine.get(r)!);
          const m = pick([mats.g1, mats.g2, mats.gx]);
          const kind = random();
          steps.push(
            kind < 0.3
              ? open(u, m)
              : kind < 0.6
                ? complete(u, m)
                : kind < 0.8
                  ? scorm(u, Math.floor(random() * 100))
                  : step(
                      "uncomplete",
                      "update progress set completed_at = null where user_id = $1 and material_id = $2",
                      [u, m],
                    ),
          );
        }
        steps.push(COMMIT);
      }
      return steps;
    };
    const failures: string[] = [];
    await Promise.all(
      runners.map(async (r) => {
        let failed = false;
        for (const { label, text, values } of plan(r)) {
          if (failed && label !== "begin") continue;
          failed = false;
          try {
            await r.client.query(text, values);
          } catch (error) {
            failures.push(`${r.name} ${label}: ${(error as { code?: string }).code}`);
            failed = true;
            await r.client.query("rollback");
          }
        }
      }),
    );
    expect(failures).toEqual([]);
    await expectCurrent();
  }, 120_000);
});
