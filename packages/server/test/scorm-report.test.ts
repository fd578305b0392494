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

interface AttemptRow {
  id: string;
  userId: number;
  lastName: string;
  attempt: number | null;
  completionStatus: string;
  successStatus: string;
  score: number | null;
  timeSpentSeconds: number;
  lastAccess: string | null;
  interactions: number;
}

const rows = (result: unknown) => (result as { rows: { id: number }[] }).rows;

const addAttempt = (userId: number, attempt: number, seconds: number, cmi: object) =>
  t().database.db.execute(sql`
    insert into scorm_attempts (user_id, material_id, attempt, cmi, total_seconds)
    values (${userId}, ${scorm}, ${attempt}, ${JSON.stringify(cmi)}::jsonb, ${seconds})`);

const list = (token: string, fields: Record<string, unknown> = {}) =>
  t().call<{ pagination: { totalcount: number }; data: AttemptRow[] }>(
    "scormreport",
    "list",
    { materialId: scorm, ...fields },
    { token },
  );

const exportLines = async (token: string, fields: Record<string, unknown>) => {
  const answer = await t().call(
    "scormreport",
    "export",
    { materialId: scorm, ...fields },
    { token },
  );
  expect(answer.status, answer.payload).toBe(200);
  expect(answer.headers["content-type"]).toMatch(/^text\/csv/);
  expect(answer.payload.startsWith("\uFEFF")).toBe(true);
  return answer.payload.slice(1).trimEnd().split("\r\n");
};

/** A user who signs in with the demo password, and a teacher's load. */
async function addUser(userName: string, roleId: number, school: "s1" | "s2") {
  const schoolUser = school === "s1" ? "teacher" : "schooladmin2";
  await t().database.db.execute(sql`
    insert into users (first_name, last_name, user_name, email, role_id, school_id, status,
                       registered, password_hash, password_changed_at)
    select 'Other', 'Teacher', ${userName}, ${`${userName}@demo.school.ph`}, ${roleId},
           school_id, 0, 1, password_hash, now()
      from users where user_name = ${schoolUser}`);
  return t().userId(userName);
}

