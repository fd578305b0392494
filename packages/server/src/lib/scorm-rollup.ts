import { isScormComplete, type ScormManifest, type ScormSco } from "./scorm";

/**
 * The row key of a SCO's runtime data: "" for a package's only SCO (as every row was before
 * packages had several), the item's identifier in a package with several; the "" row of such a
 * package holds the material's rolled-up record.
 */
export function scoKey(manifest: ScormManifest, sco: ScormSco): string {
  return manifest.scos.length > 1 ? sco.id : "";
}

export const isMultiSco = (manifest: ScormManifest) => manifest.scos.length > 1;

/** A SCO's state as the table of contents shows it. */
export type ScoState = "notStarted" | "inProgress" | "complete";

export function scoState(
  manifest: ScormManifest,
  cmi: Record<string, string> | undefined,
): ScoState {
  if (!cmi) return "notStarted";
  return isScormComplete(manifest.version, cmi) ? "complete" : "inProgress";
}

/** A SCO's success: passed, failed or null (not reported). */
export function scoSuccess(
  manifest: ScormManifest,
  cmi: Record<string, string> | undefined,
): "passed" | "failed" | null {
  const status =
    cmi?.[manifest.version === "1.2" ? "cmi.core.lesson_status" : "cmi.success_status"];
  return status === "passed" || status === "failed" ? status : null;
}

const numberOf = (value: string | undefined) =>
  value !== undefined && value.trim() !== "" && Number.isFinite(Number(value))
    ? Number(value)
    : null;

const average = (values: number[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null;

/**
 * The material's record rolled up from its SCOs' data (keyed by item identifier), as the
 * runtime's own elements so that every reader of a SCORM record reads it alike: complete when
 * every SCO that counts for completion is (or any one, by the organisation's rule); passed when
 * every one that can pass passed (or any), failed when one failed; the score the
 * average of the SCOs' scores (2004 measure rollup with equal weights).
 */
export function rollUp(
  manifest: ScormManifest,
  data: Map<string, Record<string, string>>,
): { cmi: Record<string, string>; complete: boolean } {
  const { version, scos, rollup } = manifest;
  const cmiOf = (sco: ScormSco) => data.get(sco.id);
  const completing = scos.filter((s) => s.rollsUpCompletion);
  // Success is a matter of the SCOs that can pass: those the manifest gives a passing score and
  // those that report passed or failed (an introduction reporting neither counts for nothing).
  const succeeding = scos.filter(
    (s) =>
      s.rollsUpSuccess &&
      (s.runtime.masteryScore !== null ||
        s.runtime.objectives.some((o) => o.primary && o.satisfiedByMeasure) ||
        scoSuccess(manifest, cmiOf(s)) !== null),
  );
  const done = (s: ScormSco) => scoState(manifest, cmiOf(s)) === "complete";
  const complete =
    completing.length === 0
      ? scos.every(done)
      : rollup.completion === "any"
        ? completing.some(done)
        : completing.every(done);
  const successes = succeeding.map((s) => scoSuccess(manifest, cmiOf(s)));
  const passed =
    successes.length > 0 &&
    (rollup.success === "any"
      ? successes.includes("passed")
      : successes.every((s) => s === "passed"));
  const failed = !passed && successes.includes("failed");
  const started = scos.some((s) => cmiOf(s) !== undefined);
  if (version === "1.2") {
    const score = average(
      scos.map((s) => numberOf(cmiOf(s)?.["cmi.core.score.raw"])).filter((n) => n !== null),
    );
    const status = !complete
      ? started
        ? "incomplete"
        : "not attempted"
      : passed
        ? "passed"
        : failed
          ? "failed"
          : "completed";
    return {
      cmi: {
        "cmi.core.lesson_status": status,
        ...(score === null ? {} : { "cmi.core.score.raw": String(Math.round(score * 100) / 100) }),
      },
      complete,
    };
  }
  const scaled = average(
    scos
      .filter((s) => s.rollsUpSuccess)
      .map((s) => numberOf(cmiOf(s)?.["cmi.score.scaled"]))
      .filter((n) => n !== null),
  );
  return {
    cmi: {
      "cmi.completion_status": complete ? "completed" : started ? "incomplete" : "not attempted",
      "cmi.success_status": passed ? "passed" : failed ? "failed" : "unknown",
      ...(scaled === null
        ? {}
        : { "cmi.score.scaled": String(Math.round(scaled * 10000) / 10000) }),
    },
    complete,
  };
}
