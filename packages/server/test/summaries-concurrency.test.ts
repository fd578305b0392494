import { ROLE_IDS } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase, rowsOf, type Database } from "../src/db/client";
import { schoolYearOf } from "../src/plugins/app/repositories/class-rows";
import { freshPostgresUrl } from "./helper";
import { expectClassSummariesCurrent, expectSameClasses } from "./support/classes-derived";
import { expectSameProgressLists, expectSummaryRows } from "./support/progress-derived";

/**
 * Issue 14: the progress summaries (migration 0020) and the class list (0021, over the 0016 sums)
 * are kept by triggers that lock and recompute, written for READ COMMITTED. Two transactions on
 * their own connections are interleaved statement by statement here (one holds its transaction
 * open while the other goes on or waits), and four connections commit random transactions all at
 * once; afterwards the stored rows must equal what the derived queries give, and no transaction
 * may have failed (none of these is one that should). PGlite has one connection: this file runs
 * in the postgres project only (vitest.config.ts).
 */
const onPostgres = inject("lmsTemplate").kind === "postgres";
const TODAY = new Date();
const YEAR = schoolYearOf(TODAY);
/** More schools than class_list_refresh locks one by one (it takes one lock above 64). */
const SCHOOLS = 70;

let database: Database;
let drop: (() => Promise<void>) | undefined;
let url: string;
const rows = <T = Record<string, unknown>>(query: SQL) => rowsOf<T>(database.db.execute(query));
const one = async (query: SQL) => (await rows<{ id: number }>(query))[0]!.id;

let courseId: number;
const mats: Record<"g1" | "g2" | "gq" | "gs" | "gx", number> = {
  g1: 0,
  g2: 0,
  gq: 0,
  gs: 0,
  gx: 0,
};
let schools: number[] = [];
let created = 0;

/** A new student of grade 8, section A in this school year. */
function student(schoolId: number) {
  created += 1;
  const name = `conc.${created}`;
  return one(sql`insert into users (first_name, last_name, user_name, email, role_id, school_id,
      school_year_from, school_year_to, grade, section)
    values ('Con', ${`Current ${created}`}, ${name}, ${`${name}@conc.test`}, ${ROLE_IDS.student},
            ${schoolId}, ${YEAR}, ${YEAR + 1}, 8, 'A') returning id`);
}

interface Session {
  name: string;
  client: pg.Client;
  pid: number;
}

interface Step {
  label: string;
  text: string;
  values?: unknown[];
}

/** What became of one transaction: the steps that waited for a lock, the SQLSTATE it failed with. */
interface Outcome {
  waited: string[];
  error: string | null;
}

const sessions: Session[] = [];
let observer: pg.Client;

async function session(name: string): Promise<Session> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: pid } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  const opened = { name, client, pid: pid[0]!.pid };
  sessions.push(opened);
  return opened;
}

async function waitsForLock(s: Session) {
  const { rows: state } = await observer.query<{ waiting: boolean }>(
    "select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1",
    [s.pid],
  );
  return state[0]?.waiting === true;
}

const step = (label: string, text: string, values?: unknown[]): Step => ({ label, text, values });
const BEGIN = step("begin", "begin");
const COMMIT = step("commit", "commit");

/**
 * Runs the steps in the order given, each on its session: the next step starts once this one is
 * done or is seen waiting for a lock (a waiting session's later steps queue behind it). A failed
 * transaction is rolled back and its later steps skipped.
 */
