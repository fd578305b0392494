import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { writeZip } from "../src/lib/zip";
import { useTestApp } from "./helper";
import { buildCourse } from "./support/journey";
import { TWO_SCOS_2004, type Load, scormMultiHelpers } from "./support/scorm-multi";

/** Issue 15: packages with several SCOs (table of contents, per-SCO data, rollup). */

const t = useTestApp();
let teacher: string;
let student: string;

beforeAll(async () => {
  teacher = await t().login("teacher");
  student = await t().login("student");
});

const { page, multiCourse, load, commit, rows, stateOf, courseOf } = scormMultiHelpers(t, () => ({
  teacher,
  student,
}));

describe("scormload and scormcommit per SCO", () => {
  it("launches each SCO with its own data and completes the material by the rollup", async () => {
    const { scorm, after } = await multiCourse();
    const first = await load(scorm);
    expect(first.status, first.payload).toBe(200);
    const intro = first.body.data!;
    expect(intro.sco).toBe("sco-intro");
    expect(intro.launchUrl).toContain("content/intro.html?lang=en&part=1");
    expect(intro.cmi["cmi.launch_data"]).toBe("intro");
    expect(intro.toc!.map((e) => [e.id, e.depth, e.launchable, e.state])).toEqual([
      ["module-1", 0, false, "notStarted"],
      ["sco-intro", 1, true, "notStarted"],
      ["glossary", 1, true, "notStarted"],
      ["sco-quiz", 0, true, "notStarted"],
    ]);

    const saved = await commit(
      scorm,
      "sco-intro",
      { "cmi.completion_status": "completed", "cmi.location": "p3" },
      { session: intro.session, seq: 1 },
    );
    expect(saved.status, saved.payload).toBe(200);
    expect(saved.body.data!.state).toBe("inProgress");
    expect(await stateOf(after)).toBe("locked");

    // The quiz SCO starts from its own data: its objective and passing score, not the intro's.
    const quiz = (await load(scorm, "sco-quiz")).body.data!;
    expect(quiz.sco).toBe("sco-quiz");
    expect(quiz.launchUrl).toContain("content/quiz.html");
    expect(quiz.cmi["cmi.scaled_passing_score"]).toBe("0.8");
    expect(quiz.cmi["cmi.objectives.0.id"]).toBe("quiz-passed");
    expect(quiz.cmi["cmi.launch_data"]).toBeUndefined();
    expect(quiz.cmi["cmi.entry"]).toBe("ab-initio");
    expect(quiz.toc!.find((e) => e.id === "sco-intro")!.state).toBe("complete");

    const passed = await commit(
      scorm,
      "sco-quiz",
      { "cmi.completion_status": "completed", "cmi.score.scaled": "0.9" },
      { session: quiz.session, seq: 1 },
    );
    expect(passed.body.data!.state).toBe("complete");
    expect(await stateOf(after)).toBe("open");
    expect(await rows(scorm)).toEqual([
      {
        sco: "",
        cmi: {
          "cmi.completion_status": "completed",
          "cmi.success_status": "passed",
          "cmi.score.scaled": "0.9",
        },
      },
      {
        sco: "sco-intro",
        cmi: { "cmi.completion_status": "completed", "cmi.location": "p3" },
      },
      {
        sco: "sco-quiz",
        cmi: {
          "cmi.completion_status": "completed",
          "cmi.score.scaled": "0.9",
          "cmi.success_status": "passed",
        },
      },
    ]);

    // The teacher's Progress tab reads the rolled-up record.
    const progress = await t().call<{
      data: { userName: string; scorm: { materialId: number; status: string; score: number }[] }[];
    }>("progress", "list", { courseId: await courseOf(scorm) }, { token: teacher });
    const mine = progress.body.data!.data.find((r) => r.userName === "student")!;
    expect(mine.scorm.find((s) => s.materialId === scorm)).toMatchObject({
      status: "passed",
      score: 90,
    });
  });

  it("resumes at the SCO left with suspend, and refuses an unknown SCO", async () => {
    const { scorm } = await multiCourse();
    const quiz = (await load(scorm, "sco-quiz")).body.data!;
    await commit(
      scorm,
      "sco-quiz",
      { "cmi.exit": "suspend", "cmi.location": "q2" },
      { session: quiz.session, seq: 1 },
    );
    const again = (await load(scorm)).body.data!;
    expect(again.sco).toBe("sco-quiz");
    expect(again.cmi).toMatchObject({ "cmi.entry": "resume", "cmi.location": "q2" });

    const unknown = await load(scorm, "nope");
    expect(unknown.status).toBe(422);
    const badCommit = await commit(scorm, "nope", {}, { session: quiz.session, seq: 2 });
    expect(badCommit.status).toBe(422);
  });

  it("refuses at upload a package whose second SCO's page is missing", async () => {
    const zip = await writeZip([
      { path: "imsmanifest.xml", data: Buffer.from(TWO_SCOS_2004) },
      { path: "content/intro.html", data: page("Intro") },
      { path: "content/glossary.html", data: page("Glossary") },
    ]);
    const course = await buildCourse(t(), teacher, [{ name: "Unit", materials: [] }]);
    const answer = await t().call(
      "material",
      "create",
      {
        courseId: course.courseId,
        elementId: course.elementIds.Unit,
        name: "Broken",
        type: "scorm",
        published: true,
      },
      { token: teacher, files: { package: { data: zip, filename: "broken.zip" } } },
    );
    expect(answer.status).toBe(422);
    expect(answer.payload).toContain("materials.scormNoLaunch");
  });

  it("counts an asset complete once launched, and records nothing for staff", async () => {
    const { scorm } = await multiCourse();
    const asset = (await load(scorm, "glossary")).body.data!;
    expect(asset.toc!.find((e) => e.id === "glossary")!.state).toBe("complete");
    const staff = await load(scorm, "sco-quiz", teacher);
    expect(staff.status).toBe(200);
    expect((await rows(scorm)).map((r) => r.sco)).toEqual(["", "glossary"]);
  });
});

