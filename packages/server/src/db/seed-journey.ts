import { and, eq } from "drizzle-orm";
import type { FileStorage } from "../lib/storage";
import type { Db } from "./client";
import { courses, materialFiles, materials, questions, quizzes } from "./schema";

const SEED = "teacher";

/**
 * The launch page of the demo SCORM 1.2 package: it finds the portal's runtime (window.API of a
 * parent frame), starts a session, and its "Mark complete" button reports the lesson completed.
 */
export const DEMO_SCO_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Matter interactive</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem; line-height: 1.5; }
button { font-size: 1rem; padding: 0.5rem 1rem; }
</style>
</head>
<body>
<h1>Matter interactive</h1>
<p>Matter comes in three states: solids keep their shape, liquids take the shape of their
container, and gases fill all the space they are given.</p>
<p id="status" role="status"></p>
<button type="button" id="done">Mark complete</button>
<script>
(function () {
  function findApi(win) {
    for (var hops = 0; win && hops < 10; hops++) {
      if (win.API) return win.API;
      if (!win.parent || win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  var api = findApi(window.parent) || (window.opener ? findApi(window.opener) : null);
  var status = document.getElementById("status");
  var button = document.getElementById("done");
  if (!api) {
    status.textContent = "No SCORM runtime found: open this lesson from the course.";
    button.disabled = true;
    return;
  }
  api.LMSInitialize("");
  var lessonStatus = api.LMSGetValue("cmi.core.lesson_status");
  if (lessonStatus === "" || lessonStatus === "not attempted") {
    api.LMSSetValue("cmi.core.lesson_status", "incomplete");
    api.LMSCommit("");
  }
  status.textContent = "Status: " + api.LMSGetValue("cmi.core.lesson_status");
  var started = Date.now();
  var finished = false;
  function pad(n, width) {
    n = String(n);
    while (n.length < width) n = "0" + n;
    return n;
  }
  function sessionTime() {
    var s = Math.round((Date.now() - started) / 1000);
    return pad(Math.floor(s / 3600), 4) + ":" + pad(Math.floor((s % 3600) / 60), 2) + ":" + pad(s % 60, 2);
  }
  function finish() {
    if (finished) return;
    finished = true;
    api.LMSSetValue("cmi.core.session_time", sessionTime());
    api.LMSCommit("");
    api.LMSFinish("");
  }
  button.addEventListener("click", function () {
    api.LMSSetValue("cmi.core.lesson_status", "completed");
    api.LMSSetValue("cmi.core.lesson_location", "end");
    api.LMSCommit("");
    status.textContent = "Status: completed";
    button.disabled = true;
    finish();
  });
  window.addEventListener("pagehide", finish);
})();
</script>
</body>
</html>
`;

/**
 * Journey demo data over the demo courses (seed.ts): Science 7 already holds a page, a link, a
 * PDF, a SCORM 1.2 package and a quiz, and Values Education 7 follows it for the demo student.
 * This gives the package a SCO that talks to the runtime, and the quiz one question of each type
 * and every setting.
 */
export async function seedJourney(db: Db, options: { storage: FileStorage }) {
  const [science] = await db.select().from(courses).where(eq(courses.courseCode, "SCI7")).limit(1);
  if (!science) return;
  const inCourse = async (name: string) => {
    const [row] = await db
      .select()
      .from(materials)
      .where(and(eq(materials.courseId, science.id), eq(materials.name, name)))
      .limit(1);
    return row;
  };

  const scorm = await inCourse("Matter interactive");
  if (scorm) {
    const [page] = await db
      .select()
      .from(materialFiles)
      .where(and(eq(materialFiles.materialId, scorm.id), eq(materialFiles.path, "index.html")))
      .limit(1);
    if (page) {
      const data = Buffer.from(DEMO_SCO_PAGE);
      await options.storage.put(page.storageKey, data);
      await db
        .update(materialFiles)
        .set({ size: data.length })
        .where(eq(materialFiles.id, page.id));
    }
  }

  const quiz = await inCourse("Matter quiz");
  if (quiz) {
    await db
      .update(quizzes)
      .set({
        attemptsAllowed: 3,
        timeLimitMinutes: 15,
        passingGrade: 50,
        shuffle: false,
        showCorrectAnswers: true,
      })
      .where(eq(quizzes.materialId, quiz.id));
    await db.insert(questions).values([
      {
        materialId: quiz.id,
        position: 3,
        type: "multiple",
        prompt: "Which of these are states of matter?",
        points: 1,
        choices: [
          { id: "a", text: "Solid", correct: true },
          { id: "b", text: "Liquid", correct: true },
          { id: "c", text: "Energy", correct: false },
        ],
        answers: [],
        createdBy: SEED,
      },
      {
        materialId: quiz.id,
        position: 4,
        type: "shortAnswer",
        prompt: "What is the chemical formula of water?",
        points: 1,
        choices: [],
        answers: ["H2O"],
        createdBy: SEED,
      },
    ]);
  }
}
