import type { MessageKey } from "@lms/core";
import { XMLParser } from "fast-xml-parser";

export type ScormVersion = "1.2" | "2004";

export interface ScormManifest {
  version: ScormVersion;
  /** The launch page of the first SCO, relative to the package root (query kept). */
  launch: string;
}

/** Why a manifest is refused: the catalogue key of the upload field's error. */
export class ManifestError extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

interface XmlNode {
  [key: string]: unknown;
}

/** Element and attribute names without namespace prefixes; attributes as "@name". */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ["organization", "item", "resource"].includes(name),
});

const nodes = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (node): node is XmlNode => typeof node === "object" && node !== null,
  );
const text = (value: unknown): string =>
  typeof value === "object" && value !== null
    ? text((value as XmlNode)["#text"])
    : String(value ?? "").trim();
const attribute = (node: XmlNode | undefined, name: string): string =>
  typeof node?.[`@${name}`] === "string" ? (node[`@${name}`] as string) : "";

function versionOf(xml: string, manifest: XmlNode): ScormVersion | null {
  const metadata = nodes(manifest.metadata)[0];
  const schemaVersion = text(metadata?.schemaversion).toLowerCase();
  if (schemaVersion === "1.2") return "1.2";
  if (schemaVersion.includes("2004") || schemaVersion === "cam 1.3") return "2004";
  // No schemaversion: the ADL namespace the manifest declares.
  const root = /<(?:[\w.-]+:)?manifest\b[^>]*>/i.exec(xml)?.[0].toLowerCase() ?? "";
  if (root.includes("adlcp_v1p3")) return "2004";
  if (root.includes("adlcp_rootv1p2")) return "1.2";
  return null;
}

/** The first item, depth first, that points to a resource. */
function firstReferencedItem(items: XmlNode[]): string | undefined {
  for (const item of items) {
    const ref = attribute(item, "identifierref");
    if (ref) return ref;
    const nested = firstReferencedItem(nodes(item.item));
    if (nested) return nested;
  }
  return undefined;
}

/**
 * Reads imsmanifest.xml: the SCORM version (schemaversion, else the ADL namespace) and the launch
 * page (the resource the default organization's first item points to, else the first SCO
 * resource), with xml:base applied.
 */
export function readManifest(xml: string): ScormManifest {
  let document: XmlNode;
  try {
    document = parser.parse(xml) as XmlNode;
  } catch {
    throw new ManifestError("materials.invalidPackage");
  }
  const manifest = nodes(document.manifest)[0];
  if (!manifest) throw new ManifestError("materials.invalidPackage");
  const version = versionOf(xml, manifest);
  if (!version) throw new ManifestError("materials.scormNoVersion");
  const organizations = nodes(manifest.organizations)[0];
  const all = nodes(organizations?.organization);
  const chosen =
    all.find((o) => attribute(o, "identifier") === attribute(organizations, "default")) ?? all[0];
  const firstRef = firstReferencedItem(nodes(chosen?.item));
  const resources = nodes(manifest.resources)[0];
  const launchable = nodes(resources?.resource).filter((r) => attribute(r, "href"));
  const resource =
    launchable.find((r) => firstRef && attribute(r, "identifier") === firstRef) ??
    launchable.find((r) => attribute(r, "scormType").toLowerCase() === "sco") ??
    launchable.find((r) => attribute(r, "scormtype").toLowerCase() === "sco") ??
    launchable[0];
  if (!resource) throw new ManifestError("materials.scormNoLaunch");
  const href =
    attribute(manifest, "base") +
    attribute(resources, "base") +
    attribute(resource, "base") +
    attribute(resource, "href");
  return { version, launch: href.replace(/^\.?\//, "") };
}

/** The package path of a launch href: without query or fragment, percent-decoded. */
export function launchFilePath(launch: string): string {
  const path = launch.split(/[?#]/)[0] ?? "";
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

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

/** The flat cmi map a runtime starts with: the stored data, then the values the LMS owns. */
export function initialCmi(
  version: ScormVersion,
  stored: { cmi: Record<string, string>; totalSeconds: number } | undefined,
  learner: Learner,
): Record<string, string> {
  const resume = stored?.cmi[version === "1.2" ? "cmi.core.exit" : "cmi.exit"] === "suspend";
  // Only a suspended session is resumed; any other starts anew, keeping what was earned.
  const forgotten = resume ? new Set<string>() : SESSION_STATE;
  const kept = Object.fromEntries(
    Object.entries(stored?.cmi ?? {}).filter(
      ([key]) => !SESSION_ONLY.has(key) && !forgotten.has(key),
    ),
  );
  const entry = !stored ? "ab-initio" : resume ? "resume" : "";
  const total = formatTimespan(stored?.totalSeconds ?? 0, version);
  if (version === "1.2") {
    return {
      "cmi.core.lesson_status": "not attempted",
      "cmi.core.lesson_location": "",
      "cmi.suspend_data": "",
      "cmi.core.score.raw": "",
      ...kept,
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
    "cmi.learner_id": learner.id,
    "cmi.learner_name": learner.name,
    "cmi.entry": entry,
    "cmi.credit": learner.credit ? "credit" : "no-credit",
    "cmi.mode": learner.credit ? "normal" : "browse",
    "cmi.total_time": total,
  };
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
