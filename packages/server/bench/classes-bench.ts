/**
 * The class list alone (issue 14), on the bench's data (bench/data.ts): the list's query through
 * the repository, one request at a time (the server's own time, without HTTP), for pages 1 and
 * last (and the middle one) in every sort both ways and the bench's searches; the query of before (every user and
 * progress row per request) beside it; and what the summaries' triggers add to inserting and
 * deleting 50,000 students in one statement. `pnpm build && node dist/classes-bench.js`;
 * LMS_BENCH_DRIVERS as for the bench, LMS_BENCH_CLASSES_BEFORE runs of the old query (default 3).
 */
import { SORTABLE_COLUMNS } from "@lms/core";
import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../src/db/client";
import { classesWith } from "../src/plugins/app/repositories/class-rows";
import { KeptClassList } from "../src/read-models/list-memory/kept-class-list";
import type { ListInput } from "../src/lib/list";
import { derivedClassesWith } from "../test/support/classes-derived";
import { listInput, onEachBenchDatabase, timed } from "./bench-database";
import { schoolsFor, usersFor } from "./data";
import { percentile } from "./lists";

const BEFORE_RUNS = Number(process.env.LMS_BENCH_CLASSES_BEFORE ?? 3);
const REQUESTS = Number(process.env.LMS_BENCH_CLASSES_REQUESTS ?? 200);
const STUDENTS = 50_000;

