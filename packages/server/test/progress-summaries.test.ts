import { readFileSync } from "node:fs";
import { ROLE_IDS } from "@lms/core";
import { eq, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../src/db/client";
import { materials } from "../src/db/schema";
import type { ProgressScope } from "../src/plugins/app/repositories/progress-repository";
import { KeptCourseProgress } from "../src/read-models/progress/kept-course-progress";
import { useTestApp } from "./helper";
import {
  expectSameProgressLists,
  expectSummaryRows as expectSummaryRowsOf,
} from "./support/progress-derived";

/**
 * Issue 14: the progress list sorts by per (course, student) summaries kept by the database's
 * triggers (migration 0020) instead of aggregating every student per request. After each change a
 * school makes, every sort both ways, every page and a search must give what the aggregation over
 * the progress, attempts and SCORM attempts rows gives (test/support/progress-derived.ts).
 */
const t = useTestApp();
const db = () => t().database.db;
const run = (query: SQL) => db().execute(query);
const rows = <T = Record<string, unknown>>(query: SQL) => rowsOf<T>(db().execute(query));

let courseId: number;
let sectionCourseId: number;
let teacherId: number;
const students: Record<string, number> = {};
const mats: Record<string, number> = {};
let elementA: number;
let elementB: number;

const SCOPES: ProgressScope[] = [
  { schoolId: null, teacherId: null },
  { schoolId: 1, teacherId: null },
];

const expectSummaryRows = () => expectSummaryRowsOf(db());
const expectSameLists = (id: number, scopes = SCOPES) => expectSameProgressLists(db(), id, scopes);

async function expectCurrent() {
  await expectSummaryRows();
  await expectSameLists(courseId, [...SCOPES, { schoolId: 1, teacherId }]);
  // A course without SCORM materials: its pages are read in one round trip while nothing moved.
  await expectSameLists(sectionCourseId, [...SCOPES, { schoolId: 1, teacherId }]);
}

const scormCmi = (score: number | null, status = "completed") =>
  JSON.stringify({
    "cmi.completion_status": status,
    ...(score === null ? {} : { "cmi.score.raw": String(score) }),
  });

beforeAll(async () => {
  teacherId = await t().userId("teacher");
  const [school] = await rows<{ id: number }>(sql`select id from schools where id = 1`);
  expect(school).toBeDefined();
  const add = async (userName: string, first: string, last: string, section: string) => {
    const [row] = await rows<{ id: number }>(sql`
      insert into users (first_name, last_name, user_name, email, role_id, school_id, grade, section)
      values (${first}, ${last}, ${userName}, ${`${userName}@sum.test`}, ${ROLE_IDS.student}, 1, 11,
              ${section}) returning id`);
    students[userName] = row!.id;
  };
  // Ties on names and figures, so the secondary orders count.
  await add("s.ana", "Ana", "Zamora", "Luna");
  await add("s.ana2", "Ana", "Zamora", "Luna");
  await add("s.ben", "Ben", "abad", "Luna");
  await add("s.carl", "Carl", "Cruz", "Mabini");
  await add("s.dina", "Dina", "Cruz", "Luna");
  await add("s.eli", "Eli", "Ybanez", "Mabini");
  await add("s.fe", "Fe", "Lim", "Luna");
  await add("s.gus", "Gus", "Zzyzx", "Mabini");
  await run(sql`insert into user_loads (user_id, grade, subject, section)
    values (${teacherId}, 11, 'Summaries', 'luna')`);
  const [course] = await rows<{ id: number }>(sql`
    insert into courses (course_name, course_code, grade_level, subject, section, published, school_id)
    values ('Summaries', 'SUM11', 11, 'Summaries', '', true, 1) returning id`);
  courseId = course!.id;
  const [other] = await rows<{ id: number }>(sql`
    insert into courses (course_name, course_code, grade_level, subject, section, published, school_id)
    values ('Summaries Luna', 'SUM11L', 11, 'Summaries', 'Luna', true, 1) returning id`);
  sectionCourseId = other!.id;
  const element = async (course: number, position: number) => {
    const [row] = await rows<{ id: number }>(sql`
      insert into course_elements (course_id, name, type, position, published)
      values (${course}, ${`Lesson ${position}`}, 'lesson', ${position}, true) returning id`);
    return row!.id;
  };
  elementA = await element(courseId, 1);
  elementB = await element(courseId, 2);
  const elementL = await element(sectionCourseId, 1);
  const material = async (name: string, element: number, course: number, type: string) => {
    const [row] = await rows<{ id: number }>(sql`
      insert into materials (course_id, element_id, name, type, position, published, scorm_settings)
      values (${course}, ${element}, ${name}, ${type}, ${Object.keys(mats).length + 1}, true,
              ${type === "scorm" ? sql`'{"grading":"highest"}'::jsonb` : sql`'{}'::jsonb`})
      returning id`);
    mats[name] = row!.id;
  };
  await material("link1", elementA, courseId, "link");
  await material("link2", elementA, courseId, "link");
  await material("quiz1", elementA, courseId, "quiz");
  await material("scorm1", elementB, courseId, "scorm");
  await material("link3", elementB, courseId, "link");
  await material("lunaLink", elementL, sectionCourseId, "link");
  await material("lunaQuiz", elementL, sectionCourseId, "quiz");
});

describe("progress summaries (migration 0020)", () => {
  it("give the aggregated list after every change a school makes", async () => {
    const repository = new KeptCourseProgress(db());
    const material = async (name: string) => {
      const [row] = await db().select().from(materials).where(eq(materials.id, mats[name]!));
      return row!;
    };
    await expectCurrent();

    // Students open and complete materials (the journey's statements).
    for (const [user, names] of [
      ["s.ana", ["link1", "link2", "link3"]],
      ["s.ana2", ["link1"]],
      ["s.ben", ["link1", "link2"]],
      ["s.carl", ["link2"]],
      ["s.dina", ["link1", "lunaLink"]],
    ] as const) {
      for (const name of names) {
        await repository.recordOpen(students[user]!, await material(name), "test");
        await repository.recordComplete(db(), students[user]!, await material(name), "test");
      }
    }
    await repository.recordOpen(students["s.eli"]!, await material("link3"), "test");
    // Time spent: the started and last opened times differ per student.
    await run(sql`update progress set started_at = last_opened_at - (user_id % 7) * interval '13 minutes 7 seconds',
      completed_at = completed_at + (material_id % 3) * interval '1 second'`);
    await expectCurrent();

    // A student uncompletes a material, another completes one in a bulk statement.
    await run(sql`update progress set completed_at = null
      where user_id = ${students["s.ana"]!} and material_id = ${mats.link3!}`);
    await run(sql`insert into progress (user_id, material_id, course_id, completed_at)
      select u, ${mats.link3!}, ${courseId}, now() from unnest(${sql.raw(
        `array[${students["s.fe"]!}, ${students["s.gus"]!}]`,
      )}::int[]) u`);
    await expectCurrent();

    // Quizzes are taken (best score counts), SCORM reports its score and time.
    const attempt = (user: string, quiz: string, number: number, score: number) =>
      run(sql`insert into attempts (material_id, user_id, number, score, passed, answers)
        values (${mats[quiz]!}, ${students[user]!}, ${number}, ${score}, ${score >= 75}, '{}')`);
    await attempt("s.ana", "quiz1", 1, 60);
    await attempt("s.ana", "quiz1", 2, 85);
    await attempt("s.ben", "quiz1", 1, 85);
    await attempt("s.carl", "quiz1", 1, 40);
    await attempt("s.dina", "lunaQuiz", 1, 90);
    await expectCurrent();
    const scorm = (user: string, number: number, score: number | null, seconds: number) =>
      run(sql`insert into scorm_attempts (user_id, material_id, attempt, cmi, total_seconds)
        values (${students[user]!}, ${mats.scorm1!}, ${number}, ${scormCmi(score)}::jsonb, ${seconds})
        on conflict (user_id, material_id, attempt, sco) do update set cmi = excluded.cmi,
          total_seconds = excluded.total_seconds`);
    await scorm("s.ana", 1, 70, 100);
    await scorm("s.ben", 1, null, 50);
    await scorm("s.eli", 1, 55, 20);
    await repository.recordOpen(students["s.ben"]!, await material("scorm1"), "test");
    await expectCurrent();
    await scorm("s.ben", 1, 95, 80);
    await scorm("s.ana", 2, 100, 60);
    await run(sql`update progress set last_opened_at = last_opened_at + interval '5 minutes'
      where user_id = ${students["s.ben"]!} and material_id = ${mats.scorm1!}`);
    await expectCurrent();
    // The SCORM material's grading changes: its score is now the first attempt's.
    await run(sql`update materials set scorm_settings = '{"grading":"first"}'::jsonb
      where id = ${mats.scorm1!}`);
    await expectCurrent();
    // The migration's own filling of the summaries from the rows gives them back the same.
    const migration = readFileSync(
      new URL("../drizzle/0020_progress_summaries.sql", import.meta.url),
      "utf8",
    );
    const fill = migration.split("--> statement-breakpoint").at(-1)!;
    const before = await rows(sql`select * from progress_summaries order by course_id, user_id`);
    expect(before.length).toBeGreaterThan(5);
    await run(sql`delete from progress_summaries`);
    await run(sql.raw(fill));
    expect(await rows(sql`select * from progress_summaries order by course_id, user_id`)).toEqual(
      before,
    );
    await expectCurrent();

    // A quiz attempt is removed (a teacher resets it).
    await run(sql`delete from attempts where user_id = ${students["s.ana"]!} and number = 2`);
    await expectCurrent();

    // Students leave the course's class: grade change, section change (the section course and
    // the teacher's load), then a deletion.
    await run(sql`update users set grade = 12 where id = ${students["s.carl"]!}`);
    await expectCurrent();
    await run(sql`update users set section = 'Mabini' where id = ${students["s.dina"]!}`);
    await expectCurrent();
    await run(sql`delete from users where id = ${students["s.ana2"]!}`);
    await expectCurrent();
    await run(sql`update users set grade = 11 where id = ${students["s.carl"]!}`);
    await expectCurrent();

    // Materials are unpublished, an element too, a material deleted, then published back.
    await run(sql`update materials set published = false where id = ${mats.link1!}`);
    await expectCurrent();
    await run(sql`update course_elements set published = false where id = ${elementB}`);
    await expectCurrent();
    await run(sql`update course_elements set published = true where id = ${elementB}`);
    await run(sql`update materials set published = true where id = ${mats.link1!}`);
    await expectCurrent();
    await run(sql`delete from materials where id = ${mats.quiz1!}`);
    await expectCurrent();
    await run(sql`delete from materials where id = ${mats.scorm1!}`);
    await expectCurrent();
    await run(sql`update materials set published = false where course_id = ${courseId}`);
    await expectCurrent();
    await run(sql`update materials set published = true where course_id = ${courseId}`);
    await expectCurrent();
    // A whole element goes (its materials by cascade), then the section course.
    await run(sql`delete from course_elements where id = ${elementA}`);
    await expectCurrent();
    await run(sql`delete from courses where id = ${sectionCourseId}`);
    await expectSummaryRows();
    await expectSameLists(courseId);
  }, 300_000);
});
