/**
 * The memory each read model holds over 100,000 rows (src/read-models/README.md): the V8 heap and
 * array buffers after a full collection, before and after the read model is built or filled, on
 * the bench's data (bench/data.ts, LMS_BENCH_USERS users, 100,000 by default) plus as many schools,
 * courses and materials, and the stored classes. Built and run apart:
 * `pnpm exec tsup bench/read-model-memory.ts --format esm --out-dir .memory --no-config &&
 * LMS_BENCH_DRIVERS=pglite node --expose-gc .memory/read-model-memory.js`.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../src/db/client";
import { KeptClassList } from "../src/read-models/list-memory/kept-class-list";
import { KeptCourseList } from "../src/read-models/list-memory/kept-course-list";
import { KeptMaterialList } from "../src/read-models/list-memory/kept-material-list";
import { KeptCourseProgress } from "../src/read-models/progress/kept-course-progress";
import { KeptSchoolList } from "../src/read-models/list-memory/kept-school-list";
import { HeldUserPageRows } from "../src/read-models/users-search/held-user-page-rows";
import { UsersSearchIndex } from "../src/read-models/users-search/users-search-index";
import { courses } from "../src/db/schema";
import { eq } from "drizzle-orm";
import { onEachBenchDatabase } from "./bench-database";

const ROWS = 100_000;

/** The heap and array buffers in use after a full collection, in bytes. */
function used(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error("run with node --expose-gc");
  collect();
  collect();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** What `build` keeps alive, in MB, its result held until measured. */
async function held(build: () => Promise<unknown>): Promise<number> {
  const before = used();
  const kept = await build();
  const after = used();
  if (kept === undefined) throw new Error("nothing kept");
  return (after - before) / 1e6;
}

const mb = (value: number, rows: number) =>
  `${value.toFixed(1)} MB for ${rows.toLocaleString("en")} (${((value * ROWS) / rows).toFixed(1)} MB per 100,000)`;

async function measure(db: Db, users: number, bigCourseId: number) {
  const rows = async <T>(text: string) =>
    ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  // As many schools as rows measured, and the stored classes of the users' grades and sections.
  await db.execute(sql`insert into schools (school_code, school_name, city, province, region, country, created_by)
      select 'M' || lpad(i::text, 6, '0'), 'Memory School ' || i, 'City ' || (i % 80),
             'Province ' || (i % 40), 'Region ' || (i % 17), 'Philippines', 'memory'
        from generate_series(1, ${ROWS}) i`);
  // As many courses, and as many materials in one lesson of the first of them.
  await db.execute(sql`insert into courses (course_name, course_code, grade_level, subject, section,
                                            published, school_id, created_by)
      select 'Memory course ' || i, 'MC' || i, 1 + (i % 12), 'Math', '', true, null, 'memory'
        from generate_series(1, ${ROWS}) i`);
  await db.execute(sql`insert into materials (course_id, element_id, name, type, url, position,
                                              published, created_by)
      select e.course_id, e.id, 'Memory material ' || i, 'link', 'https://example.test/' || i,
             100 + i, true, 'memory'
        from (select id, course_id from course_elements order by id limit 1) e,
             generate_series(1, ${ROWS}) i`);
  const [{ n: schools } = { n: 0 }] = await rows<{ n: number }>(
    "select count(*)::int as n from schools",
  );
  const index = new UsersSearchIndex(db);
  console.log(
    `users' search index: ${mb(await held(async () => ((await index.ready()) ? index : undefined)), users)}`,
  );
  index.close();
  const schoolsList = new KeptSchoolList(db);
  console.log(
    `schools held (ListMemory): ${mb(await held(async () => ((await schoolsList.memoryReady()) ? schoolsList : undefined)), schools)}`,
  );
  schoolsList.close();
  for (const [name, list, table] of [
    ["courses", new KeptCourseList(db), "courses"],
    ["materials", new KeptMaterialList(db), "materials"],
  ] as const) {
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(`select count(*)::int as n from ${table}`);
    const size = await held(async () => ((await list.memoryReady()) ? list : undefined));
    console.log(`${name} held (ListMemory): ${mb(size, n)}`);
    list.close();
  }
  const classes = new KeptClassList(db);
  const everyClass = { page: 1, rowsPerPage: 1, search: "", sortOrder: "asc" as const };
  const classesHeld = await held(async () => {
    // The first page syncs the school year; the list then loads.
    await classes.list(everyClass, [], {}, { schoolId: null, teacherId: null });
    return (await classes.memoryReady()) ? classes : undefined;
  });
  const [{ n: classCount } = { n: 0 }] = await rows<{ n: number }>(
    "select count(*)::int as n from class_list",
  );
  console.log(`classes held (ListMemory): ${mb(classesHeld, classCount)}`);
  classes.close();
  // The records of 50,000 users (the most held), read a page of 2,000 at a time.
  const pageRows = new HeldUserPageRows(db);
  const ids = (await rows<{ id: number }>("select id from users order by id limit 50000")).map(
    (r) => r.id,
  );
  console.log(
    `users' records held (UserRecordTexts): ${mb(
      await held(async () => {
        for (let i = 0; i < ids.length; i += 2_000) await pageRows.records(ids.slice(i, i + 2_000));
        return pageRows;
      }),
      ids.length,
    )}`,
  );
  // The course of 2,000 students: its students, a figure's keys and its rows held (the second
  // page at the same versions holds them).
  const [course] = await db.select().from(courses).where(eq(courses.id, bigCourseId));
  const progress = new KeptCourseProgress(db);
  const scope = { schoolId: null, teacherId: null };
  const input = (page: number) => ({
    page,
    rowsPerPage: 25,
    search: "",
    sortBy: "percent",
    sortOrder: "asc" as const,
  });
  console.log(
    `course progress memory: ${mb(
      await held(async () => {
        for (let page = 1; page <= 3; page += 1) await progress.list(course!, scope, input(page));
        return progress;
      }),
      2_000,
    )}`,
  );
}

void onEachBenchDatabase("read-model-memory", async (_driver, db, populated) => {
  const [{ n } = { n: 0 }] = (
    (await db.execute(sql`select count(*)::int as n from users`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows;
  await measure(db, n, populated.bigCourseId);
});
