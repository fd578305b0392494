/** The runtime's cmi data model: what a SCO starts with, its times, and whether it is done. */
import { EMPTY_SCO, type ScormVersion, type ScoRuntime } from "./scorm-types";

/** Seconds of a SCORM 1.2 CMITimespan (HHHH:MM:SS.SS) or a 2004 ISO 8601 duration (PT1H2M3.4S). */
export function timespanSeconds(value: string | undefined): number {
  if (!value) return 0;
  const clock = /^(\d{1,4}):([0-5]?\d):([0-5]?\d(?:\.\d{1,2})?)$/.exec(value.trim());
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const iso =
    /^P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      value.trim(),
    );
  if (!iso || value.trim() === "P" || value.trim().endsWith("T")) return 0;
  const [, y, mo, d, h, mi, s] = iso.map((part) => Number(part ?? 0));
  return y! * 31_536_000 + mo! * 2_592_000 + d! * 86_400 + h! * 3600 + mi! * 60 + s!;
}

/** A total time in the version's format: 1.2 HHHH:MM:SS, 2004 PT#H#M#S. */
export function formatTimespan(seconds: number, version: ScormVersion): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  if (version === "2004") return `PT${h}H${m}M${s}S`;
  return `${String(h).padStart(4, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/** Elements the runtime writes for one session only: never handed back on the next load. */
const SESSION_ONLY = new Set([
  "cmi.core.session_time",
  "cmi.core.exit",
  "cmi.core.entry",
  "cmi.core.total_time",
  "cmi.session_time",
  "cmi.exit",
  "cmi.entry",
  "cmi.total_time",
]);

/** Where the learner was in a session: handed back only when that session was suspended. */
const SESSION_STATE = new Set(["cmi.core.lesson_location", "cmi.location", "cmi.suspend_data"]);

export interface Learner {
  id: string;
  /** "Last, First" as SCORM names a learner. */
  name: string;
  /** Recorded (a student) or browsing (staff in student mode). */
  credit: boolean;
}

/** Elements the LMS sets from the manifest: a stored value (an older package's) never counts. */
const FROM_MANIFEST = new Set([
  "cmi.launch_data",
  "cmi.student_data.mastery_score",
  "cmi.student_data.max_time_allowed",
  "cmi.student_data.time_limit_action",
  "cmi.scaled_passing_score",
  "cmi.completion_threshold",
  "cmi.max_time_allowed",
  "cmi.time_limit_action",
]);

/** cmi.scaled_passing_score: the primary objective's minNormalizedMeasure when satisfied by measure. */
function scaledPassingScore(sco: ScoRuntime): number | null {
  const primary = sco.objectives.find((o) => o.primary);
  return primary?.satisfiedByMeasure ? primary.minNormalizedMeasure : null;
}

/** The manifest's values of the runtime, as flat cmi elements (none for what it leaves out). */
function manifestCmi(
  version: ScormVersion,
  sco: ScoRuntime,
  stored: Record<string, string>,
): Record<string, string> {
  const cmi: Record<string, string> = {};
  const put = (element: string, value: string | null) => {
    if (value !== null) cmi[element] = value;
  };
  put("cmi.launch_data", sco.launchData);
  if (version === "1.2") {
    put("cmi.student_data.mastery_score", sco.masteryScore);
    put("cmi.student_data.max_time_allowed", sco.maxTimeAllowed);
    put("cmi.student_data.time_limit_action", sco.timeLimitAction);
    return cmi;
  }
  const passing = scaledPassingScore(sco);
  put("cmi.scaled_passing_score", passing === null ? null : String(passing));
  put("cmi.completion_threshold", sco.completionThreshold);
  put("cmi.max_time_allowed", sco.maxTimeAllowed);
  put("cmi.time_limit_action", sco.timeLimitAction);
  // Every declared objective has its id (RTE 4.2.17); one the stored data has keeps its place.
  const known = new Set<string>();
  let count = 0;
  for (const [element, value] of Object.entries(stored)) {
    const match = /^cmi\.objectives\.(\d+)\.id$/.exec(element);
    if (!match) continue;
    known.add(value);
    count = Math.max(count, Number(match[1]) + 1);
  }
  for (const objective of sco.objectives) {
    if (known.has(objective.id)) continue;
    known.add(objective.id);
    cmi[`cmi.objectives.${count++}.id`] = objective.id;
  }
  return cmi;
}

/** The flat cmi map a runtime starts with: the stored data, then the values the LMS owns. */
export function initialCmi(
  version: ScormVersion,
  stored: { cmi: Record<string, string>; totalSeconds: number } | undefined,
  learner: Learner,
  sco: ScoRuntime = EMPTY_SCO,
): Record<string, string> {
  const resume = stored?.cmi[version === "1.2" ? "cmi.core.exit" : "cmi.exit"] === "suspend";
  // Only a suspended session is resumed; any other starts anew, keeping what was earned.
  const forgotten = resume ? new Set<string>() : SESSION_STATE;
  const kept = Object.fromEntries(
    Object.entries(stored?.cmi ?? {}).filter(
      ([key]) => !SESSION_ONLY.has(key) && !FROM_MANIFEST.has(key) && !forgotten.has(key),
    ),
  );
  const manifest = manifestCmi(version, sco, kept);
  const entry = !stored ? "ab-initio" : resume ? "resume" : "";
  const total = formatTimespan(stored?.totalSeconds ?? 0, version);
  if (version === "1.2") {
    return {
      "cmi.core.lesson_status": "not attempted",
      "cmi.core.lesson_location": "",
      "cmi.suspend_data": "",
      "cmi.core.score.raw": "",
      ...kept,
      ...manifest,
      "cmi.core.student_id": learner.id,
      "cmi.core.student_name": learner.name,
      "cmi.core.entry": entry,
      "cmi.core.credit": learner.credit ? "credit" : "no-credit",
      "cmi.core.lesson_mode": learner.credit ? "normal" : "browse",
      "cmi.core.total_time": total,
    };
  }
  return {
    "cmi.completion_status": "unknown",
    "cmi.success_status": "unknown",
    "cmi.location": "",
    "cmi.suspend_data": "",
    "cmi.score.raw": "",
    ...kept,
    ...manifest,
    "cmi.learner_id": learner.id,
    "cmi.learner_name": learner.name,
    "cmi.entry": entry,
    "cmi.credit": learner.credit ? "credit" : "no-credit",
    "cmi.mode": learner.credit ? "normal" : "browse",
    "cmi.total_time": total,
  };
}

/**
 * The success the manifest's score decides for a SCO's data, as the runtime does at Terminate /
 * LMSFinish, so that a commit before it (or without it) stores the same: 2004 success_status from
 * score.scaled and the scaled passing score (RTE 4.2.21); 1.2 passed/failed from score.raw and
 * the mastery score once the SCO reports it finished (completed, passed or failed).
 */
export function manifestStatus(
  version: ScormVersion,
  sco: ScoRuntime,
  data: Record<string, string>,
): Record<string, string> {
  const number = (value: string | undefined) =>
    value !== undefined && value.trim() !== "" && Number.isFinite(Number(value))
      ? Number(value)
      : null;
  if (version === "1.2") {
    const raw = number(data["cmi.core.score.raw"]);
    const mastery = number(sco.masteryScore ?? undefined);
    const finished = ["completed", "passed", "failed"].includes(
      data["cmi.core.lesson_status"] ?? "",
    );
    if (raw === null || mastery === null || !finished) return {};
    return { "cmi.core.lesson_status": raw >= mastery ? "passed" : "failed" };
  }
  const passing = scaledPassingScore(sco);
  const scaled = number(data["cmi.score.scaled"]);
  if (passing === null || scaled === null) return {};
  return { "cmi.success_status": scaled >= passing ? "passed" : "failed" };
}

/** Whether the runtime's data says the SCO is done: 1.2 completed/passed, 2004 completed or passed. */
export function isScormComplete(version: ScormVersion, cmi: Record<string, string>): boolean {
  if (version === "1.2")
    return ["completed", "passed"].includes(cmi["cmi.core.lesson_status"] ?? "");
  return cmi["cmi.completion_status"] === "completed" || cmi["cmi.success_status"] === "passed";
}

/** The session time a commit reports, in seconds. */
export function sessionSeconds(version: ScormVersion, cmi: Record<string, string>): number {
  return timespanSeconds(cmi[version === "1.2" ? "cmi.core.session_time" : "cmi.session_time"]);
}
