import { ROLE_IDS, scormSettingsSchema, type ScormSettings } from "@lms/core";
import type { FastifyInstance } from "fastify";
import type { Caller } from "./caller";
import { ApiError, forbidden, invalidField, notFound } from "../lib/errors";
import { isScormComplete, type ScormVersion } from "../lib/scorm";
import { assertCourseNotDeleting } from "./recycle-bin";

/** A material's SCORM settings; a stored value the schema refuses reads as its default. */
export function scormSettingsOf(material: { scormSettings: unknown }): ScormSettings {
  const parsed = scormSettingsSchema.safeParse(material.scormSettings ?? {});
  return parsed.success ? parsed.data : scormSettingsSchema.parse({});
}

const number = (value: string | undefined) =>
  value !== undefined && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null;

/** An attempt's score in percent, as the reports read it (scorm-results.ts), or null. */
export function attemptScore(cmi: Record<string, string>): number | null {
  const scaled = number(cmi["cmi.score.scaled"]);
  const raw = number(cmi["cmi.score.raw"]) ?? number(cmi["cmi.core.score.raw"]);
  const score = scaled !== null ? scaled * 100 : raw;
  return score === null ? null : Math.round(score);
}

function passed(version: ScormVersion, cmi: Record<string, string>): boolean {
  return version === "1.2"
    ? cmi["cmi.core.lesson_status"] === "passed"
    : cmi["cmi.success_status"] === "passed";
}

/** Whether an attempt is over: the package reported it completed, passed or failed. */
export function isAttemptFinished(version: ScormVersion, cmi: Record<string, string>): boolean {
  if (version === "1.2")
    return ["completed", "passed", "failed"].includes(cmi["cmi.core.lesson_status"] ?? "");
  return (
    cmi["cmi.completion_status"] === "completed" ||
    ["passed", "failed"].includes(cmi["cmi.success_status"] ?? "")
  );
}

/** Whether an attempt completes the material: done, and passed or scored enough if the rule says. */
export function meetsCompletion(
  version: ScormVersion,
  settings: ScormSettings,
  cmi: Record<string, string>,
): boolean {
  if (!isScormComplete(version, cmi)) return false;
  if (settings.completion === "passed") return passed(version, cmi);
  if (settings.completion === "score") {
    const score = attemptScore(cmi);
    return score !== null && score >= settings.minScore;
  }
  return true;
}

/** The attempt a runtime starts with, and what the player may offer. */
export interface AttemptChoice {
  attempt: number;
  /** A new attempt: nothing stored is handed to the runtime. */
  fresh: boolean;
  /** A finished attempt shown again: nothing the runtime reports is stored. */
  review: boolean;
  /** Attempts still to start after this one (null: unlimited). */
  attemptsLeft: number | null;
  /** The learner may start a new attempt instead (the player's "Start a new attempt"). */
  canStartNew: boolean;
}

/**
 * Which attempt a learner's runtime opens: the first; the latest while it is not finished; after a
 * finished one a new attempt when one is left and the settings start it by themselves or the
 * learner asks for it, else the finished one in review. Asking for a new attempt that the rules
 * refuse is a 409 with the reason.
 */
export function chooseAttempt(
  settings: ScormSettings,
  latest: { attempt: number; finished: boolean } | undefined,
  newAttempt: boolean,
): AttemptChoice {
  const allowed = settings.attemptsAllowed;
  const left = (attempt: number) => (allowed === 0 ? null : Math.max(0, allowed - attempt));
  if (!latest)
    return { attempt: 1, fresh: true, review: false, attemptsLeft: left(1), canStartNew: false };
  if (!latest.finished) {
    if (newAttempt) throw new ApiError(409, "scorm.attemptNotFinished");
    return {
      attempt: latest.attempt,
      fresh: false,
      review: false,
      attemptsLeft: left(latest.attempt),
      canStartNew: false,
    };
  }
  const hasLeft = allowed === 0 || latest.attempt < allowed;
  if (hasLeft && (newAttempt || settings.newAttempt === "auto")) {
    const attempt = latest.attempt + 1;
    return { attempt, fresh: true, review: false, attemptsLeft: left(attempt), canStartNew: false };
  }
  if (newAttempt) throw new ApiError(409, "scorm.noAttemptsLeft");
  return {
    attempt: latest.attempt,
    fresh: false,
    review: true,
    attemptsLeft: left(latest.attempt),
    canStartNew: hasLeft,
  };
}

/**
 * Whether a commit for `attempt` may be written over the latest stored attempt: an earlier
 * attempt is never changed (false), the next one only once the latest is finished and within the
 * limit (else a 409), and a finished attempt only by the session that finished it (a later
 * session reviews it; false).
 */
export function commitAllowed(
  settings: ScormSettings,
  latest: { attempt: number; finished: boolean; session: number } | undefined,
  attempt: number,
  session: number | undefined,
): boolean {
  const current = latest?.attempt ?? 0;
  if (attempt < current) return false;
  if (attempt > current + 1) throw invalidField("attempt", "validation.invalidValue");
  if (attempt === current + 1) {
    if (latest && !latest.finished) throw new ApiError(409, "scorm.attemptNotFinished");
    if (settings.attemptsAllowed > 0 && attempt > settings.attemptsAllowed)
      throw new ApiError(409, "scorm.noAttemptsLeft");
    return true;
  }
  return !(latest!.finished && session !== undefined && session !== latest!.session);
}

/**
 * A SCORM material and one of its students for a teacher's action on their attempts: the
 * material's course as the caller sees it, and the student among the course's progress rows in
 * the caller's scope (a teacher's load, a school admin's school), as the Progress tab lists them.
 * Anything else is a 404; students and parents are refused.
 */
export async function scormStudentTarget(
  app: FastifyInstance,
  caller: Caller,
  materialId: number,
  userId: number,
) {
  if (caller.roleId === ROLE_IDS.student || caller.roleId === ROLE_IDS.parent) throw forbidden();
  const material = await app.repos.materials.findById(materialId);
  if (!material) throw notFound();
  if (material.type !== "scorm") throw invalidField("id", "validation.invalidValue");
  await assertCourseNotDeleting(app, material.courseId);
  const course = await app.repos.courses.find(material.courseId, {
    userId: caller.userId,
    roleId: caller.roleId,
    schoolId: caller.schoolId,
    grade: caller.grade,
    section: caller.section,
  });
  if (!course) throw notFound();
  const scope = {
    schoolId: caller.schoolId,
    teacherId: caller.roleId === ROLE_IDS.teacher ? caller.userId : null,
  };
  if (!(await app.repos.progress.hasStudent(course, scope, userId))) throw notFound();
  const student = await app.repos.users.findById(userId);
  if (!student) throw notFound();
  return { material, course, student };
}
