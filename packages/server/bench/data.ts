/**
 * The benchmark's data set: users with Filipino names in schools of 200 (1,000,000 users in 5,000
 * schools on PostgreSQL, 100,000 in 500 on PGlite), courses with materials, one course with 2,000
 * students and their progress, and the searches run on it.
 */
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/config";
import { prepareDatabase } from "../src/server";
import { startCluster, type PgCluster } from "../test/support/pg-cluster";
import { PG_SHARED_BUFFERS } from "./settings";

/** Users per database (LMS_BENCH_USERS for both, or LMS_BENCH_PG_USERS / LMS_BENCH_PGLITE_USERS). */
export function usersFor(driver: "pglite" | "postgres"): number {
  const own =
    driver === "postgres" ? process.env.LMS_BENCH_PG_USERS : process.env.LMS_BENCH_PGLITE_USERS;
  return Number(
    own ?? process.env.LMS_BENCH_USERS ?? (driver === "postgres" ? 1_000_000 : 100_000),
  );
}
/** Schools of 200 users (LMS_BENCH_SCHOOLS). */
export function schoolsFor(users: number): number {
  return Number(process.env.LMS_BENCH_SCHOOLS ?? Math.max(1, Math.round(users / 200)));
}
/** Students of the course whose progress list is measured. */
export const COURSE_STUDENTS = 2_000;
export const COURSES_PER_SCHOOL = 4;

export const FIRST = [
  "Maria",
  "Jose",
  "Juan",
  "Ana",
  "Mark",
  "Angel",
  "Rosa",
  "Carlo",
  "Liza",
  "Paolo",
  "Grace",
  "Miguel",
  "Joy",
  "Ramon",
  "Bea",
  "Nico",
  "Andrea",
  "Kristine",
  "Jerome",
  "Patricia",
  "Rafael",
  "Camille",
  "Francis",
  "Bianca",
  "Gabriel",
  "Nicole",
  "Adrian",
  "Jasmine",
  "Daniel",
  "Erika",
  "Vincent",
  "Aileen",
  "Christian",
  "Hazel",
  "Dominic",
  "Trisha",
  "Emmanuel",
  "Lorraine",
  "Jericho",
  "Shiela",
];
/** Surnames are built from two parts, so that 100,000 users have some 2,400 surnames. */
export const LAST_START = [
  "Santa",
  "Dela",
  "De",
  "San",
  "Villa",
  "Del",
  "Mar",
  "Cas",
  "Bau",
  "Men",
  "Agui",
  "Nava",
  "Sala",
  "Mer",
  "Oca",
  "Ri",
  "Fer",
  "Tor",
  "Gon",
  "Lo",
  "Pa",
  "Qui",
  "Ro",
  "Ba",
  "Ca",
  "Da",
  "Ga",
  "Ma",
  "Na",
  "Ta",
  "Va",
  "Ya",
  "Za",
  "Bi",
  "Di",
  "Li",
  "Mi",
  "Ni",
  "Pi",
  "Ti",
];
export const LAST_END = [
  "cruz",
  "nueva",
  "ramos",
  "tista",
  "doza",
  "lar",
  "rro",
  "zar",
  "cado",
  "campo",
  "vera",
  "nandez",
  "res",
  "zales",
  "pez",
  "dilla",
  "rino",
  "mero",
  "utista",
  "rcia",
  "sas",
  "ngco",
  "guel",
  "quez",
  "nio",
  "lona",
  "rdo",
  "bal",
  "nte",
  "llo",
  "rado",
  "nito",
  "gas",
  "llas",
  "ñez",
  "gal",
  "to",
  "ra",
  "na",
  "sa",
  "dez",
  "ron",
  "lin",
  "cion",
  "mos",
  "tes",
  "var",
  "des",
  "gues",
  "rez",
  "tos",
  "cio",
  "mar",
  "tan",
  "pin",
  "rin",
  "lan",
  "nal",
  "sal",
  "dal",
];
export const SEARCHES = [
  "san",
  "cruz",
  "dela",
  "mendo",
  "nueva",
  "maria",
  "jose",
  "rivera",
  "user12",
  "navar",
  "ana",
  "ramos",
  "vill",
  "gabriel",
  "lopez",
  "dez",
];

