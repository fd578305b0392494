import { describe, expect, it } from "vitest";
import { useTestApp } from "./helper";
import { classCookie, classServiceFile, fetchContent, pathOf } from "./support/journey";

const t = useTestApp();

describe("journey demo data", () => {
  it("gives the demo student a course with every material type, then a next course", async () => {
    const student = await t().login("student");
    const courses = await t().call<{ course: { id: number; courseCode: string } }[]>(
      "journey",
      "mycourses",
      {},
      { token: student },
    );
    expect(courses.body.data!.map((c) => c.course.courseCode)).toEqual(["SCI7", "VAL7"]);
    const sci7 = courses.body.data![0]!.course.id;
    const steps = await pathOf(t(), student, sci7);
    expect(steps.map((s) => s.type).sort()).toEqual(["file", "link", "page", "quiz", "scorm"]);

    const teacher = await t().login("teacher");
    const quiz = await t().call<{
      quiz: { settings: Record<string, unknown>; questions: { type: string }[] };
    }>(
      "journey",
      "open",
      { materialId: steps.find((s) => s.type === "quiz")!.id },
      {
        token: teacher,
      },
    );
    expect(quiz.body.data!.quiz.settings).toEqual({
      attemptsAllowed: 3,
      timeLimitMinutes: 15,
      passingGrade: 50,
      shuffle: false,
      showCorrectAnswers: true,
    });
    expect(quiz.body.data!.quiz.questions.map((q) => q.type)).toEqual([
      "single",
      "truefalse",
      "multiple",
      "short",
    ]);

    const scorm = steps.find((s) => s.type === "scorm")!;
    const load = await t().call<{ version: string; launchUrl: string }>(
      "journey",
      "scormload",
      { materialId: scorm.id },
      { token: teacher },
    );
    expect(load.body.data).toMatchObject({
      version: "1.2",
      launchUrl: expect.stringMatching(
        new RegExp(`^http://content\\.test/content/[^/]+/${scorm.id}/index\\.html$`),
      ),
    });
    const cookie = await classCookie(t(), "teacher");
    const sco = await fetchContent(t(), load.body.data!.launchUrl);
    expect(sco.statusCode).toBe(200);
    for (const call of [
      "win.API",
      "LMSInitialize",
      "cmi.core.lesson_status",
      "LMSCommit",
      "LMSFinish",
    ]) {
      expect(sco.payload).toContain(call);
    }
    expect(sco.payload).toContain("Mark complete");

    const file = steps.find((s) => s.type === "file")!;
    const pdf = await classServiceFile(
      t(),
      `/webservice/pluginfile.php/${file.id}/course-outline.pdf`,
      cookie,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
