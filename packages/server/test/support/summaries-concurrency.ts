import { ROLE_IDS } from "@lms/core";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { openDatabase, rowsOf, type Database } from "../../src/db/client";
import { schoolYearOf } from "../../src/plugins/app/repositories/class-rows";
import { freshPostgresUrl } from "../helper";
import { expectClassSummariesCurrent, expectSameClasses } from "./classes-derived";
import { expectSameProgressLists, expectSummaryRows } from "./progress-derived";

/**
 * Issue 14: the progress summaries (migration 0020) and the class list (0021, over the 0016 sums)
 * are kept by triggers that lock and recompute, written for READ COMMITTED. Two transactions on
 * their own connections are interleaved statement by statement (one holds its transaction open
 * while the other goes on or waits), or several connections commit random transactions all at
 * once; afterwards the stored rows must equal what the derived queries give, and no transaction
 * may have failed (none of these is one that should). PGlite has one connection: the
 * summaries-concurrency files run in the postgres projects only (vitest.config.ts).
 */
const TODAY = new Date();
export const YEAR = schoolYearOf(TODAY);
/** More schools than class_list_refresh locks one by one (it takes one lock above 64). */
const SCHOOLS = 70;

export interface Session {
  name: string;
  client: pg.Client;
  pid: number;
}

export interface Step {
  label: string;
  text: string;
  values?: unknown[];
}

/** What became of one transaction: the steps that waited for a lock, the SQLSTATE it failed with. */
export interface Outcome {
  waited: string[];
  error: string | null;
}

export const step = (label: string, text: string, values?: unknown[]): Step => ({
  label,
  text,
  values,
});
export const BEGIN = step("begin", "begin");
export const COMMIT = step("commit", "commit");

const NONE: Outcome["error"] = null;

export function expectNoFailure(outcomes: Record<string, Outcome>) {
  // The waits are what the locks serialised; printed for the record.
  console.info(JSON.stringify(outcomes));
  for (const outcome of Object.values(outcomes)) expect(outcome.error).toBe(NONE);
}

/**
 * A fresh PostgreSQL database for a file's tests (70 schools, a course of grade 8 for every school
 * with its materials, a student in each school), the sessions that write to it at once, and the
 * steps they run.
 */
export function useConcurrentSummaries() {
  const onPostgres = inject("lmsTemplate").kind === "postgres";
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
  const schools: number[] = [];
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

  beforeAll(async () => {
    if (!onPostgres)
      throw new Error("the summaries-concurrency files run in the postgres projects only");
    const fresh = await freshPostgresUrl();
    drop = fresh.drop;
    url = fresh.url;
    database = await openDatabase({ databaseUrl: url, poolSize: 3 });
    observer = new pg.Client({ connectionString: url });
    await observer.connect();
    schools.push(
      ...(
        await rows<{ id: number }>(sql`insert into schools (school_code, school_name, created_by)
        select 'CONC' || i, 'Concurrency ' || i, 'test' from generate_series(1, ${SCHOOLS}) i
        returning id`)
      ).map((r) => r.id),
    );
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

  return {
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
    publish,
    expectCurrent,
  };
}
