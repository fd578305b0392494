import { ROLE_IDS } from "@lms/core";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { buildCourse } from "./support/journey";
import { scormAttemptHelpers, passed2004 } from "./support/scorm-attempts";

/** Issue 15 "Attempts and results": settings, kept attempts, what counts, reset, mark complete. */
const t = useTestApp();
const tokens: Record<string, string> = {};
let juan: number;

beforeAll(async () => {
  for (const name of ["teacher", "student", "schooladmin", "schooladmin2"]) {
    tokens[name] = await t().login(name);
  }
  juan = await t().userId("student");
  // A teacher of the same school whose load is another course (grade 8 Mathematics).
  await t().database.db.execute(sql`
    insert into users (first_name, last_name, user_name, email, role_id, school_id, status,
                       registered, password_hash)
    select 'Rosa', 'Lim', 'rosa.lim', 'rosa.lim@demo.school.ph', ${ROLE_IDS.teacher}, school_id,
           status, registered, password_hash
      from users where user_name = 'teacher'`);
  await t().database.db.execute(sql`
    insert into user_loads (user_id, grade, subject, section)
    values ((select id from users where user_name = 'rosa.lim'), 8, 'Mathematics', 'Rizal')`);
  tokens.otherTeacher = await t().login("rosa.lim");
});

const { scormMaterial, load, loaded, commit, attemptsOf, addAttempt, progressCell, summaryScore } =
  scormAttemptHelpers(t, tokens, () => juan);

describe("SCORM settings on the material", () => {
  it("stores Moodle's defaults, answers them, keeps them on an update that names none", async () => {
    const { id, courseId, name } = await scormMaterial();
    const got = await t().call<{ scorm: unknown }>(
      "material",
      "get",
      { id },
      {
        token: tokens.teacher,
      },
    );
    expect(got.body.data!.scorm).toEqual({
      attemptsAllowed: 0,
      grading: "highest",
      newAttempt: "choose",
      completion: "completed",
      minScore: 75,
    });
    const elementId = (
      await t().call<{ elementId: number }>(
        "material",
        "get",
        { id },
        {
          token: tokens.teacher,
        },
      )
    ).body.data!.elementId;
    const base = { id, courseId, elementId, name, type: "scorm", published: true };
    const set = await t().call<{ scorm: unknown }>(
      "material",
      "update",
      {
        ...base,
        attemptsAllowed: 3,
        grading: "last",
        newAttempt: "auto",
        completion: "score",
        minScore: 60,
      },
      { token: tokens.teacher },
    );
    expect(set.status, set.payload).toBe(200);
    const expected = {
      attemptsAllowed: 3,
      grading: "last",
      newAttempt: "auto",
      completion: "score",
      minScore: 60,
    };
    expect(set.body.data!.scorm).toEqual(expected);
    const renamed = await t().call<{ scorm: unknown }>(
      "material",
      "update",
      { ...base, name: `${name} (2)` },
      { token: tokens.teacher },
    );
    expect(renamed.body.data!.scorm).toEqual(expected);
  });

  it("refuses a value out of range with the field's error, changing nothing", async () => {
    const { id, courseId, name } = await scormMaterial({ attemptsAllowed: 2 });
    const elementId = (
      await t().call<{ elementId: number }>(
        "material",
        "get",
        { id },
        {
          token: tokens.teacher,
        },
      )
    ).body.data!.elementId;
    const base = { id, courseId, elementId, name, type: "scorm", published: true };
    for (const [field, value] of [
      ["attemptsAllowed", 101],
      ["grading", "best"],
      ["minScore", -1],
    ] as const) {
      const bad = await t().call(
        "material",
        "update",
        { ...base, [field]: value },
        {
          token: tokens.teacher,
        },
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors!.map((e) => e.field)).toEqual([field]);
    }
    const got = await t().call<{ scorm: { attemptsAllowed: number } }>(
      "material",
      "get",
      { id },
      {
        token: tokens.teacher,
      },
    );
    expect(got.body.data!.scorm.attemptsAllowed).toBe(2);
  });
});

