import type { FastifyInstance } from "fastify";
import type { Caller } from "../../lib/commands";
import { invalidField, notFound } from "../../lib/errors";
import {
  initialCmi,
  manifestStatus,
  sessionSeconds,
  type ScormVersion,
} from "../../lib/scorm";
import { contentUrl } from "../../services/content-capabilities";
import {
  chooseAttempt,
  commitAllowed,
  isAttemptFinished,
  meetsCompletion,
  scormSettingsOf,
} from "../../services/scorm-attempts";
import { storedScorm } from "./material";
import { by } from "./shared";

type MaterialRow = NonNullable<
  Awaited<ReturnType<FastifyInstance["repos"]["materials"]["findById"]>>
>;

const MAX_ELEMENTS = 5000;
const MAX_ELEMENT_NAME = 255;
/** SCORM 2004 allows 64 000 characters of suspend data; no element may be longer. */
const MAX_VALUE = 64_000;

/**
 * The package of a SCORM material: its version, launch URL on the content origin and the launched
 * SCO's runtime data, read from the stored imsmanifest.xml.
 */
export async function scormPackage(app: FastifyInstance, caller: Caller, material: MaterialRow) {
  if (material.type !== "scorm") throw invalidField("materialId", "validation.invalidValue");
  const files = await app.repos.materials.filesOf([material.id]);
  const scorm = await storedScorm(app, files);
  if (!scorm) throw notFound();
  return {
    version: scorm.version,
    launchUrl: contentUrl(app, caller, material.id, scorm.launch),
    sco: scorm.sco,
  };
}

/**
 * What a runtime starts with: the attempt the settings choose (services/scorm-attempts.ts) with
 * its stored data (resume) or none (a new attempt), a finished attempt in review mode; staff
 * browse without an attempt. `newAttempt`: the learner asks to start a new attempt.
 */
export async function scormLoad(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  learner: boolean,
  options: { newAttempt?: boolean } = {},
) {
  const { version, launchUrl, sco } = await scormPackage(app, caller, material);
  const settings = scormSettingsOf(material);
  const latest = learner
    ? await app.repos.materials.scormAttempt(caller.userId, material.id)
    : undefined;
  const choice = learner
    ? chooseAttempt(
        settings,
        latest && { attempt: latest.attempt, finished: isAttemptFinished(version, latest.cmi) },
        options.newAttempt ?? false,
      )
    : null;
  const stored = choice?.fresh ? undefined : latest;
  const cmi = initialCmi(
    version,
    stored,
    {
      id: caller.userName,
      name: `${caller.lastName}, ${caller.firstName}`,
      credit: learner && !choice?.review,
    },
    sco,
  );
  if (choice?.review) {
    if (version === "1.2") cmi["cmi.core.lesson_mode"] = "review";
    else cmi["cmi.mode"] = "review";
  }
  // Ordered player sessions: a late commit of an earlier one never overwrites a later one's.
  const session = Math.max(Date.now(), (stored?.session ?? 0) + 1);
  return {
    version,
    launchUrl,
    cmi,
    session,
    attempt: choice?.attempt ?? 1,
    attemptsAllowed: settings.attemptsAllowed,
    attemptsLeft: choice?.attemptsLeft ?? null,
    review: choice?.review ?? false,
    canStartNew: choice?.canStartNew ?? false,
  };
}

/**
 * The flat element → value map a runtime committed (its cmi.* elements; navigation requests and
 * the like are not data), or a 422 on the `cmi` field.
 */
export function parseCmi(text: string): Record<string, string> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidField("cmi", "validation.invalidValue");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidField("cmi", "validation.invalidValue");
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_ELEMENTS) throw invalidField("cmi", "validation.invalidValue");
  const cmi: Record<string, string> = {};
  for (const [name, element] of entries) {
    const ok =
      name.length <= MAX_ELEMENT_NAME &&
      ["string", "number", "boolean"].includes(typeof element) &&
      String(element).length <= MAX_VALUE;
    if (!ok) throw invalidField("cmi", "validation.invalidValue");
    if (name.startsWith("cmi.")) cmi[name] = String(element);
  }
  return cmi;
}

/** A commit's place: its player session (from scormload) and sequence number in it. */
export interface CommitOrder {
  session: number;
  seq: number;
}

/**
 * Stores a commit for a student in its attempt (the latest unless given; services/scorm-attempts.ts
 * decides whether it may be written) and completes the material when the attempt meets the
 * material's completion rule; the manifest's score decides success as the runtime would at its
 * end. Staff commits store nothing. A commit with an order is written only when newer than the
 * stored one: a repeated or late one changes nothing (`written` false).
 */
export async function scormCommit(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  reported: Record<string, string>,
  order?: CommitOrder,
  attempt?: number,
): Promise<{ version: ScormVersion; complete: boolean; written: boolean }> {
  const { version, sco } = await scormPackage(app, caller, material);
  const settings = scormSettingsOf(material);
  const latest = await app.repos.materials.scormAttempt(caller.userId, material.id);
  const target = attempt ?? latest?.attempt ?? 1;
  const latestState = latest && {
    attempt: latest.attempt,
    finished: isAttemptFinished(version, latest.cmi),
    session: latest.session,
  };
  if (!commitAllowed(settings, latestState, target, order?.session))
    return { version, complete: false, written: false };
  const stored = latest?.attempt === target ? latest : undefined;
  const cmi = { ...reported, ...manifestStatus(version, sco, { ...stored?.cmi, ...reported }) };
  const complete = meetsCompletion(version, settings, { ...stored?.cmi, ...cmi });
  const written = await app.repos.transaction(async (tx) => {
    const done = await app.repos.materials.commitScorm(
      tx,
      {
        userId: caller.userId,
        materialId: material.id,
        attempt: target,
        cmi,
        seconds: sessionSeconds(version, cmi),
        order,
      },
      by(caller),
    );
    if (done && complete)
      await app.repos.materials.recordComplete(tx, caller.userId, material, by(caller));
    return done;
  });
  return { version, complete: written && complete, written };
}
