import { ROLE_IDS } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf } from "../src/db/client";
import { CLASS_STUDENTS } from "../src/db/seed-classes";
import { ProgressRepository } from "../src/plugins/app/repositories/progress-repository";
import { KeptCourseProgress } from "../src/read-models/progress/kept-course-progress";
import { useTestApp, type FieldValue } from "./helper";

const t = useTestApp();
let sci7: number;
let val7: number;
const tokens: Record<string, string> = {};

interface Row {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  userName: string;
  grade: number;
  section: string;
  done: number;
  total: number;
  percent: number;
  quizAverage: number | null;
  timeSpentSeconds: number;
  lastActivity: string | null;
}

interface Page {
  pagination: { totalcount: number };
  data: Row[];
}

async function addStudent(
  userName: string,
  first: string,
  last: string,
  section: string,
  school: string,
) {
  await t().database.db.execute(sql`
    insert into users (first_name, last_name, user_name, email, role_id, school_id, grade, section)
    values (${first}, ${last}, ${userName}, ${`${userName}@demo.school.ph`}, ${ROLE_IDS.student},
            (select id from schools where school_code = ${school}), 7, ${section})`);
  return t().userId(userName);
}

const list = (token: string, fields: Record<string, FieldValue>, entries?: [string, string][]) =>
  t().call<Page>("progress", "list", fields, { token, ...(entries ? { entries } : {}) });

beforeAll(async () => {
  // The demo classes' students (seed-classes.ts) are left out: this file sets up its own students.
  await t().database.db.execute(
    sql`delete from users where user_name in ${CLASS_STUDENTS.map((s) => s.userName)}`,
  );
  for (const name of ["admin", "schooladmin", "schooladmin2", "teacher", "student", "parent"]) {
    tokens[name] = await t().login(name);
  }
  const courses = await t().call<{ data: { id: number; courseCode: string }[] }>(
    "course",
    "list",
    {},
    { token: tokens.admin },
  );
  sci7 = courses.body.data!.data.find((c) => c.courseCode === "SCI7")!.id;
  val7 = courses.body.data!.data.find((c) => c.courseCode === "VAL7")!.id;
  const ana = await addStudent("ana.zamora", "Ana", "Zamora", "Rizal", "RNHS");
  await addStudent("ben.abad", "Ben", "Abad", "Bonifacio", "RNHS");
  await addStudent("carl.cruz", "Carl", "Cruz", "Rizal", "BIS");

  // Juan (the demo student) finishes the first two materials of Science 7 through the journey.
  const path = await t().call<{ elements: { materials: { id: number; type: string }[] }[] }>(
    "journey",
    "path",
    { courseId: sci7 },
    { token: tokens.student },
  );
  const steps = path.body.data!.elements.flatMap((e) => e.materials);
  for (const step of steps.slice(0, 2)) {
    await t().call("journey", "complete", { materialId: step.id }, { token: tokens.student });
  }
  // Ana finished everything an hour ago, after two quiz attempts (best score 100).
  const quiz = steps.find((s) => s.type === "quiz")!.id;
  for (const step of steps) {
    await t().database.db.execute(sql`
      insert into progress (user_id, material_id, course_id, started_at, last_opened_at, completed_at)
      values (${ana}, ${step.id}, ${sci7}, now() - interval '70 minutes',
              now() - interval '65 minutes', now() - interval '60 minutes')`);
  }
  for (const score of [50, 100]) {
    await t().database.db.execute(sql`
      insert into attempts (material_id, user_id, score, passed, answers)
      values (${quiz}, ${ana}, ${score}, ${score >= 50}, '{}'::jsonb)`);
  }
});

