/**
 * What a SCORM attempt's flat cmi map (scorm_attempts.cmi) says, as report rows (issue 15,
 * "Reporting"): its status, its interactions and its objectives, for SCORM 2004 and 1.2 names.
 */

import type {
  ScormAttemptStatus as AttemptStatus,
  ScormInteraction as InteractionRow,
  ScormObjective as ObjectiveRow,
  ScormReportStudent,
} from "@lms/core";

export type Cmi = Readonly<Record<string, string>>;

/** A whole attempt: its student and its cmi map (decoded here). */
export interface StoredAttempt extends ScormReportStudent {
  attempt: number;
  cmi: Cmi;
  totalSeconds: number;
  lastAccess: string;
}

const NUMBER = /^-?\d+(\.\d+)?$/;

function numberOf(value: string | undefined): number | null {
  return value !== undefined && NUMBER.test(value.trim()) ? Number(value) : null;
}

/** 1.2's cmi.core.lesson_status (and an objective's status) read as 2004's two statuses. */
function fromLessonStatus(status: string | undefined): AttemptStatus {
  switch (status) {
    case "passed":
    case "failed":
      return { completionStatus: "completed", successStatus: status };
    case "completed":
      return { completionStatus: "completed", successStatus: "unknown" };
    case "incomplete":
    case "browsed":
      return { completionStatus: "incomplete", successStatus: "unknown" };
    case "not attempted":
      return { completionStatus: "not attempted", successStatus: "unknown" };
    default:
      return { completionStatus: "unknown", successStatus: "unknown" };
  }
}

/** An attempt's status: 2004 cmi.completion_status and cmi.success_status, else 1.2's lesson status. */
export function attemptStatus(cmi: Cmi): AttemptStatus {
  const completion = cmi["cmi.completion_status"];
  const success = cmi["cmi.success_status"];
  if (completion !== undefined || success !== undefined) {
    return { completionStatus: completion ?? "unknown", successStatus: success ?? "unknown" };
  }
  return fromLessonStatus(cmi["cmi.core.lesson_status"]);
}

/** An attempt's score as a whole percentage, as the progress list counts it (scorm-results.ts). */
export function attemptScore(cmi: Cmi): number | null {
  const scaled = numberOf(cmi["cmi.score.scaled"]);
  const raw = numberOf(cmi["cmi.score.raw"]) ?? numberOf(cmi["cmi.core.score.raw"]);
  const score = scaled !== null ? scaled * 100 : raw;
  return score === null ? null : Math.round(score);
}

/**
 * A time interval in seconds: 2004's ISO 8601 duration (P[yY][mM][dD][T[hH][mM][s[.s]S]], a
 * month taken as 30 days) or 1.2's timespan HHHH:MM:SS[.SS]; null when it is neither.
 */
export function intervalSeconds(value: string | undefined): number | null {
  if (!value) return null;
  const text = value.trim();
  const clock = /^(\d{2,4}):([0-5]\d):([0-5]\d(?:\.\d{1,2})?)$/.exec(text);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const iso =
    /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      text,
    );
  if (!iso || text === "P" || text.endsWith("T")) return null;
  const [, y, mo, d, h, mi, s] = iso.map((part) => Number(part ?? 0));
  const seconds = ((((y! * 365 + mo! * 30 + d!) * 24 + h!) * 60 + mi!) * 60 + s!) as number;
  return Math.round(seconds * 100) / 100;
}

/** The indexes n of a collection's elements (cmi.<collection>.n.*), in order. */
function indexesOf(cmi: Cmi, collection: "interactions" | "objectives"): number[] {
  const pattern = new RegExp(`^cmi\\.${collection}\\.(\\d+)\\.`);
  const found = new Set<number>();
  for (const key of Object.keys(cmi)) {
    const match = pattern.exec(key);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

/** The values of a sub-collection (…n.correct_responses.m.pattern), in order of m. */
function listOf(cmi: Cmi, prefix: string, suffix: string): string[] {
  const pattern = new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.(\\d+)\\.${suffix}$`);
  return Object.entries(cmi)
    .map(([key, value]) => [pattern.exec(key), value] as const)
    .filter((entry): entry is [RegExpExecArray, string] => entry[0] !== null)
    .sort((a, b) => Number(a[0][1]) - Number(b[0][1]))
    .map(([, value]) => value);
}

/** Every interaction the SCO reported (2004 cmi.interactions.n.*, 1.2 cmi.interactions.n.*). */
export function decodeInteractions(cmi: Cmi): InteractionRow[] {
  return indexesOf(cmi, "interactions").map((index) => {
    const base = `cmi.interactions.${index}`;
    const get = (name: string) => cmi[`${base}.${name}`];
    const result = get("result") ?? "";
    return {
      index,
      id: get("id") ?? "",
      type: get("type") ?? "",
      description: get("description") ?? "",
      learnerResponse: get("learner_response") ?? get("student_response") ?? "",
      correctResponses: listOf(cmi, `${base}.correct_responses`, "pattern"),
      result: result === "wrong" ? "incorrect" : result,
      latencySeconds: intervalSeconds(get("latency")),
      timestamp: get("timestamp") ?? get("time") ?? "",
      weighting: get("weighting") ?? "",
      objectives: listOf(cmi, `${base}.objectives`, "id"),
    };
  });
}

/** Every objective of the attempt (declared by the manifest or reported by the SCO). */
export function decodeObjectives(cmi: Cmi): ObjectiveRow[] {
  return indexesOf(cmi, "objectives").map((index) => {
    const base = `cmi.objectives.${index}`;
    const get = (name: string) => cmi[`${base}.${name}`];
    const legacy = fromLessonStatus(get("status"));
    const scaled = numberOf(get("score.scaled"));
    const raw = numberOf(get("score.raw"));
    const score = scaled !== null ? scaled * 100 : raw;
    return {
      index,
      id: get("id") ?? "",
      description: get("description") ?? "",
      successStatus: get("success_status") ?? legacy.successStatus,
      completionStatus: get("completion_status") ?? legacy.completionStatus,
      score: score === null ? null : Math.round(score),
      scoreRaw: get("score.raw") ?? "",
      scoreMin: get("score.min") ?? "",
      scoreMax: get("score.max") ?? "",
    };
  });
}

/** One SCO's own record within an attempt of a package with several SCOs. */
export interface ScoCmi {
  sco: string;
  cmi: Cmi;
}

/**
 * An attempt of a package with several SCOs keeps each SCO's interactions and objectives in that
 * SCO's own record, and the material's record only the rolled-up status. The drill-down shows them
 * all: appended after the material's own, renumbered, each id prefixed with its SCO ("sco-quiz/q1").
 */
export function withScoRecords(cmi: Cmi, scos: readonly ScoCmi[]): Cmi {
  if (scos.length === 0) return cmi;
  const merged: Record<string, string> = { ...cmi };
  for (const collection of ["interactions", "objectives"] as const) {
    let next = indexesOf(cmi, collection).reduce((n, index) => Math.max(n, index + 1), 0);
    for (const { sco, cmi: own } of scos) {
      for (const index of indexesOf(own, collection)) {
        const from = `cmi.${collection}.${index}.`;
        const to = `cmi.${collection}.${next}.`;
        for (const [key, value] of Object.entries(own)) {
          if (!key.startsWith(from)) continue;
          const rest = key.slice(from.length);
          merged[to + rest] = rest === "id" ? `${sco}/${value}` : value;
        }
        next += 1;
      }
    }
  }
  return merged;
}