/**
 * Searches every one of which is new to the server (none in SEARCHES, no repeats): 3 to 6 letters
 * cut from the real name parts (first names, both surname parts, whole surnames), so that nothing
 * an earlier request kept can answer them.
 */
export function freshSearches(count = 400): string[] {
  const seen = new Set(SEARCHES);
  const terms: string[] = [];
  const names = [...FIRST, ...LAST_START, ...LAST_END];
  for (let i = 0; terms.length < count && i < 40; i++) {
    names.push(`${LAST_START[(i * 7) % LAST_START.length]}${LAST_END[(i * 11) % LAST_END.length]}`);
  }
  for (const length of [3, 4, 5, 6]) {
    for (const name of names) {
      const lower = name.toLowerCase();
      for (let i = 0; i + length <= lower.length && terms.length < count; i++) {
        const term = lower.slice(i, i + length);
        if (!/^[a-zñ]+$/.test(term) || seen.has(term)) continue;
        seen.add(term);
        terms.push(term);
      }
    }
  }
  return terms;
}

/** A throwaway cluster for a bench, its buffers sized for the users (LMS_BENCH_PG_SHARED_BUFFERS). */
export function startBenchCluster(): Promise<PgCluster> {
  return startCluster({ sharedBuffers: PG_SHARED_BUFFERS });
}

/** The bench's database in a throwaway cluster: created, and its URL by the Unix socket or TCP. */
export async function createBenchDatabase(cluster: PgCluster, tcp = false): Promise<string> {
  const admin = new pg.Client({ connectionString: cluster.url("postgres") });
  await admin.connect();
  await admin.query("create database lms_bench");
  await admin.end();
  return tcp ? cluster.url("lms_bench") : cluster.socketUrl("lms_bench");
}

export interface Populated {
  seconds: number;
  /** The course of COURSE_STUDENTS students (progress list). */
  bigCourseId: number;
}

/**
 * Fills the database in a few statements: schools, users (one precomputed password hash), courses
 * with an element and two materials each, and a course of COURSE_STUDENTS students with progress.
 * The users' secondary indexes are built after the rows (far faster than row by row) and the
 * change trigger is held off while loading.
 */