describe("SCORM attempts", () => {
  it("keeps each attempt whole and refuses one beyond the limit (learner chooses)", async () => {
    const { id } = await scormMaterial({ attemptsAllowed: 2 });
    const first = await loaded(id);
    expect(first).toMatchObject({ attempt: 1, attemptsAllowed: 2, attemptsLeft: 1, review: false });
    expect(first.cmi["cmi.entry"]).toBe("ab-initio");
    expect((await commit(id, first, { ...passed2004("0.5"), "cmi.location": "end" })).status).toBe(
      200,
    );

    // Opened again: the finished attempt in review, nothing the runtime reports is stored.
    const review = await loaded(id);
    expect(review).toMatchObject({ attempt: 1, review: true, canStartNew: true, attemptsLeft: 1 });
    expect(review.cmi).toMatchObject({ "cmi.mode": "review", "cmi.credit": "no-credit" });
    await commit(id, review, { "cmi.score.scaled": "0.1" });
    expect((await attemptsOf(id))[0]!.cmi["cmi.score.scaled"]).toBe("0.5");

    const second = await loaded(id, true);
    expect(second).toMatchObject({ attempt: 2, attemptsLeft: 0, review: false });
    expect(second.cmi).toMatchObject({
      "cmi.entry": "ab-initio",
      "cmi.location": "",
      "cmi.completion_status": "unknown",
      "cmi.mode": "normal",
    });
    await commit(id, second, passed2004("0.9"));
    const rows = await attemptsOf(id);
    expect(rows.map((r) => [r.attempt, r.cmi["cmi.score.scaled"]])).toEqual([
      [1, "0.5"],
      [2, "0.9"],
    ]);
    expect(rows[0]!.cmi["cmi.location"]).toBe("end");

    const last = await loaded(id);
    expect(last).toMatchObject({ attempt: 2, review: true, canStartNew: false, attemptsLeft: 0 });
    const refused = await load(id, true);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("scorm.noAttemptsLeft");
    expect(refused.body.message).toBe("You have used all your attempts at this package.");
    const third = await commit(id, { ...last, attempt: 3 }, passed2004("1"));
    expect(third.status).toBe(409);
    expect(third.body.code).toBe("scorm.noAttemptsLeft");
    expect(await attemptsOf(id)).toHaveLength(2);
  });

  it("starts a new attempt by itself after a finished one when set to", async () => {
    const { id } = await scormMaterial({ newAttempt: "auto" });
    const first = await loaded(id);
    expect(first.attemptsLeft).toBeNull();
    await commit(id, first, passed2004("0.7"));
    // The same session's later commits still go to its attempt.
    await commit(id, first, { "cmi.exit": "normal", "cmi.session_time": "PT1M" }, 2);
    const second = await loaded(id);
    expect(second).toMatchObject({ attempt: 2, review: false, canStartNew: false });
    expect(second.cmi["cmi.entry"]).toBe("ab-initio");
    const rows = await attemptsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cmi["cmi.exit"]).toBe("normal");
  });

  it("refuses a new attempt while the current one is not finished", async () => {
    const { id } = await scormMaterial();
    const first = await loaded(id);
    await commit(id, first, { "cmi.location": "p2", "cmi.exit": "suspend" });
    const refused = await load(id, true);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("scorm.attemptNotFinished");
    const early = await commit(id, { ...first, attempt: 2 }, { "cmi.location": "x" }, 2);
    expect(early.status).toBe(409);
    const resumed = await loaded(id);
    expect(resumed).toMatchObject({ attempt: 1, review: false });
    expect(resumed.cmi).toMatchObject({ "cmi.entry": "resume", "cmi.location": "p2" });
  });

  for (const [grading, expected] of [
    ["highest", 90],
    ["average", 65],
    ["first", 40],
    ["last", 65],
  ] as const) {
    it(`counts the ${grading} attempt's score in Progress and the summary`, async () => {
      const { id, courseId } = await scormMaterial({ grading });
      await addAttempt(id, 1, passed2004("0.4"));
      await addAttempt(id, 2, passed2004("0.9"));
      await addAttempt(id, 3, { "cmi.completion_status": "incomplete" });
      await addAttempt(id, 4, passed2004("0.65"));
      expect((await progressCell(tokens.teacher!, courseId, id)).score).toBe(expected);
      expect(await summaryScore(id, courseId)).toBe(expected);
    });
  }

  it("completes the material only when passed, if the rule asks for it", async () => {
    const { id, courseId } = await scormMaterial({ completion: "passed" });
    const first = await loaded(id);
    const failed = await commit(id, first, {
      "cmi.completion_status": "completed",
      "cmi.success_status": "failed",
      "cmi.score.scaled": "0.3",
    });
    expect(failed.body.data!.state).toBe("inProgress");
    const second = await loaded(id, true);
    const ok = await commit(id, second, passed2004("0.8"));
    expect(ok.body.data!.state).toBe("complete");
    expect((await progressCell(tokens.teacher!, courseId, id)).complete).toBe(true);
  });

  it("completes the material only with the minimum score, if the rule asks for it", async () => {
    const { id } = await scormMaterial({ completion: "score", minScore: 80 });
    const first = await loaded(id);
    const low = await commit(id, first, passed2004("0.79"));
    expect(low.body.data!.state).toBe("inProgress");
    const second = await loaded(id, true);
    const high = await commit(id, second, passed2004("0.8"));
    expect(high.body.data!.state).toBe("complete");
  });
});