const ms = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(1)} / p95 ${percentile(values, 95).toFixed(1)} ms`;

async function measure(driver: "pglite" | "postgres", db: Db) {
  const schools = schoolsFor(usersFor(driver));
  const classes = new KeptClassList(db);
  const scope = { schoolId: null, teacherId: null };
  const { total } = await classes.list(listInput({}), [], {}, scope);
  const last = Math.max(1, Math.ceil(total / 25));
  const pages: ListInput[] = [];
  for (const page of [...new Set([1, Math.ceil(last / 2), last])]) {
    pages.push(listInput({ page }));
    for (const sortBy of SORTABLE_COLUMNS.classes) {
      for (const sortOrder of ["asc", "desc"] as const) {
        pages.push(listInput({ page, sortBy, sortOrder }));
      }
    }
  }
  const searches = Array.from({ length: 12 }, (_, i) => listInput({ search: `grade ${12 - i} s` }));
  for (const body of [...pages, ...searches]) await classes.list(body, [], {}, scope);
  const pageTimes: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    pageTimes.push(await timed(() => classes.list(pages[i % pages.length]!, [], {}, scope)));
  }
  const searchTimes: number[] = [];
  for (let i = 0; i < Math.max(12, REQUESTS / 4); i++) {
    searchTimes.push(
      await timed(() => classes.list(searches[i % searches.length]!, [], {}, scope)),
    );
  }
  const schoolTimes: number[] = [];
  for (let i = 0; i < REQUESTS / 4; i++) {
    const one = { schoolId: null, teacherId: null };
    schoolTimes.push(
      await timed(() =>
        classes.list(pages[i % pages.length]!, [], { schoolId: 3 + (i % schools) }, one),
      ),
    );
  }
  if (process.env.LMS_BENCH_CLASSES_EXPLAIN === "1") {
    // The middle page by students, as the repository reads it, and its count.
    const order = sql.raw(
      "k.students desc nulls last, k.school_id, k.year_from desc, k.grade, k.section_key",
    );
    for (const query of [
      sql`${classesWith(scope)},
        page as materialized (
          select k.school_id, k.year_from, k.grade, k.section_key from classes k
           order by ${order} limit 25 offset ${Math.floor(total / 2)})
        select k.* from page p join classes k on k.school_id = p.school_id
           and k.year_from = p.year_from and k.grade = p.grade and k.section_key = p.section_key
         order by ${order}`,
      sql`${classesWith(scope)} select count(*)::int as n from classes k`,
      // A search new to the server: its matches counted, and sorted when they are few.
      ...["grade 7 s3", "grade 7 s", "grade 7"].map(
        (term) => sql`${classesWith(scope)},
        matches as materialized (select k.* from classes k where k.search_text like ${`%${term}%`}),
        counted as (select count(*)::int as n from matches)
        select c.n, k.* from counted c
          left join lateral (select * from matches k where c.n <= 2000
                              order by k.school_name, k.school_id limit 25) k on true`,
      ),
    ]) {
      const plan = await db.execute(sql`explain (analyze, buffers) ${query}`);
      const lines = (plan as unknown as { rows: Record<string, string>[] }).rows;
      console.log(lines.map((r) => Object.values(r)[0]).join("\n"));
    }
  }
  console.log(`[${driver}] ${total} classes`);
  console.log(
    `[${driver}] after: pages 1, ${Math.ceil(last / 2)} and ${last}, every sort both ways: ${ms(pageTimes)}`,
  );
  console.log(`[${driver}] after: searches "grade N s": ${ms(searchTimes)}`);
  console.log(`[${driver}] after: one school's classes (school details tab): ${ms(schoolTimes)}`);

  const beforeTimes: number[] = [];
  for (let i = 0; i < BEFORE_RUNS; i++) {
    beforeTimes.push(
      await timed(() =>
        db.execute(sql`${derivedClassesWith(scope, new Date())}
          select k.*, (select count(*) from classes k)::int as total
            from classes k order by k.school_name, k.school_id, k.year_from desc, k.grade,
                     k.section_key limit 25`),
      ),
    );
  }
  if (BEFORE_RUNS > 0)
    console.log(`[${driver}] before: page 1 (${BEFORE_RUNS} runs): ${ms(beforeTimes)}`);

  // 50,000 students into one school's classes, one statement, then deleted in one statement.
  const school = 3;
  const insert = sql`insert into users (first_name, last_name, user_name, email, role_id,
      school_id, grade, section, school_year_from, created_by)
    select 'Ana', 'Reyes', 'cb' || i, 'cb' || i || '@bench.test', 5, ${school}, 1 + (i % 12),
           'S' || (i % 7), 2026, 'classes-bench'
      from generate_series(1, ${STUDENTS}) i`;
  const remove = sql`delete from users where created_by = 'classes-bench'`;
  const triggers = ["users_classes_inserted", "users_classes_deleted"];
  const cost: Record<string, number> = {};
  for (const withTriggers of [false, true]) {
    if (!withTriggers) {
      for (const name of triggers)
        await db.execute(sql.raw(`alter table users disable trigger ${name}`));
    }
    cost[`insert ${withTriggers ? "with" : "without"}`] = await timed(() => db.execute(insert));
    cost[`delete ${withTriggers ? "with" : "without"}`] = await timed(() => db.execute(remove));
    if (!withTriggers) {
      for (const name of triggers)
        await db.execute(sql.raw(`alter table users enable trigger ${name}`));
    }
  }
  console.log(
    `[${driver}] ${STUDENTS} students in one statement: ` +
      Object.entries(cost)
        .map(([what, value]) => `${what} triggers ${value.toFixed(0)} ms`)
        .join(", "),
  );

  // What keeping the list rows (0021) costs a write: one completion set or cleared, one
  // statement each, with and without the class_done triggers that refresh its school's rows;
  // and every school's rows recomputed at once (what a global course's change costs).
  const [one] = await rowsOf<{ user_id: number; material_id: number }>(
    db.execute(
      sql`select user_id, material_id from progress order by user_id, material_id limit 1`,
    ),
  );
  if (one) {
    const listTriggers = ["inserted", "updated", "deleted"].map(
      (e) => `class_done_class_list_${e}`,
    );
    const writes: Record<string, number[]> = { with: [], without: [] };
    for (const withTriggers of [false, true]) {
      for (const name of listTriggers) {
        await db.execute(
          sql.raw(`alter table class_done ${withTriggers ? "enable" : "disable"} trigger ${name}`),
        );
      }
      for (let i = 0; i < 100; i++) {
        const value = i % 2 === 0 ? sql`now()` : sql`null`;
        writes[withTriggers ? "with" : "without"]!.push(
          await timed(() =>
            db.execute(
              sql`update progress set completed_at = ${value} where user_id = ${one.user_id} and material_id = ${one.material_id}`,
            ),
          ),
        );
      }
    }
    console.log(
      `[${driver}] one completion set or cleared: without the list's triggers ${ms(writes.without!)}, with ${ms(writes.with!)}`,
    );
  }
  const everySchool = await timed(() =>
    db.execute(sql`select class_list_refresh(array(select id from schools))`),
  );
  console.log(`[${driver}] every school's list rows recomputed: ${everySchool.toFixed(0)} ms`);
}

onEachBenchDatabase("classes", measure).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
