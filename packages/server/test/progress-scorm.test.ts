import { ROLE_IDS } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CLASS_STUDENTS } from "../src/db/seed-classes";
import { useTestApp } from "./helper";

const t = useTestApp();
const tokens: Record<string, string> = {};
let sci7: number;
let scorm: number;
let juan: number;
let ana: number;

interface Row {
  lastName: string;
  quizAverage: number | null;
  scorm: { materialId: number; name: string; status: string | null; score: number | null }[];
}

interface SummaryQuiz {
  materialId: number;
  type: string;
  attempts: number;
  bestScore: number | null;
  passed: boolean | null;
}

const addAttempt = (userId: number, attempt: number, cmi: Record<string, string>) =>
  t().database.db.execute(sql`
    insert into scorm_attempts (user_id, material_id, attempt, cmi)
    values (${userId}, ${scorm}, ${attempt}, ${JSON.stringify(cmi)}::jsonb)`);

const summaryOf = async (token: string, userId?: number) => {
  const answer = await t().call<{ quizzes: SummaryQuiz[] }>(
    "journey",
    "summary",
    { courseId: sci7, ...(userId ? { userId } : {}) },
    { token },
  );
  expect(answer.status, answer.payload).toBe(200);
  return answer.body.data!.quizzes;
};

beforeAll(async () => {
  await t().database.db.execute(
    sql`delete from users where user_name in ${CLASS_STUDENTS.map((s) => s.userName)}`,
  );
  for (const name of ["admin", "teacher", "student", "parent"]) {
    tokens[name] = await t().login(name);
  }
  const courses = await t().call<{ data: { id: number; courseCode: string }[] }>(
    "course",
    "list",
    {},
    { token: tokens.admin },
  );
  sci7 = courses.body.data!.data.find((c) => c.courseCode === "SCI7")!.id;
  juan = await t().userId("student");
  await t().database.db.execute(sql`
    insert into users (first_name, last_name, user_name, email, role_id, school_id, grade, section)
    values ('Ana', 'Zamora', 'ana.zamora', 'ana.zamora@demo.school.ph', ${ROLE_IDS.student},
            (select school_id from users where id = ${juan}), 7, 'Rizal')`);
  ana = await t().userId("ana.zamora");
  // A published SCORM material at the end of Science 7's last published element.
  const inserted = await t().database.db.execute(sql`
    insert into materials (course_id, element_id, name, type, position, published)
    select ${sci7}, e.id, 'Cells (SCORM)', 'scorm',
           (select coalesce(max(position), 0) + 1 from materials where element_id = e.id), true
      from course_elements e where e.course_id = ${sci7} and e.published
     order by e.position desc limit 1
    returning id`);
  scorm = (inserted as unknown as { rows: { id: number }[] }).rows[0]!.id;
  // Juan: SCORM 2004, a failed first attempt at 0.4 then a passed one at 0.85.
  await addAttempt(juan, 1, {
    "cmi.completion_status": "completed",
    "cmi.success_status": "failed",
    "cmi.score.scaled": "0.4",
  });
  await addAttempt(juan, 2, {
    "cmi.completion_status": "completed",
    "cmi.success_status": "passed",
    "cmi.score.scaled": "0.85",
    "cmi.score.raw": "17",
  });
  // Ana: SCORM 1.2, failed with raw 60, and a quiz with best score 100.
  await addAttempt(ana, 1, { "cmi.core.lesson_status": "failed", "cmi.core.score.raw": "60" });
  const quiz = await t().database.db.execute(sql`
    select m.id from materials m join course_elements e on e.id = m.element_id
     where m.course_id = ${sci7} and m.type = 'quiz' and m.published and e.published limit 1`);
  const quizId = (quiz as unknown as { rows: { id: number }[] }).rows[0]!.id;
  await t().database.db.execute(sql`
    insert into attempts (material_id, user_id, score, passed, answers)
    values (${quizId}, ${ana}, 100, true, '{}'::jsonb)`);
});

describe("SCORM results in course progress", () => {
  it("counts each student's best SCORM score in the score average beside quizzes", async () => {
    const answer = await t().call<{ data: Row[] }>(
      "progress",
      "list",
      { courseId: sci7 },
      { token: tokens.teacher },
    );
    expect(answer.status, answer.payload).toBe(200);
    const rows = answer.body.data!.data;
    expect(rows.find((r) => r.lastName === "Dela Cruz")!.quizAverage).toBe(85);
    expect(rows.find((r) => r.lastName === "Zamora")!.quizAverage).toBe(80);
  });

  it("shows each SCORM material's status (latest attempt) and best score per student", async () => {
    const answer = await t().call<{ data: Row[] }>(
      "progress",
      "list",
      { courseId: sci7 },
      { token: tokens.teacher },
    );
    const rows = answer.body.data!.data;
    // The seeded course has a SCORM lesson too, not attempted: listed first, without a result.
    const juanScorm = rows.find((r) => r.lastName === "Dela Cruz")!.scorm;
    expect(juanScorm).toHaveLength(2);
    expect(juanScorm[0]).toMatchObject({ status: null, score: null });
    expect(juanScorm[1]).toEqual({
      materialId: scorm,
      name: "Cells (SCORM)",
      status: "passed",
      score: 85,
      attempts: 2,
      complete: false,
      noData: false,
    });
    expect(rows.find((r) => r.lastName === "Zamora")!.scorm[1]).toEqual({
      materialId: scorm,
      name: "Cells (SCORM)",
      status: "failed",
      score: 60,
      attempts: 1,
      complete: false,
      noData: false,
    });
  });

  it("exports the same average", async () => {
    const answer = await t().call(
      "progress",
      "export",
      { courseId: sci7, columns: "lastName,quizAverage,scorm" },
      { token: tokens.teacher },
    );
    expect(answer.status, answer.payload).toBe(200);
    const lines = answer.payload
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines.find((l) => l.startsWith("Dela Cruz,85,"))).toMatch(
      /: not attempted; Cells \(SCORM\): passed, 85%"$/,
    );
    expect(lines.find((l) => l.startsWith("Zamora,80,"))).toMatch(
      /: not attempted; Cells \(SCORM\): failed, 60%"$/,
    );
  });

  it("shows the SCORM best score and pass/fail in the student's summary", async () => {
    const own = (await summaryOf(tokens.student!)).find((q) => q.materialId === scorm);
    expect(own).toEqual({
      materialId: scorm,
      name: "Cells (SCORM)",
      type: "scorm",
      attempts: 2,
      bestScore: 85,
      passed: true,
      status: "passed",
    });
    // Read-only for the parent and the teacher.
    const parent = (await summaryOf(tokens.parent!, juan)).find((q) => q.materialId === scorm);
    expect(parent).toMatchObject({ bestScore: 85, passed: true });
    const staff = (await summaryOf(tokens.teacher!, ana)).find((q) => q.materialId === scorm);
    expect(staff).toMatchObject({ attempts: 1, bestScore: 60, passed: false });
  });

  it("shows no verdict while the package reported neither passed nor failed", async () => {
    await t().database.db.execute(sql`delete from scorm_attempts where user_id = ${ana}`);
    await addAttempt(ana, 1, { "cmi.core.lesson_status": "completed" });
    const staff = (await summaryOf(tokens.teacher!, ana)).find((q) => q.materialId === scorm);
    expect(staff).toMatchObject({ attempts: 1, bestScore: null, passed: null });
  });
});
