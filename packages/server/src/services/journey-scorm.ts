import type { FastifyInstance } from "fastify";
import type { Tx } from "../db/client";
import { by, type Caller } from "./caller";
import { invalidField, notFound } from "../lib/errors";
import {
  initialCmi,
  isScormComplete,
  manifestStatus,
  sessionSeconds,
  type ScormItem,
  type ScormManifest,
  type ScormSco,
  type ScormVersion,
} from "../lib/scorm";
import { isMultiSco, rollUp, scoKey, scoState, scoSuccess } from "../lib/scorm-rollup";
import { contentUrl } from "./content-capabilities";
import {
  chooseAttempt,
  commitAllowed,
  isAttemptFinished,
  meetsCompletion,
  scormSettingsOf,
} from "./scorm-attempts";
import { storedScorm } from "./material-packages";

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
    manifest: scorm,
  };
}

/** The SCO a load or commit names (the first when none), or a 422 on `sco`. */
function chosenSco(manifest: ScormManifest, id: string | undefined): ScormSco {
  const sco = id === undefined ? manifest.scos[0] : manifest.scos.find((s) => s.id === id);
  if (!sco) throw invalidField("sco", "validation.invalidValue");
  return sco;
}

/**
 * Whether an attempt's record is over. A package with several SCOs is over once its rolled-up
 * record is complete: one SCO failing does not end the attempt while others are left to do.
 */
function attemptFinished(manifest: ScormManifest, cmi: Record<string, string>): boolean {
  return isMultiSco(manifest)
    ? isScormComplete(manifest.version, cmi)
    : isAttemptFinished(manifest.version, cmi);
}

/** A table-of-contents entry as the player shows it. */
interface TocEntry {
  id: string;
  title: string;
  depth: number;
  launchable: boolean;
  state: ReturnType<typeof scoState>;
  success: ReturnType<typeof scoSuccess>;
}

/**
 * The organisation's items in order with each SCO's state in an attempt (none for staff or a
 * new attempt), and the SCO to launch by default.
 */
async function tableOfContents(
  app: FastifyInstance,
  userId: number,
  material: MaterialRow,
  manifest: ScormManifest,
  attempt: number | null,
) {
  const rows =
    attempt === null
      ? []
      : await app.repos.scormAttempts.scormScoAttempts(userId, material.id, attempt);
  const byId = new Map(rows.map((r) => [r.sco, r]));
  const toc: TocEntry[] = [];
  const walk = (items: ScormItem[], depth: number) => {
    for (const item of items) {
      const cmi = item.launchable ? byId.get(item.id)?.cmi : undefined;
      toc.push({
        id: item.id,
        title: item.title,
        depth,
        launchable: item.launchable,
        state: scoState(manifest, cmi),
        success: scoSuccess(manifest, cmi),
      });
      walk(item.children, depth + 1);
    }
  };
  walk(manifest.items, 0);
  // The SCO left by suspending (the latest), else the first one not complete, else the first.
  const exitKey = manifest.version === "1.2" ? "cmi.core.exit" : "cmi.exit";
  const suspended = rows
    .filter((r) => r.cmi[exitKey] === "suspend")
    .sort((a, b) => (b.updatedAt ?? b.createdAt).getTime() - (a.updatedAt ?? a.createdAt).getTime())
    .find((r) => manifest.scos.some((s) => s.id === r.sco));
  const resume =
    suspended?.sco ??
    manifest.scos.find((s) => scoState(manifest, byId.get(s.id)?.cmi) !== "complete")?.id ??
    manifest.scos[0]!.id;
  return { toc, resume };
}

/**
 * What a runtime starts with: the attempt the settings choose (services/scorm-attempts.ts, read
 * from the material's record: the only SCO's or the rolled-up one) with the launched SCO's stored
 * data in it (resume) or none (a new attempt starts every SCO afresh), a finished attempt in
 * review mode; staff browse without an attempt. `newAttempt`: the learner asks to start a new
 * attempt. A package with several SCOs launches the one asked for (else where the learner left
 * off) and lists the organisation's table of contents; an asset is complete once launched.
 */
