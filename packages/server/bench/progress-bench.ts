/**
 * The progress list of the bench's course of 2,000 students alone (issue 14), on the bench's data
 * (bench/data.ts): through the repository, one request at a time (the server's own time, without
 * HTTP), pages 1, 2, middle and last in every sort both ways and new searches, as the bench asks
 * them; the query of before (every student's figures aggregated per request,
 * test/support/progress-derived.ts) beside it on the same requests; and what the summaries'
 * triggers cost a completion and a material's unpublishing. `pnpm build && node
 * dist/progress-bench.js`; LMS_BENCH_DRIVERS as for the bench, LMS_BENCH_PROGRESS_REQUESTS (200),
 * LMS_BENCH_PROGRESS_EXPLAIN=1 for a far page's queries, timed alone and their plans.
 */
import { SORTABLE_COLUMNS } from "@lms/core";
import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../src/db/client";
import { courses, materials } from "../src/db/schema";
import type { ListInput } from "../src/lib/list";
import { KeptCourseProgress } from "../src/read-models/progress/kept-course-progress";
import { DerivedProgress } from "../test/support/progress-derived";
import { listInput, onEachBenchDatabase, timed } from "./bench-database";
import { freshSearches, type Populated } from "./data";
import { percentile } from "./lists";

const REQUESTS = Number(process.env.LMS_BENCH_PROGRESS_REQUESTS ?? 200);

const ms = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(1)} / p95 ${percentile(values, 95).toFixed(1)} ms (${values.length})`;

async function measure(driver: "pglite" | "postgres", db: Db, populated: Populated) {
  const [course] = await db.select().from(courses).where(eq(courses.id, populated.bigCourseId));
  const scope = { schoolId: null, teacherId: null };
  const after = new KeptCourseProgress(db);
  const before = new DerivedProgress(db);
  const { total } = await after.list(course!, scope, listInput({}));
  const last = Math.max(1, Math.ceil(total / 25));
  const pages: ListInput[] = [];
  for (const page of [...new Set([1, 2, Math.max(1, Math.round(last / 2)), last])]) {
    for (const sortBy of SORTABLE_COLUMNS.progress) {
      for (const sortOrder of ["asc", "desc"] as const) {
        pages.push(listInput({ page, sortBy, sortOrder }));
      }
    }
  }
  const columns = SORTABLE_COLUMNS.progress;
  const searches = freshSearches(REQUESTS / 2).map((search, i) =>
    listInput({
      search,
      sortBy: columns[i % Math.min(columns.length, 4)]!,
      sortOrder: i % 2 ? "desc" : "asc",
    }),
  );
  if (process.env.LMS_BENCH_PROGRESS_EXPLAIN === "1") {
    // The plans of one far page's queries, sorted by a figure and by name.
    const execute = db.execute.bind(db);
    const asked: SQL[] = [];
    db.execute = ((query: SQL) => {
      asked.push(query);
      return execute(query);
    }) as typeof db.execute;
    await after.list(
      course!,
      scope,
      listInput({ page: last, sortBy: "percent", sortOrder: "desc" }),
    );
    await after.list(course!, scope, listInput({ page: last, sortBy: "lastName" }));
    db.execute = execute;
    for (const query of asked) {
      const times: number[] = [];
      for (let i = 0; i < 20; i++) times.push(await timed(() => db.execute(query)));
      console.log(`query alone: ${ms(times)}`);
      const plan = await db.execute(sql`explain (analyze, buffers) ${query}`);
      const lines = (plan as unknown as { rows: Record<string, string>[] }).rows;
      console.log(lines.map((r) => Object.values(r)[0]).join("\n"));
    }
  }
  for (const [name, lister] of [
    ["after", after],
    ["before", before],
  ] as const) {
    for (const body of pages) {
      const a = await after.list(course!, scope, body);
      const b = await before.list(course!, scope, body);
      if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error("the lists differ");
    }
    const pageTimes: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      pageTimes.push(await timed(() => lister.list(course!, scope, pages[i % pages.length]!)));
    }
    // Each search once per lister; the second asks them in the reverse order.
    const searchTimes: number[] = [];
    const order = name === "after" ? searches : [...searches].reverse();
    for (const body of order) {
      searchTimes.push(await timed(() => lister.list(course!, scope, body)));
    }
    console.log(
      `[${driver}] ${name}: ${total} students, pages 1, 2, middle, ${last}, every sort both ways: ${ms(pageTimes)}`,
    );
    console.log(`[${driver}] ${name}: new searches: ${ms(searchTimes)}`);
  }

  // The triggers' cost on writes: one student's completion, and a material of the big course
  // unpublished and published again (every student's row of the course recomputed).
  const [material] = await db
    .select()
    .from(materials)
    .where(eq(materials.courseId, populated.bigCourseId))
    .limit(1);
  const [{ id: student } = { id: 0 }] = (
    (await db.execute(
      sql`select user_id as id from progress where material_id = ${material!.id}
           and completed_at is null limit 1`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  const triggers = ["progress_summaries_updated", "materials_progress_updated"] as const;
  const cost: string[] = [];
  for (const withTriggers of [false, true]) {
    if (!withTriggers) {
      await db.execute(sql.raw(`alter table progress disable trigger ${triggers[0]}`));
      await db.execute(sql.raw(`alter table materials disable trigger ${triggers[1]}`));
    }
    const completes: number[] = [];
    for (let i = 0; i < 100; i++) {
      completes.push(
        await timed(() =>
          db.execute(sql`update progress set completed_at = ${i % 2 ? null : sql`now()`}
            where user_id = ${student} and material_id = ${material!.id}`),
        ),
      );
    }
    const publish: number[] = [];
    for (let i = 0; i < 6; i++) {
      publish.push(
        await timed(() =>
          db.execute(sql`update materials set published = ${i % 2 === 1}
            where id = ${material!.id}`),
        ),
      );
    }
    const label = withTriggers ? "with" : "without";
    cost.push(
      `${label} triggers: a completion ${ms(completes)}, a material (un)published ${ms(publish)}`,
    );
    if (!withTriggers) {
      await db.execute(sql.raw(`alter table progress enable trigger ${triggers[0]}`));
      await db.execute(sql.raw(`alter table materials enable trigger ${triggers[1]}`));
    }
  }
  for (const line of cost) console.log(`[${driver}] ${line}`);
}

onEachBenchDatabase("progress", measure).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