describe("attempts of a package with several SCOs", () => {
  const loadAttempt = (materialId: number, fields: Record<string, unknown> = {}) =>
    t().call<Load & { attempt: number; review: boolean; canStartNew: boolean }>(
      "journey",
      "scormload",
      { materialId, ...fields },
      { token: student },
    );
  const commitIn = (
    materialId: number,
    attempt: number,
    sco: string,
    cmi: Record<string, string>,
    session: number,
  ) =>
    t().call<{ state: string }>(
      "journey",
      "scormcommit",
      { materialId, sco, attempt, cmi: JSON.stringify(cmi), session, seq: 1 },
      { token: student },
    );
  async function attemptRows(materialId: number) {
    const result = await t().database.db.execute(
      sql`select attempt, sco, cmi from scorm_attempts where material_id = ${materialId}
           order by attempt, sco`,
    );
    return (
      result as unknown as {
        rows: { attempt: number; sco: string; cmi: Record<string, string> }[];
      }
    ).rows;
  }

  it("starts every SCO afresh in a new attempt, reviews a finished one, counts and resets attempts whole", async () => {
    const { scorm } = await multiCourse();
    await t().database.db.execute(
      sql`update materials set scorm_settings = '{"attemptsAllowed": 2}'::jsonb where id = ${scorm}`,
    );
    const intro = (await loadAttempt(scorm)).body.data!;
    expect(intro).toMatchObject({ attempt: 1, review: false, sco: "sco-intro" });
    await commitIn(
      scorm,
      1,
      "sco-intro",
      { "cmi.completion_status": "completed", "cmi.location": "p3" },
      intro.session,
    );
    const quiz = (await loadAttempt(scorm, { sco: "sco-quiz" })).body.data!;
    expect(quiz.attempt).toBe(1);
    const failed = await commitIn(
      scorm,
      1,
      "sco-quiz",
      {
        "cmi.completion_status": "completed",
        "cmi.score.scaled": "0.5",
        "cmi.interactions.0.id": "q1",
        "cmi.interactions.0.type": "choice",
        "cmi.interactions.0.learner_response": "b",
        "cmi.interactions.0.result": "incorrect",
      },
      quiz.session,
    );
    expect(failed.body.data!.state).toBe("complete");

    // The finished attempt opens in review, per SCO, and records nothing.
    const review = (await loadAttempt(scorm, { sco: "sco-intro" })).body.data!;
    expect(review).toMatchObject({ attempt: 1, review: true, canStartNew: true });
    expect(review.cmi).toMatchObject({
      "cmi.mode": "review",
      "cmi.completion_status": "completed",
    });
    const before = await attemptRows(scorm);
    await commitIn(scorm, 1, "sco-intro", { "cmi.location": "p9" }, review.session);
    expect(await attemptRows(scorm)).toEqual(before);

    // A new attempt: every SCO starts without the first attempt's data.
    const second = (await loadAttempt(scorm, { newAttempt: "1" })).body.data!;
    expect(second).toMatchObject({ attempt: 2, review: false, sco: "sco-intro" });
    expect(second.cmi["cmi.entry"]).toBe("ab-initio");
    expect(second.cmi["cmi.completion_status"]).not.toBe("completed");
    expect(second.toc!.filter((e) => e.launchable).map((e) => e.state)).toEqual([
      "notStarted",
      "notStarted",
      "notStarted",
    ]);
    await commitIn(scorm, 2, "sco-intro", { "cmi.location": "a2" }, second.session);
    expect((await attemptRows(scorm)).map((r) => [r.attempt, r.sco])).toEqual([
      [1, ""],
      [1, "sco-intro"],
      [1, "sco-quiz"],
      [2, ""],
      [2, "sco-intro"],
    ]);
    expect((await attemptRows(scorm)).find((r) => r.attempt === 2 && r.sco === "")!.cmi).toEqual({
      "cmi.completion_status": "incomplete",
      "cmi.success_status": "unknown",
    });

    // Reports count the material's records only: two attempts, not five rows.
    const courseId = await courseOf(scorm);
    const progress = await t().call<{
      data: { userName: string; scorm: { materialId: number; attempts: number }[] }[];
    }>("progress", "list", { courseId }, { token: teacher });
    const mine = progress.body.data!.data.find((r) => r.userName === "student")!;
    expect(mine.scorm.find((s) => s.materialId === scorm)!.attempts).toBe(2);
    const report = await t().call<{ data: { userId: number; attempt: number | null }[] }>(
      "scormreport",
      "list",
      { materialId: scorm },
      { token: teacher },
    );
    const studentId = (
      (await t().database.db.execute(
        sql`select id from users where user_name = 'student'`,
      )) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;
    expect(
      report.body.data!.data.filter((r) => r.userId === studentId).map((r) => r.attempt),
    ).toEqual([1, 2]);
    // The drill-down shows what each SCO reported: the quiz SCO's answer, named by its SCO.
    const drill = await t().call<{
      interactions: { id: string; learnerResponse: string; result: string }[];
    }>(
      "scormreport",
      "get",
      { materialId: scorm, userId: studentId, attempt: 1 },
      { token: teacher },
    );
    expect(drill.status, drill.payload).toBe(200);
    expect(drill.body.data!.interactions).toMatchObject([
      { id: "sco-quiz/q1", learnerResponse: "b", result: "incorrect" },
    ]);

    const reset = await t().call<{ deleted: number }>(
      "material",
      "scormreset",
      { id: scorm, userId: studentId },
      { token: teacher },
    );
    expect(reset.status, reset.payload).toBe(200);
    expect(reset.body.data).toEqual({ deleted: 2 });
    expect(await attemptRows(scorm)).toEqual([]);
  });
});