export async function populate(
  databaseUrl: string | null,
  dataDir: string,
  users: number,
  schoolCount: number,
): Promise<Populated> {
  const started = Date.now();
  const config = { ...loadConfig({}), databaseUrl, dataDir, seedDemo: true };
  const { database } = await prepareDatabase(config);
  const db = database.db;
  const run = (text: string) => db.execute(sql.raw(text));
  const rows = async <T>(text: string) =>
    ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const passwordHash = await hash("Bench@2026!");
  const first = `(array[${FIRST.map((n) => `'${n}'`).join(",")}])`;
  const start = `(array[${LAST_START.map((n) => `'${n}'`).join(",")}])`;
  const end = `(array[${LAST_END.map((n) => `'${n}'`).join(",")}])`;
  await run(`insert into schools (school_code, school_name, city, province, region, country, created_by)
      select 'B' || lpad(i::text, 5, '0'), 'Bench School ' || i, 'City ' || (i % 80), 'Province ' || (i % 40),
             'Region ' || (i % 17), 'Philippines', 'bench'
        from generate_series(1, ${schoolCount}) i`);
  const [{ min } = { min: 3 }] = await rows<{ min: number }>(
    `select min(id)::int as min from schools where created_by = 'bench'`,
  );
  const indexes = await rows<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'users' and indexname <> 'users_pkey'`,
  );
  for (const index of indexes) await run(`drop index "${index.name}"`);
  await run(`alter table users disable trigger users_changed`);
  const batch = databaseUrl ? 100_000 : 20_000;
  for (let from = 1; from <= users; from += batch) {
    const to = Math.min(users, from + batch - 1);
    await run(`insert into users (first_name, last_name, user_name, email, role_id, school_id, status,
                                  registered, grade, section, learning_reference_number, school_year_from,
                                  password_hash, created_by, created_at, updated_at)
        select ${first}[1 + (((i::bigint * 7919) % 104729) % ${FIRST.length})::int],
               ${start}[1 + (((i::bigint * 6151) % 99991) % ${LAST_START.length})::int]
                 || ${end}[1 + (((i::bigint * 3571) % 65537) % ${LAST_END.length})::int],
               'user' || i, 'user' || i || '@bench.test', 5, ${min} + (i % ${schoolCount}), i % 2, 1,
               1 + (i % 12), 'S' || (i % 5), lpad(i::text, 12, '0'), 2026, '${passwordHash}', 'bench',
               now() - (i || ' seconds')::interval,
               case when i % 3 = 0 then now() - (i % 9973 || ' minutes')::interval end
          from generate_series(${from}, ${to}) i`);
  }
  // The course of COURSE_STUDENTS students: grade 7, section Big of the first bench school.
  await run(`insert into users (first_name, last_name, user_name, email, role_id, school_id, status,
                                registered, grade, section, school_year_from, password_hash, created_by)
      select ${first}[1 + (i % ${FIRST.length})], ${start}[1 + (i % ${LAST_START.length})] || ${end}[1 + ((i * 7) % ${LAST_END.length})],
             'big' || i, 'big' || i || '@bench.test', 5, ${min}, 1, 1, 7, 'Big', 2026, '${passwordHash}', 'bench'
        from generate_series(1, ${COURSE_STUDENTS}) i`);
  await run(`alter table users enable trigger users_changed`);
  await run(`update change_counters set version = version + 1 where name = 'users'`);
  for (const index of indexes) await run(index.definition);
  await run(`insert into courses (course_name, course_code, grade_level, subject, section, published,
                                  school_id, created_by)
      select 'Course ' || s.id || '-' || c, 'C' || s.id || '-' || c, 1 + ((s.id + c) % 12),
             (array['Math','Science','English','Filipino'])[c], '', true, s.id, 'bench'
        from schools s cross join generate_series(1, ${COURSES_PER_SCHOOL}) c
       where s.created_by = 'bench'`);
  const [{ id: bigCourseId } = { id: 0 }] = await rows<{ id: number }>(
    `insert into courses (course_name, course_code, grade_level, subject, section, published, school_id, created_by)
     values ('Big course', 'BIG-1', 7, 'Math', 'Big', true, ${min}, 'bench') returning id`,
  );
  await run(`insert into course_elements (course_id, name, type, position, published, created_by)
      select id, 'Lesson 1', 'lesson', 1, true, 'bench' from courses where created_by = 'bench'`);
  await run(`insert into materials (course_id, element_id, name, type, url, position, published, created_by)
      select e.course_id, e.id, 'Material ' || m || ' of ' || e.course_id, 'link',
             'https://example.test/' || m, m, true, 'bench'
        from course_elements e cross join generate_series(1, 2) m where e.created_by = 'bench'`);
  await run(`insert into progress (user_id, material_id, course_id, started_at, last_opened_at, completed_at, created_by)
      select u.id, m.id, m.course_id, now() - interval '2 days', now() - interval '1 day',
             case when u.id % 2 = 0 then now() - interval '1 day' end, 'bench'
        from users u join materials m on m.course_id = ${bigCourseId}
       where u.school_id = ${min} and u.section = 'Big'`);
  // The visibility map lets far pages skip entries of an index without reading the rows.
  await run("vacuum analyze");
  // The pages written by then are flushed now, not by a checkpoint during a timed load.
  await run("checkpoint");
  if (databaseUrl) {
    // The users' table and primary key in PostgreSQL's buffers, as a database answering a division
    // for a while holds them (its shared_buffers sized for them, docs/DEPLOYMENT.md): read back
    // after the load, half a page's records came from the operating system's cache, each a read
    // of its own (a quarter of PostgreSQL's time for a new user search).
    await run("create extension if not exists pg_prewarm");
    await run("select pg_prewarm('users'), pg_prewarm('users_pkey')");
  }
  await database.close();
  return { seconds: (Date.now() - started) / 1000, bigCourseId };
}