export async function scormLoad(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  learner: boolean,
  options: { newAttempt?: boolean; sco?: string } = {},
) {
  const { version, manifest, ...single } = await scormPackage(app, caller, material);
  const settings = scormSettingsOf(material);
  const latest = learner
    ? await app.repos.scormAttempts.scormAttempt(caller.userId, material.id)
    : undefined;
  const choice = learner
    ? chooseAttempt(
        settings,
        latest && { attempt: latest.attempt, finished: attemptFinished(manifest, latest.cmi) },
        options.newAttempt ?? false,
      )
    : null;
  const attempt = {
    version,
    attempt: choice?.attempt ?? 1,
    attemptsAllowed: settings.attemptsAllowed,
    attemptsLeft: choice?.attemptsLeft ?? null,
    review: choice?.review ?? false,
    canStartNew: choice?.canStartNew ?? false,
  };
  if (!isMultiSco(manifest)) {
    if (options.sco !== undefined) chosenSco(manifest, options.sco);
    const stored = choice?.fresh ? undefined : latest;
    const loaded = runtimeStart(caller, learner, version, single, stored, choice?.review ?? false);
    return { ...attempt, ...loaded, sco: null };
  }
  const inAttempt = choice && !choice.fresh ? choice.attempt : null;
  const contents = await tableOfContents(app, caller.userId, material, manifest, inAttempt);
  const target = chosenSco(manifest, options.sco ?? contents.resume);
  const key = scoKey(manifest, target);
  let toc = contents.toc;
  if (target.kind === "asset" && choice && !choice.review) {
    await scormCommit(app, caller, material, { "cmi.completion_status": "completed" }, undefined, {
      attempt: choice.attempt,
      sco: target.id,
    });
    toc = (await tableOfContents(app, caller.userId, material, manifest, choice.attempt)).toc;
  }
  const stored =
    inAttempt === null
      ? undefined
      : await app.repos.scormAttempts.scormAttempt(caller.userId, material.id, key, inAttempt);
  const loaded = runtimeStart(
    caller,
    learner,
    version,
    { launchUrl: contentUrl(app, caller, material.id, target.launch), sco: target.runtime },
    stored,
    choice?.review ?? false,
  );
  return { ...attempt, ...loaded, sco: target.id, toc };
}

/** The runtime's initial data of one SCO, from its stored record in the attempt (or none). */
function runtimeStart(
  caller: Caller,
  learner: boolean,
  version: ScormVersion,
  target: { launchUrl: string; sco: ScormSco["runtime"] },
  stored: { cmi: Record<string, string>; totalSeconds: number; session: number } | undefined,
  review: boolean,
) {
  const cmi = initialCmi(
    version,
    stored,
    {
      id: caller.userName,
      name: `${caller.lastName}, ${caller.firstName}`,
      credit: learner && !review,
    },
    target.sco,
  );
  if (review) {
    if (version === "1.2") cmi["cmi.core.lesson_mode"] = "review";
    else cmi["cmi.mode"] = "review";
  }
  // Ordered player sessions: a late commit of an earlier one never overwrites a later one's.
  const session = Math.max(Date.now(), (stored?.session ?? 0) + 1);
  return { launchUrl: target.launchUrl, cmi, session };
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
  target: { attempt?: number; sco?: string } = {},
): Promise<{ version: ScormVersion; complete: boolean; written: boolean }> {
  const { version, manifest } = await scormPackage(app, caller, material);
  const settings = scormSettingsOf(material);
  const chosen = chosenSco(manifest, target.sco);
  const key = scoKey(manifest, chosen);
  const latest = await app.repos.scormAttempts.scormAttempt(caller.userId, material.id);
  const attempt = target.attempt ?? latest?.attempt ?? 1;
  const latestState = latest && {
    attempt: latest.attempt,
    finished: attemptFinished(manifest, latest.cmi),
    session: latest.session,
  };
  if (!commitAllowed(settings, latestState, attempt, order?.session))
    return { version, complete: false, written: false };
  const stored = await app.repos.scormAttempts.scormAttempt(
    caller.userId,
    material.id,
    key,
    attempt,
  );
  const sco = chosen.runtime;
  const cmi = { ...reported, ...manifestStatus(version, sco, { ...stored?.cmi, ...reported }) };
  let complete = meetsCompletion(version, settings, { ...stored?.cmi, ...cmi });
  const written = await app.repos.transaction(async (tx) => {
    const done = await app.repos.scormAttempts.commitScorm(
      tx,
      {
        userId: caller.userId,
        materialId: material.id,
        attempt,
        cmi,
        seconds: sessionSeconds(version, cmi),
        order,
        sco: key,
      },
      by(caller),
    );
    if (done && isMultiSco(manifest))
      complete = await writeRollup(app, tx, caller, material, manifest, attempt, order?.session);
    if (done && complete)
      await app.repos.progress.recordComplete(tx, caller.userId, material, by(caller));
    return done;
  });
  return { version, complete: written && complete, written };
}

/**
 * Rolls a package's SCOs up into the material's record of an attempt (its "" row, which takes the
 * committing session: a finished attempt is then only written by the session that finished it);
 * answers whether the material is complete by its completion rule.
 */
async function writeRollup(
  app: FastifyInstance,
  tx: Tx,
  caller: Caller,
  material: MaterialRow,
  manifest: ScormManifest,
  attempt: number,
  session: number | undefined,
): Promise<boolean> {
  const rows = await app.repos.scormAttempts.scormScoAttempts(
    caller.userId,
    material.id,
    attempt,
    tx,
  );
  const { cmi, complete } = rollUp(manifest, new Map(rows.map((r) => [r.sco, r.cmi])));
  await app.repos.scormAttempts.writeScormRollup(
    tx,
    {
      userId: caller.userId,
      materialId: material.id,
      attempt,
      cmi,
      seconds: rows.reduce((sum, r) => sum + r.totalSeconds, 0),
      session,
    },
    by(caller),
  );
  return complete && meetsCompletion(manifest.version, scormSettingsOf(material), cmi);
}