async function interleave(steps: [Session, Step][]): Promise<Record<string, Outcome>> {
  const outcomes: Record<string, Outcome> = {};
  const tails = new Map<Session, { done: Promise<void>; settled: boolean }>();
  for (const [s, { label, text, values }] of steps) {
    const outcome = (outcomes[s.name] ??= { waited: [], error: null });
    const previous = tails.get(s);
    const queued = previous !== undefined && !previous.settled;
    const tail = { done: Promise.resolve(), settled: false };
    tail.done = (previous?.done ?? Promise.resolve()).then(async () => {
      if (outcome.error === null) {
        try {
          await s.client.query(text, values);
        } catch (error) {
          outcome.error = (error as { code?: string }).code ?? String(error);
          await s.client.query("rollback");
        }
      }
      tail.settled = true;
    });
    tails.set(s, tail);
    if (queued) continue;
    for (;;) {
      if (tail.settled) break;
      if (await waitsForLock(s)) {
        outcome.waited.push(label);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  await Promise.all([...tails.values()].map((t) => t.done));
  return outcomes;
}

const open = (user: number, material: number) =>
  step(
    `open ${material}`,
    `insert into progress (user_id, material_id, course_id, started_at)
     values ($1, $2, $3, now() - interval '7 minutes')
     on conflict (user_id, material_id) do update set last_opened_at = now()`,
    [user, material, courseId],
  );
const complete = (user: number, material: number) =>
  step(
    `complete ${material}`,
    `insert into progress (user_id, material_id, course_id, started_at, completed_at)
     values ($1, $2, $3, now() - interval '5 minutes', now())
     on conflict (user_id, material_id) do update set completed_at = now()`,
    [user, material, courseId],
  );
const quiz = (user: number, number: number, score: number) =>
  step(
    `quiz ${score}`,
    `insert into attempts (material_id, user_id, number, score, passed, answers)
     values ($1, $2, $3, $4, $4 >= 75, '{}')`,
    [mats.gq, user, number, score],
  );
const scorm = (user: number, score: number) =>
  step(
    `scorm ${score}`,
    `insert into scorm_attempts (user_id, material_id, attempt, cmi, total_seconds)
     values ($1, $2, 1, jsonb_build_object('cmi.completion_status', 'completed',
             'cmi.score.raw', $3::text), 30)
     on conflict (user_id, material_id, attempt, sco) do update set cmi = excluded.cmi`,
    [user, mats.gs, score],
  );
const publish = (material: number, published: boolean) =>
  step(`publish ${material} ${published}`, "update materials set published = $2 where id = $1", [
    material,
    published,
  ]);

/** The stored rows of both lists against their derived queries. */
async function expectCurrent() {
  await expectSummaryRows(database.db);
  await expectSameProgressLists(database.db, courseId, [{ schoolId: null, teacherId: null }]);
  await expectClassSummariesCurrent(database.db);
  await expectSameClasses(database.db, { schoolId: null, teacherId: null }, TODAY);
  // What a transaction leaves for its commit (migration 0022) never outlives it.
  expect(
    await rows(sql`select txid from summaries_commit union all
      select txid from progress_summaries_pending union all
      select txid from progress_summaries_pending_courses union all
      select txid from class_members_delta union all select txid from class_done_delta union all
      select txid from class_list_pending`),
  ).toEqual([]);
}

const NONE: Outcome["error"] = null;

function expectNoFailure(outcomes: Record<string, Outcome>) {
  // The waits are what the locks serialised; printed for the record.
  console.info(JSON.stringify(outcomes));
  for (const outcome of Object.values(outcomes)) expect(outcome.error).toBe(NONE);
}

beforeAll(async () => {
  if (!onPostgres)
    throw new Error("summaries-concurrency.test.ts runs in the postgres project only");
  const fresh = await freshPostgresUrl();
  drop = fresh.drop;
  url = fresh.url;
  database = await openDatabase({ databaseUrl: url, poolSize: 3 });
  observer = new pg.Client({ connectionString: url });
  await observer.connect();
  schools = (
    await rows<{ id: number }>(sql`insert into schools (school_code, school_name, created_by)
      select 'CONC' || i, 'Concurrency ' || i, 'test' from generate_series(1, ${SCHOOLS}) i
      returning id`)
  ).map((r) => r.id);
  // A course for every school (grade 8), so a change of its materials refreshes every school.
  courseId = await one(sql`insert into courses (course_name, course_code, grade_level, subject,
      section, published, school_id)
    values ('Concurrency', 'CONC8', 8, 'Concurrency', '', true, null) returning id`);
  const element = await one(sql`insert into course_elements (course_id, name, type, position,
      published) values (${courseId}, 'Lesson 1', 'lesson', 1, true) returning id`);
  const material = (name: string, type: string, position: number, published = true) =>
    one(sql`insert into materials (course_id, element_id, name, type, position, published,
        scorm_settings)
      values (${courseId}, ${element}, ${name}, ${type}, ${position}, ${published},
              ${type === "scorm" ? sql`'{"grading":"highest"}'::jsonb` : sql`'{}'::jsonb`})
      returning id`);
  mats.g1 = await material("Link 1", "link", 1);
  mats.g2 = await material("Link 2", "link", 2);
  mats.gq = await material("Quiz", "quiz", 3);
  mats.gs = await material("SCORM", "scorm", 4);
  mats.gx = await material("Draft", "link", 5, false);
  for (const school of schools) await student(school);
  await expectCurrent();
}, 120_000);

afterAll(async () => {
  for (const s of sessions) await s.client.end();
  await observer?.end();
  await database?.close();
  await drop?.();
});

describe("stored summaries under concurrent transactions (PostgreSQL, READ COMMITTED)", () => {
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
