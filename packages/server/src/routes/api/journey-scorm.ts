import type { FastifyInstance } from "fastify";
import type { Tx } from "../../db/client";
import type { Caller } from "../../lib/commands";
import { invalidField, notFound } from "../../lib/errors";
import {
  initialCmi,
  isScormComplete,
  manifestStatus,
  sessionSeconds,
  type ScormItem,
  type ScormManifest,
  type ScormSco,
  type ScormVersion,
} from "../../lib/scorm";
import { isMultiSco, rollUp, scoKey, scoState, scoSuccess } from "../../lib/scorm-rollup";
import { contentUrl } from "../../services/content-capabilities";
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
    manifest: scorm,
  };
}

/** The SCO a load or commit names (the first when none), or a 422 on `sco`. */
function chosenSco(manifest: ScormManifest, id: string | undefined): ScormSco {
  const sco = id === undefined ? manifest.scos[0] : manifest.scos.find((s) => s.id === id);
  if (!sco) throw invalidField("sco", "validation.invalidValue");
  return sco;
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

/** The organisation's items in order with each SCO's state, and the SCO to launch by default. */
async function tableOfContents(
  app: FastifyInstance,
  userId: number,
  material: MaterialRow,
  manifest: ScormManifest,
  learner: boolean,
) {
  const rows = learner ? await app.repos.materials.scormScoAttempts(userId, material.id, 1) : [];
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
 * What a runtime starts with: the student's stored attempt of the SCO (resume) or a fresh one.
 * A package with several SCOs launches the one asked for (else where the learner left off) and
 * lists the organisation's table of contents; an asset is complete once launched.
 */
export async function scormLoad(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  learner: boolean,
  scoId?: string,
) {
  const { version, manifest, ...single } = await scormPackage(app, caller, material);
  if (!isMultiSco(manifest)) {
    if (scoId !== undefined) chosenSco(manifest, scoId);
    return { ...(await loadSco(app, caller, material, learner, version, single)), sco: null };
  }
  const contents = await tableOfContents(app, caller.userId, material, manifest, learner);
  const target = chosenSco(manifest, scoId ?? contents.resume);
  if (target.kind === "asset" && learner)
    await scormCommit(
      app,
      caller,
      material,
      { "cmi.completion_status": "completed" },
      undefined,
      target.id,
    );
  const loaded = await loadSco(app, caller, material, learner, version, {
    launchUrl: contentUrl(app, caller, material.id, target.launch),
    sco: target.runtime,
    key: scoKey(manifest, target),
  });
  const toc =
    target.kind === "asset" && learner
      ? (await tableOfContents(app, caller.userId, material, manifest, learner)).toc
      : contents.toc;
  return { ...loaded, sco: target.id, toc };
}

async function loadSco(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  learner: boolean,
  version: ScormVersion,
  target: { launchUrl: string; sco: ScormSco["runtime"]; key?: string },
) {
  const { launchUrl, sco } = target;
  const stored = learner
    ? await app.repos.materials.scormAttempt(caller.userId, material.id, target.key ?? "")
    : undefined;
  const cmi = initialCmi(
    version,
    stored,
    {
      id: caller.userName,
      name: `${caller.lastName}, ${caller.firstName}`,
      credit: learner,
    },
    sco,
  );
  // Ordered player sessions: a late commit of an earlier one never overwrites a later one's.
  const session = Math.max(Date.now(), (stored?.session ?? 0) + 1);
  return { version, launchUrl, cmi, session };
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
 * Stores a commit for a student (merged into its attempt, the session time added to the total)
 * and completes the material when the runtime reports it done; the manifest's score decides
 * success as the runtime would at its end. Staff commits store nothing. A commit with an order
 * is written only when newer than the stored one: a repeated or late one changes nothing
 * (`written` false).
 */
export async function scormCommit(
  app: FastifyInstance,
  caller: Caller,
  material: MaterialRow,
  reported: Record<string, string>,
  order?: CommitOrder,
  scoId?: string,
): Promise<{ version: ScormVersion; complete: boolean; written: boolean }> {
  const { version, manifest } = await scormPackage(app, caller, material);
  const target = chosenSco(manifest, scoId);
  const key = scoKey(manifest, target);
  const sco = target.runtime;
  const stored = await app.repos.materials.scormAttempt(caller.userId, material.id, key);
  const cmi = { ...reported, ...manifestStatus(version, sco, { ...stored?.cmi, ...reported }) };
  let complete = isScormComplete(version, { ...stored?.cmi, ...cmi });
  const written = await app.repos.transaction(async (tx) => {
    const done = await app.repos.materials.commitScorm(
      tx,
      {
        userId: caller.userId,
        materialId: material.id,
        cmi,
        seconds: sessionSeconds(version, cmi),
        order,
        sco: key,
      },
      by(caller),
    );
    if (done && isMultiSco(manifest))
      complete = await writeRollup(app, tx, caller, material, manifest);
    if (done && complete)
      await app.repos.materials.recordComplete(tx, caller.userId, material, by(caller));
    return done;
  });
  return { version, complete: written && complete, written };
}

/** Rolls a package's SCOs up into its material record; answers whether the material is complete. */
async function writeRollup(
  app: FastifyInstance,
  tx: Tx,
  caller: Caller,
  material: MaterialRow,
  manifest: ScormManifest,
): Promise<boolean> {
  const rows = await app.repos.materials.scormScoAttempts(caller.userId, material.id, 1, tx);
  const { cmi, complete } = rollUp(manifest, new Map(rows.map((r) => [r.sco, r.cmi])));
  await app.repos.materials.writeScormRollup(
    tx,
    {
      userId: caller.userId,
      materialId: material.id,
      attempt: 1,
      cmi,
      seconds: rows.reduce((sum, r) => sum + r.totalSeconds, 0),
    },
    by(caller),
  );
  return complete;
}