describe("a teacher's reset and mark complete", () => {
  const act = (cmd: string, token: string, id: number, userId = juan) =>
    t().call<{ deleted?: number }>("material", cmd, { id, userId }, { token });

  async function auditOf(action: string, id: number) {
    const rows = await t().database.db.execute(sql`
      select module, record_id, record_label, changes, actor_name from audit_log
       where action = ${action} and record_id = ${String(id)}`);
    return (rows as unknown as { rows: Record<string, unknown>[] }).rows;
  }

  it("shows a package that never reported data, and marks it complete with an audit record", async () => {
    const { id, courseId, name } = await scormMaterial();
    await loaded(id);
    expect(await progressCell(tokens.teacher!, courseId, id)).toMatchObject({
      noData: true,
      complete: false,
      attempts: 0,
    });
    const marked = await act("scormcomplete", tokens.teacher!, id);
    expect(marked.status, marked.payload).toBe(200);
    expect(marked.body.message).toBe("The material is marked complete.");
    expect(await progressCell(tokens.teacher!, courseId, id)).toMatchObject({ complete: true });
    const path = await t().call<{ elements: { materials: { id: number; state: string }[] }[] }>(
      "journey",
      "path",
      { courseId },
      { token: tokens.student },
    );
    expect(path.body.data!.elements[0]!.materials[0]).toMatchObject({ id, state: "complete" });
    const [record] = await auditOf("scormcomplete", id);
    expect(record).toMatchObject({
      module: "material",
      // The material's label: its name and course.
      record_label: expect.stringMatching(new RegExp(`^${name} · Journey \\d+$`)),
      actor_name: "teacher",
      changes: { student: "Dela Cruz, Juan (student)", userId: juan },
    });
  });

  it("resets every attempt, makes the material incomplete, and records it", async () => {
    const { id, courseId } = await scormMaterial({ attemptsAllowed: 1 });
    const first = await loaded(id);
    await commit(id, first, passed2004("0.9"));
    expect((await progressCell(tokens.teacher!, courseId, id)).complete).toBe(true);
    expect((await load(id, true)).status).toBe(409);

    const reset = await act("scormreset", tokens.teacher!, id);
    expect(reset.status, reset.payload).toBe(200);
    expect(reset.body.data).toEqual({ deleted: 1 });
    expect(await attemptsOf(id)).toHaveLength(0);
    expect(await progressCell(tokens.teacher!, courseId, id)).toMatchObject({
      complete: false,
      attempts: 0,
      score: null,
    });
    // The limit counts afresh.
    expect(await loaded(id)).toMatchObject({ attempt: 1, review: false });
    const [record] = await auditOf("scormreset", id);
    expect(record).toMatchObject({
      module: "material",
      changes: { student: "Dela Cruz, Juan (student)", userId: juan, deleted: 1 },
    });
  });

  it("is refused outside the caller's scope and to learners", async () => {
    const { id } = await scormMaterial();
    await loaded(id);
    for (const cmd of ["scormreset", "scormcomplete"]) {
      // A teacher whose load is another course, a school admin of another school: not found.
      expect((await act(cmd, tokens.otherTeacher!, id)).status).toBe(404);
      expect((await act(cmd, tokens.schooladmin2!, id)).status).toBe(404);
      expect((await act(cmd, tokens.student!, id)).status).toBe(403);
      // A user who is not a student of the course (above a teacher's authority, too).
      expect((await act(cmd, tokens.teacher!, id, await t().userId("schooladmin"))).status).toBe(
        403,
      );
      expect((await act(cmd, tokens.teacher!, id, await t().userId("teacher"))).status).toBe(403);
    }
    expect(await auditOf("scormcomplete", id)).toHaveLength(0);
    // The school admin of the student's school may.
    expect((await act("scormcomplete", tokens.schooladmin!, id)).status).toBe(200);
  });

  it("refuses a material that is not a SCORM package", async () => {
    const { ids } = await buildCourse(t(), tokens.teacher!, [
      { name: "Unit", materials: [{ name: "Reading", type: "page" }] },
    ]);
    const answer = await act("scormcomplete", tokens.teacher!, ids.Reading!);
    expect(answer.status).toBe(422);
    expect(answer.body.errors![0]!.field).toBe("id");
  });
});
