import type { FastifyInstance } from "fastify";
import type { MaterialDetail, QuestionType } from "@lms/core";
import type { Caller } from "./caller";
import { notFound } from "../lib/errors";
import type { MaterialSource } from "../plugins/app/repositories/materials-repository";
import { toMaterialRecord } from "./material-records";
import { contentUrl, encodedPath } from "./content-capabilities";
import { storedScorm } from "./material-packages";
import { assertMaterialReadable } from "./material-access";
import { assertCourseNotDeleting, type BinRecord } from "./recycle-bin";
import { scormSettingsOf } from "./scorm-attempts";
import { modifiableCourse, viewerOf } from "./viewer";

type MaterialRow = NonNullable<
  Awaited<ReturnType<FastifyInstance["repos"]["materials"]["findById"]>>
>;

/** A material whose course the caller may change (another school's: 404). */
export async function modifiableMaterial(app: FastifyInstance, caller: Caller, id: number) {
  const material = await app.repos.materials.findById(id);
  if (!material) throw notFound();
  await modifiableCourse(app, caller, material.courseId);
  return material;
}

/** A material the caller may delete, as the recycle bin keeps it. */
export async function materialToDelete(app: FastifyInstance, caller: Caller, id: number) {
  const material = await app.repos.materials.findById(id);
  if (!material) throw notFound();
  const course = await modifiableCourse(app, caller, material.courseId);
  const record: BinRecord = {
    resource: "material",
    id,
    label: material.name,
    code: null,
    schoolId: course.schoolId,
    courseId: course.id,
    roleId: null,
  };
  return { material, record };
}

/** A material whose content the caller may read (services/material-access.ts). */
export async function visibleMaterial(app: FastifyInstance, caller: Caller, id: number) {
  const material = await app.repos.materials.findById(id);
  if (!material) throw notFound();
  await assertMaterialReadable(app, caller, material);
  return material;
}

/** The material with what its type carries: page content, link, files, quiz. */
export async function materialDetail(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  options: { answers: boolean },
): Promise<MaterialDetail> {
  const files = await app.repos.materials.filesOf([material.id]);
  // Content URLs of the content origin, with a capability of the caller's session (issue 12):
  // minted only here, after the command's own access decision.
  const url = (path: string) => contentUrl(app, caller, material.id, path);
  const detail: MaterialDetail = {
    ...toMaterialRecord(material, true),
    files: files.map((f) => ({
      path: f.path,
      size: f.size,
      contentType: f.contentType,
      url: url(encodedPath(f.path)),
    })),
  };
  if (material.type === "scorm") {
    const scorm = await storedScorm(app, files);
    detail.launchUrl = url(scorm?.launch ?? "index.html");
    detail.scormVersion = scorm?.version ?? null;
    detail.scorm = scormSettingsOf(material);
  }
  if (material.type === "quiz") {
    const quiz = await app.repos.quizzes.quiz(material.id);
    detail.quiz = {
      attemptsAllowed: quiz.settings?.attemptsAllowed ?? 0,
      timeLimitMinutes: quiz.settings?.timeLimitMinutes ?? 0,
      passingGrade: quiz.settings?.passingGrade ?? 75,
      shuffle: quiz.settings?.shuffle ?? false,
      showCorrectAnswers: quiz.settings?.showCorrectAnswers ?? true,
      questions: quiz.questions.map((q) => ({
        id: String(q.id),
        type: q.type as QuestionType,
        prompt: q.prompt,
        points: q.points,
        choices: q.choices.map((c) => ({
          id: c.id,
          text: c.text,
          ...(options.answers ? { correct: c.correct } : {}),
        })),
        ...(options.answers ? { answers: q.answers } : {}),
      })),
    };
  }
  return detail;
}

/** The course asked for (one the caller sees, else 404), or every course the caller sees. */
export async function materialSource(
  app: FastifyInstance,
  caller: Caller,
  courseId: number | undefined,
): Promise<MaterialSource> {
  if (courseId === undefined) return { viewer: viewerOf(caller) };
  await assertCourseNotDeleting(app, courseId);
  const course = await app.repos.courses.find(courseId, viewerOf(caller));
  if (!course) throw notFound();
  return { courseId: course.id };
}