describe("course progress list", () => {
  it("lists every student the course applies to, with completion and quiz results", async () => {
    const answer = await list(tokens.admin!, { courseId: sci7 });
    expect(answer.status, answer.payload).toBe(200);
    const page = answer.body.data!;
    expect(page.pagination.totalcount).toBe(3);
    expect(page.data.map((r) => r.lastName)).toEqual(["Abad", "Dela Cruz", "Zamora"]);
    const [ben, juan, ana] = page.data;
    expect(juan).toMatchObject({
      userName: "student",
      grade: 7,
      section: "Rizal",
      done: 2,
      total: 5,
      percent: 40,
      quizAverage: null,
    });
    expect(juan!.id).toBe(juan!.userId);
    expect(juan!.lastActivity).not.toBeNull();
    expect(ana).toMatchObject({ done: 5, total: 5, percent: 100, quizAverage: 100 });
    expect(ana!.timeSpentSeconds).toBe(5 * 600);
    expect(ben).toMatchObject({
      done: 0,
      percent: 0,
      quizAverage: null,
      timeSpentSeconds: 0,
      lastActivity: null,
    });
  });

  it("sorts, searches and pages", async () => {
    const byPercent = await list(tokens.admin!, {
      courseId: sci7,
      sortBy: "percent",
      sortOrder: "desc",
    });
    expect(byPercent.body.data!.data.map((r) => r.lastName)).toEqual([
      "Zamora",
      "Dela Cruz",
      "Abad",
    ]);
    const byActivity = await list(tokens.admin!, {
      courseId: sci7,
      sortBy: "lastActivity",
      sortOrder: "desc",
    });
    expect(byActivity.body.data!.data.map((r) => r.lastName)).toEqual([
      "Dela Cruz",
      "Zamora",
      "Abad",
    ]);
    const byTime = await list(tokens.admin!, {
      courseId: sci7,
      sortBy: "timeSpentSeconds",
      sortOrder: "asc",
    });
    expect(byTime.body.data!.data[2]!.lastName).toBe("Zamora");
    const search = await list(tokens.admin!, { courseId: sci7, search: "zam" });
    expect(search.body.data!.data.map((r) => r.userName)).toEqual(["ana.zamora"]);
    expect(search.body.data!.pagination.totalcount).toBe(1);
    const second = await list(tokens.admin!, { courseId: sci7, rowsPerPage: 10, page: 2 });
    expect(second.body.data!.data).toEqual([]);
    expect(second.body.data!.pagination.totalcount).toBe(3);
    const bad = await list(tokens.admin!, { courseId: sci7, sortBy: "passwordHash" });
    expect(bad.status).toBe(422);
  });

  it("sorts by the score average and the percentage, with students without a score last (ties by name the same way)", async () => {
    const byScore = await list(tokens.admin!, {
      courseId: sci7,
      sortBy: "quizAverage",
      sortOrder: "desc",
    });
    expect(byScore.body.data!.data.map((r) => `${r.lastName} ${r.quizAverage}`)).toEqual([
      "Zamora 100",
      "Dela Cruz null",
      "Abad null",
    ]);
    const byPercent = await list(tokens.admin!, {
      courseId: sci7,
      sortBy: "percent",
      sortOrder: "asc",
    });
    expect(byPercent.body.data!.data.map((r) => `${r.lastName} ${r.percent}`)).toEqual([
      "Abad 0",
      "Dela Cruz 40",
      "Zamora 100",
    ]);
  });

  it("takes the course as filter[courseId] and requires it", async () => {
    const filtered = await list(tokens.admin!, {}, [
      ["filter[key]", "courseId"],
      ["filter[values][]", String(sci7)],
    ]);
    expect(filtered.body.data!.pagination.totalcount).toBe(3);
    const missing = await list(tokens.admin!, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors![0]).toMatchObject({
      field: "courseId",
      code: "validation.required",
    });
  });

  it("exports every matching row as CSV", async () => {
    const answer = await t().call(
      "progress",
      "export",
      { courseId: sci7, sortBy: "percent", sortOrder: "desc" },
      { token: tokens.schooladmin },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/csv");
    const lines = answer.payload
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain("lastName");
    expect(lines[0]).toContain("quizAverage");
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain("Zamora");
    expect(lines[1]).toContain("100");
  });

  it("keeps each caller to its scope", async () => {
    const teacher = await list(tokens.teacher!, { courseId: sci7 });
    expect(teacher.body.data!.data.map((r) => r.lastName)).toEqual(["Dela Cruz", "Zamora"]);
    const school = await list(tokens.schooladmin!, { courseId: sci7 });
    expect(school.body.data!.pagination.totalcount).toBe(3);
    expect((await list(tokens.schooladmin2!, { courseId: sci7 })).status).toBe(404);
    // A course for every school: each school admin sees its own students only.
    const own = await list(tokens.schooladmin2!, { courseId: val7 });
    expect(own.body.data!.data.map((r) => r.lastName)).toEqual(["Cruz"]);
    const all = await list(tokens.admin!, { courseId: val7 });
    expect(all.body.data!.pagination.totalcount).toBe(4);
    expect((await list(tokens.student!, { courseId: sci7 })).status).toBe(403);
    expect((await list(tokens.parent!, { courseId: sci7 })).status).toBe(403);
  });

  it("answers from the rows it holds, and shows each change at once", async () => {
    const db = t().database.db;
    // A course without SCORM materials: its rows are held from the second page at one version.
    const [scorm] = await rowsOf<{ n: number }>(
      db.execute(sql`select count(*)::int as n from materials
                      where course_id = ${val7} and type = 'scorm'`),
    );
    expect(scorm!.n).toBe(0);
    const ben = await t().userId("ben.abad");
    const benOf = async (token = tokens.admin!) => {
      const answer = await list(token, { courseId: val7 }, [
        ["filter[key]", "courseId"],
        ["filter[values][]", String(val7)],
      ]);
      expect(answer.status).toBe(200);
      return answer.body.data!.data.find((r) => r.userId === ben);
    };
    for (let i = 0; i < 3; i++) expect(await benOf()).toMatchObject({ done: 0, firstName: "Ben" });
    const [material] = await rowsOf<{ id: number }>(
      db.execute(sql`select id from materials where course_id = ${val7} and published
                      order by id limit 1`),
    );
    await db.execute(sql`insert into progress (user_id, material_id, course_id, started_at,
        last_opened_at, completed_at)
      values (${ben}, ${material!.id}, ${val7}, now(), now(), now())`);
    expect(await benOf()).toMatchObject({ done: 1 });
    await db.execute(sql`update users set first_name = 'Benjamin' where id = ${ben}`);
    for (let i = 0; i < 3; i++) expect(await benOf()).toMatchObject({ firstName: "Benjamin" });
    // Another caller's scope at the same versions: its own students only.
    expect(await benOf(tokens.schooladmin2!)).toBeUndefined();
    await db.execute(sql`delete from progress where user_id = ${ben}`);
    await db.execute(sql`update users set first_name = 'Ben' where id = ${ben}`);
    expect(await benOf()).toMatchObject({ done: 0, firstName: "Ben" });
  });

  it("reads no other student's row once a page's rows are held, and the others' when a page needs them", async () => {
    const db = t().database.db;
    const course = (await t().app.repos.courses.find(val7, null))!;
    const everyone = { schoolId: null, teacherId: null };
    const input = (page: number) => ({
      page,
      rowsPerPage: 1,
      sortBy: "lastName",
      sortOrder: "asc" as const,
      search: "",
    });
    const all = await new ProgressRepository(db).list(course, everyone, {
      ...input(1),
      rowsPerPage: 50,
    });
    const schools = await rowsOf<{ id: number; school: number }>(
      db.execute(sql`select id, school_id as school from users
                      where id = any(${sql.param(all.rows.map((r) => r.userId))}::int[])`),
    );
    const schoolOf = new Map(schools.map((s) => [s.id, s.school]));
    const first = schoolOf.get(all.rows[0]!.userId)!;
    const other = all.rows.findIndex((r) => schoolOf.get(r.userId) !== first);
    expect(other).toBeGreaterThan(0);
    const repository = new KeptCourseProgress(db);
    const read = vi.spyOn(
      repository as unknown as { versionedRows: () => unknown },
      "versionedRows",
    );
    const versions = Promise.resolve(await repository.versionsAhead(val7));
    const schoolScope = { schoolId: first, teacherId: null };
    const fromDatabase = vi.spyOn(repository as unknown as { rowsOf: () => unknown }, "rowsOf");
    // Every student's order kept; then rows held from the second page at these versions: the
    // first school's students only.
    await repository.list(course, everyone, input(1), versions);
    for (let i = 0; i < 2; i++) await repository.list(course, schoolScope, input(1), versions);
    expect(read).toHaveBeenCalledTimes(1);
    fromDatabase.mockClear();
    // Every student's first page: its row is held, no other is read.
    const page = await repository.list(course, everyone, input(1), versions);
    expect(page.rows.map((r) => r.userId)).toEqual([all.rows[0]!.userId]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(fromDatabase).not.toHaveBeenCalled();
    // A page of a student of another school: the students not held are read, once.
    const further = await repository.list(course, everyone, input(other + 1), versions);
    expect(further.rows.map((r) => r.userId)).toEqual([all.rows[other]!.userId]);
    expect(read).toHaveBeenCalledTimes(2);
    expect(fromDatabase).not.toHaveBeenCalled();
    expect(further).toEqual(
      await new ProgressRepository(db).list(course, everyone, input(other + 1)),
    );
  });

  it("reads the versions again when they moved while it read the rows to hold", async () => {
    const db = t().database.db;
    const course = (await t().app.repos.courses.find(val7, null))!;
    const scope = { schoolId: null, teacherId: null };
    const input = { page: 1, rowsPerPage: 50, sortOrder: "asc" as const, search: "" };
    const dan = await addStudent("dan.moved", "Dan", "Moved", "Rizal", "RNHS");
    const repository = new KeptCourseProgress(db);
    const before = await repository.versionsAhead(val7);
    const first = await repository.list(course, scope, input, Promise.resolve(before));
    expect(first.rows.map((r) => r.userId)).toContain(dan);
    // The next page at those versions reads the rows to hold: the student is gone by then.
    await db.execute(sql`delete from users where id = ${dan}`);
    const answer = await repository.list(course, scope, input, Promise.resolve(before));
    expect(answer.rows.map((r) => r.userId)).not.toContain(dan);
    expect(answer.total).toBe(first.total - 1);
    expect(answer).toEqual(await new ProgressRepository(db).list(course, scope, input));
  });
});