beforeAll(async () => {
  await t().database.db.execute(
    sql`delete from users where user_name in ${CLASS_STUDENTS.map((s) => s.userName)}`,
  );
  for (const name of ["admin", "teacher", "student", "parent", "schooladmin", "schooladmin2"]) {
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
            (select school_id from users where id = ${juan}), 7, 'Rizal'),
           ('Bea', 'Abad', 'bea.abad', 'bea.abad@demo.school.ph', ${ROLE_IDS.student},
            (select school_id from users where id = ${juan}), 7, 'Rizal')`);
  ana = await t().userId("ana.zamora");
  const inserted = await t().database.db.execute(sql`
    insert into materials (course_id, element_id, name, type, position, published)
    select ${sci7}, e.id, 'Cells (SCORM)', 'scorm',
           (select coalesce(max(position), 0) + 1 from materials where element_id = e.id), true
      from course_elements e where e.course_id = ${sci7} and e.published
     order by e.position desc limit 1
    returning id`);
  scorm = rows(inserted)[0]!.id;
  // Juan: SCORM 2004, a failed first attempt, then a passed one with two interactions.
  await addAttempt(juan, 1, 300, {
    "cmi.completion_status": "completed",
    "cmi.success_status": "failed",
    "cmi.score.scaled": "0.4",
  });
  await addAttempt(juan, 2, 125, {
    "cmi.completion_status": "completed",
    "cmi.success_status": "passed",
    "cmi.score.scaled": "0.85",
    "cmi.objectives.0.id": "obj-cells",
    "cmi.objectives.0.success_status": "passed",
    "cmi.objectives.0.score.scaled": "0.9",
    "cmi.interactions.0.id": "q1",
    "cmi.interactions.0.type": "choice",
    "cmi.interactions.0.description": '=HYPERLINK("x") organelle?',
    "cmi.interactions.0.learner_response": "b",
    "cmi.interactions.0.correct_responses.0.pattern": "b",
    "cmi.interactions.0.result": "correct",
    "cmi.interactions.0.latency": "PT12S",
    "cmi.interactions.0.timestamp": "2026-11-25T09:00:00",
    "cmi.interactions.1.id": "q2",
    "cmi.interactions.1.type": "fill-in",
    "cmi.interactions.1.learner_response": "nucleus",
    "cmi.interactions.1.correct_responses.0.pattern": "mitochondria",
    "cmi.interactions.1.result": "incorrect",
    "cmi.interactions.1.latency": "PT1M",
  });
  // Ana: SCORM 1.2 with one interaction by its 1.2 names.
  await addAttempt(ana, 1, 61, {
    "cmi.core.lesson_status": "failed",
    "cmi.core.score.raw": "60",
    "cmi.interactions.0.id": "tf1",
    "cmi.interactions.0.type": "true-false",
    "cmi.interactions.0.student_response": "t",
    "cmi.interactions.0.correct_responses.0.pattern": "f",
    "cmi.interactions.0.result": "wrong",
    "cmi.interactions.0.latency": "0000:00:07.5",
    "cmi.interactions.0.time": "09:15:02",
  });
});

describe("SCORM report: students × attempts", () => {
  it("lists every attempt of each student, and a student without any once", async () => {
    const answer = await list(tokens.teacher!, { sortBy: "lastName", sortOrder: "asc" });
    expect(answer.status, answer.payload).toBe(200);
    const data = answer.body.data!.data;
    expect(answer.body.data!.pagination.totalcount).toBe(4);
    expect(data.map((r) => [r.lastName, r.attempt])).toEqual([
      ["Abad", null],
      ["Dela Cruz", 1],
      ["Dela Cruz", 2],
      ["Zamora", 1],
    ]);
    expect(data[0]).toMatchObject({ completionStatus: "not attempted", score: null });
    expect(data[2]).toMatchObject({
      userId: juan,
      completionStatus: "completed",
      successStatus: "passed",
      score: 85,
      timeSpentSeconds: 125,
      interactions: 2,
    });
    expect(data[2]!.lastAccess).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data[3]).toMatchObject({
      userId: ana,
      completionStatus: "completed",
      successStatus: "failed",
      score: 60,
      interactions: 1,
    });
  });

  it("sorts, searches and pages by the list protocol", async () => {
    const byScore = await list(tokens.teacher!, { sortBy: "score", sortOrder: "desc" });
    expect(byScore.body.data!.data.map((r) => r.score)).toEqual([85, 60, 40, null]);
    const searched = await list(tokens.teacher!, { search: "zamora" });
    expect(searched.body.data!.data.map((r) => r.lastName)).toEqual(["Zamora"]);
    const paged = await list(tokens.teacher!, { rowsPerPage: 10, page: 2 });
    expect(paged.body.data!.pagination.totalcount).toBe(4);
    expect(paged.body.data!.data).toEqual([]);
    const bad = await list(tokens.teacher!, { sortBy: "cmi" });
    expect(bad.status).toBe(422);
  });

  it("is not found for a material that is not SCORM", async () => {
    const quiz = await t().database.db.execute(sql`
      select id from materials where course_id = ${sci7} and type = 'quiz' limit 1`);
    const answer = await list(tokens.teacher!, { materialId: rows(quiz)[0]!.id });
    expect(answer.status).toBe(404);
  });
});

describe("SCORM report: an attempt's drill-down", () => {
  it("decodes a 2004 attempt's interactions and objectives", async () => {
    const answer = await t().call<Record<string, unknown>>(
      "scormreport",
      "get",
      { materialId: scorm, userId: juan, attempt: 2 },
      { token: tokens.teacher },
    );
    expect(answer.status, answer.payload).toBe(200);
    const data = answer.body.data!;
    expect(data).toMatchObject({
      userId: juan,
      attempt: 2,
      completionStatus: "completed",
      successStatus: "passed",
      score: 85,
      totalSeconds: 125,
    });
    expect(data.interactions).toEqual([
      expect.objectContaining({
        id: "q1",
        type: "choice",
        learnerResponse: "b",
        correctResponses: ["b"],
        result: "correct",
        latencySeconds: 12,
        timestamp: "2026-11-25T09:00:00",
      }),
      expect.objectContaining({ id: "q2", result: "incorrect", latencySeconds: 60 }),
    ]);
    expect(data.objectives).toEqual([
      expect.objectContaining({ id: "obj-cells", successStatus: "passed", score: 90 }),
    ]);
  });

  it("decodes a 1.2 attempt's interactions by their 1.2 names", async () => {
    const answer = await t().call<{ interactions: unknown[]; successStatus: string }>(
      "scormreport",
      "get",
      { materialId: scorm, userId: ana, attempt: 1 },
      { token: tokens.schooladmin },
    );
    expect(answer.status, answer.payload).toBe(200);
    expect(answer.body.data!.successStatus).toBe("failed");
    expect(answer.body.data!.interactions).toEqual([
      expect.objectContaining({
        id: "tf1",
        learnerResponse: "t",
        correctResponses: ["f"],
        result: "incorrect",
        latencySeconds: 7.5,
        timestamp: "09:15:02",
      }),
    ]);
  });

  it("is not found for an attempt that does not exist", async () => {
    const answer = await t().call(
      "scormreport",
      "get",
      { materialId: scorm, userId: juan, attempt: 3 },
      { token: tokens.teacher },
    );
    expect(answer.status).toBe(404);
  });
});

describe("SCORM report: CSV", () => {
  it("exports the attempts with the list's order and columns", async () => {
    const lines = await exportLines(tokens.teacher!, {
      sortBy: "lastName",
      sortOrder: "asc",
      columns: "lastName,attempt,successStatus,score,timeSpentSeconds",
    });
    expect(lines).toEqual([
      "lastName,attempt,successStatus,score,timeSpentSeconds",
      "Abad,,unknown,,0",
      "Dela Cruz,1,failed,40,300",
      "Dela Cruz,2,passed,85,125",
      "Zamora,1,failed,60,61",
    ]);
  });

  it("exports every attempt's interactions of both versions, formulas neutralised", async () => {
    const lines = await exportLines(tokens.teacher!, {
      report: "interactions",
      sortBy: "lastName",
      sortOrder: "asc",
      columns:
        "lastName,attempt,id,description,learnerResponse,correctResponses,result,latencySeconds",
    });
    expect(lines).toEqual([
      "lastName,attempt,id,description,learnerResponse,correctResponses,result,latencySeconds",
      `Dela Cruz,2,q1,"'=HYPERLINK(""x"") organelle?",b,b,correct,12`,
      "Dela Cruz,2,q2,,nucleus,mitochondria,incorrect,60",
      "Zamora,1,tf1,,t,f,incorrect,7.5",
    ]);
  });

  it("exports one attempt's objectives for the drill-down", async () => {
    const lines = await exportLines(tokens.teacher!, {
      report: "objectives",
      userId: juan,
      attempt: 2,
      columns: "userName,attempt,id,successStatus,score",
    });
    expect(lines).toEqual([
      "userName,attempt,id,successStatus,score",
      "student,2,obj-cells,passed,90",
    ]);
  });
});

describe("SCORM report: scope", () => {
  it("lets a global admin and the course's school admin read it", async () => {
    for (const token of [tokens.admin!, tokens.schooladmin!]) {
      const answer = await list(token);
      expect(answer.status, answer.payload).toBe(200);
      expect(answer.body.data!.pagination.totalcount).toBe(4);
    }
  });

  it("refuses another school's admin: the material is not found", async () => {
    expect((await list(tokens.schooladmin2!)).status).toBe(404);
    const detail = await t().call(
      "scormreport",
      "get",
      { materialId: scorm, userId: juan, attempt: 2 },
      { token: tokens.schooladmin2 },
    );
    expect(detail.status).toBe(404);
  });

  it("refuses a teacher without the course in their load, and shows one only their sections", async () => {
    const other = await addUser("teacher.math", ROLE_IDS.teacher, "s1");
    await t().database.db.execute(sql`
      insert into user_loads (user_id, grade, subject, section)
      values (${other}, 7, 'Mathematics', 'Rizal')`);
    const math = await t().login("teacher.math");
    expect((await list(math)).status).toBe(404);
    const exported = await t().call(
      "scormreport",
      "export",
      { materialId: scorm, report: "interactions" },
      { token: math },
    );
    expect(exported.status).toBe(404);

    const bonifacio = await addUser("teacher.bonifacio", ROLE_IDS.teacher, "s1");
    await t().database.db.execute(sql`
      insert into user_loads (user_id, grade, subject, section)
      values (${bonifacio}, 7, 'Science', 'Bonifacio')`);
    const token = await t().login("teacher.bonifacio");
    const answer = await list(token);
    expect(answer.status, answer.payload).toBe(200);
    expect(answer.body.data!.data).toEqual([]);
    const detail = await t().call(
      "scormreport",
      "get",
      { materialId: scorm, userId: juan, attempt: 2 },
      { token },
    );
    expect(detail.status).toBe(404);
  });

  it("refuses students and parents", async () => {
    expect((await list(tokens.student!)).status).toBe(403);
    expect((await list(tokens.parent!)).status).toBe(403);
  });
});

describe("SCORM status in a course summary", () => {
  const summaryOf = async (token: string, userId?: number) => {
    const answer = await t().call<{
      quizzes: { materialId: number; type: string; status?: string | null }[];
    }>("journey", "summary", { courseId: sci7, ...(userId ? { userId } : {}) }, { token });
    expect(answer.status, answer.payload).toBe(200);
    // The seeded SCORM lesson, never opened, has no status.
    const others = answer.body.data!.quizzes.filter(
      (q) => q.type === "scorm" && q.materialId !== scorm,
    );
    expect(others.map((q) => q.status)).toEqual([null]);
    return answer.body.data!.quizzes.find((q) => q.materialId === scorm);
  };

  it("shows the parent their child's latest SCORM status and best score, read-only", async () => {
    expect(await summaryOf(tokens.parent!, juan)).toMatchObject({
      attempts: 2,
      bestScore: 85,
      passed: true,
      status: "passed",
    });
  });

  it("names the latest attempt's completion while no verdict was reported", async () => {
    await addAttempt(juan, 3, 10, { "cmi.completion_status": "incomplete" });
    expect(await summaryOf(tokens.parent!, juan)).toMatchObject({
      attempts: 3,
      bestScore: 85,
      status: "incomplete",
    });
    await t().database.db.execute(
      sql`delete from scorm_attempts where user_id = ${juan} and attempt = 3`,
    );
    expect(await summaryOf(tokens.parent!, juan)).toMatchObject({ status: "passed" });
  });
});
