import type { MessageKey } from "@lms/core";
import { XMLParser } from "fast-xml-parser";

export type ScormVersion = "1.2" | "2004";

/** A declared objective of a SCORM 2004 SCO (imsss:primaryObjective or imsss:objective). */
export interface ScoObjective {
  id: string;
  primary: boolean;
  satisfiedByMeasure: boolean;
  /** -1..1; 1.0 when satisfied by measure without an imsss:minNormalizedMeasure. */
  minNormalizedMeasure: number | null;
}

/** What the runtime of one SCO starts with, from its item in the manifest. */
export interface ScoRuntime {
  /** 2004 imsss:objectives (primary first); 1.2 declares none. */
  objectives: ScoObjective[];
  /** 2004 adlcp:completionThreshold (0..1). */
  completionThreshold: string | null;
  /** adlcp:dataFromLMS (2004) / adlcp:datafromlms (1.2). */
  launchData: string | null;
  /** 2004 imsss:limitConditions attemptAbsoluteDurationLimit / 1.2 adlcp:maxtimeallowed. */
  maxTimeAllowed: string | null;
  /** adlcp:timeLimitAction / adlcp:timelimitaction. */
  timeLimitAction: string | null;
  /** 1.2 adlcp:masteryscore (0..100). */
  masteryScore: string | null;
}

/** An item of the default organisation: its table-of-contents entry, nested as in the manifest. */
export interface ScormItem {
  /** The item's identifier (the target of `adl.nav.request` choice). */
  id: string;
  title: string;
  /** Whether it points to a launchable resource (then it is one of the manifest's `scos`). */
  launchable: boolean;
  children: ScormItem[];
}

/** A launchable item: a SCO (talks to the runtime) or an asset (complete once launched). */
export interface ScormSco {
  id: string;
  title: string;
  kind: "sco" | "asset";
  /** Its launch page relative to the package root, with the item's parameters. */
  launch: string;
  runtime: ScoRuntime;
  /** Whether it counts in the material's completion (2004 rollupProgressCompletion, tracked). */
  rollsUpCompletion: boolean;
  /** Whether it counts in the material's success (2004 rollupObjectiveSatisfied, tracked). */
  rollsUpSuccess: boolean;
}

/** How the SCOs' states make the material's: every counted SCO, or any one (2004 rollup rules). */
export interface ScormRollup {
  completion: "all" | "any";
  success: "all" | "any";
}

export interface ScormManifest {
  version: ScormVersion;
  /** The launch page of the first SCO, relative to the package root (query kept). */
  launch: string;
  /** The launched SCO's runtime data (all empty when no item points to it). */
  sco: ScoRuntime;
  /** The default organisation's items, as its table of contents. */
  items: ScormItem[];
  /** Its launchable items in order (depth first); the first is the one `launch` names. */
  scos: ScormSco[];
  rollup: ScormRollup;
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
  isArray: (name) =>
    [
      "organization",
      "item",
      "resource",
      "objective",
      "sequencing",
      "rollupRule",
      "rollupCondition",
    ].includes(name),
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
function firstReferencedItem(items: XmlNode[]): XmlNode | undefined {
  for (const item of items) {
    if (attribute(item, "identifierref")) return item;
    const nested = firstReferencedItem(nodes(item.item));
    if (nested) return nested;
  }
  return undefined;
}

const DECIMAL = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;
/** A decimal within [min, max] in the runtime's plain form ("+.5" → "0.5"), else null. */
function decimalIn(value: string, min: number, max: number): string | null {
  if (!DECIMAL.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? String(number) : null;
}
const TIME_LIMIT_ACTIONS = [
  "exit,message",
  "exit,no message",
  "continue,message",
  "continue,no message",
];
const ISO_DURATION =
  /^P(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?)?$/;
const CMI_TIMESPAN = /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/;
/** SPM of cmi.launch_data: 4000 characters (2004), 4096 (1.2). */
const MAX_LAUNCH_DATA = 4000;

const truthy = (value: string) => value.trim().toLowerCase() === "true";

/** The item's imsss:sequencing, its own elements first, then those of the set its IDRef names. */
function sequencingOf(manifest: XmlNode, item: XmlNode): XmlNode[] {
  const own = nodes(item.sequencing);
  const ref = attribute(own[0], "IDRef");
  const collection = nodes(nodes(manifest.sequencingCollection)[0]?.sequencing);
  const shared = ref ? collection.filter((s) => attribute(s, "ID") === ref) : [];
  return [...own.slice(0, 1), ...shared.slice(0, 1)];
}

function objectivesOf(sequencing: XmlNode[]): ScoObjective[] {
  const set = sequencing.map((s) => nodes(s.objectives)[0]).find(Boolean);
  if (!set) return [];
  const read = (node: XmlNode, primary: boolean): ScoObjective | null => {
    const id = attribute(node, "objectiveID").trim();
    // cmi.objectives.n.id is a long identifier: no spaces, at most 4000 characters.
    if (!/^\S{1,4000}$/.test(id)) return null;
    const satisfiedByMeasure = truthy(attribute(node, "satisfiedByMeasure"));
    const written = text(node.minNormalizedMeasure);
    const measure = written ? decimalIn(written, -1, 1) : null;
    return {
      id,
      primary,
      satisfiedByMeasure,
      minNormalizedMeasure: measure !== null ? Number(measure) : satisfiedByMeasure ? 1 : null,
    };
  };
  const primary = nodes(set.primaryObjective)[0];
  return [
    ...(primary ? [read(primary, true)] : []),
    ...nodes(set.objective).map((o) => read(o, false)),
  ].filter((o): o is ScoObjective => o !== null);
}

/** 2004: adlcp:completionThreshold as text (3rd edition) or minProgressMeasure (4th). */
function completionThresholdOf(item: XmlNode): string | null {
  const node = item.completionThreshold;
  if (node === undefined) return null;
  const written = text(node);
  if (written) return decimalIn(written, 0, 1);
  const element = nodes(node)[0];
  if (!element || !truthy(attribute(element, "completedByMeasure"))) return null;
  return decimalIn(attribute(element, "minProgressMeasure").trim() || "1.0", 0, 1);
}

const EMPTY_SCO: ScoRuntime = {
  objectives: [],
  completionThreshold: null,
  launchData: null,
  maxTimeAllowed: null,
  timeLimitAction: null,
  masteryScore: null,
};

/**
 * The runtime data an item declares; a value the standard's data model would refuse is left out
 * (the runtime then starts as if the manifest did not declare it).
 */
function scoRuntimeOf(
  version: ScormVersion,
  manifest: XmlNode,
  item: XmlNode | undefined,
): ScoRuntime {
  if (!item) return EMPTY_SCO;
  const own = (name: string) => text(item[name]);
  const limitAction = (name: string) => {
    const value = own(name)
      .toLowerCase()
      .replace(/\s*,\s*/, ",");
    return TIME_LIMIT_ACTIONS.includes(value) ? value : null;
  };
  if (version === "1.2") {
    const launchData = own("datafromlms");
    const maxTime = own("maxtimeallowed");
    return {
      ...EMPTY_SCO,
      launchData: launchData ? launchData.slice(0, 4096) : null,
      maxTimeAllowed: CMI_TIMESPAN.test(maxTime) ? maxTime : null,
      timeLimitAction: limitAction("timelimitaction"),
      masteryScore: own("masteryscore") ? decimalIn(own("masteryscore"), 0, 100) : null,
    };
  }
  const sequencing = sequencingOf(manifest, item);
  const limit = sequencing
    .map((s) => attribute(nodes(s.limitConditions)[0], "attemptAbsoluteDurationLimit").trim())
    .find(Boolean);
  const launchData = own("dataFromLMS");
  return {
    ...EMPTY_SCO,
    objectives: objectivesOf(sequencing),
    completionThreshold: completionThresholdOf(item),
    launchData: launchData ? launchData.slice(0, MAX_LAUNCH_DATA) : null,
    maxTimeAllowed: limit && ISO_DURATION.test(limit) ? limit : null,
    timeLimitAction: limitAction("timeLimitAction"),
  };
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
  const firstItem = firstReferencedItem(nodes(chosen?.item));
  const firstRef = attribute(firstItem, "identifierref");
  const resources = nodes(manifest.resources)[0];
  const launchable = nodes(resources?.resource).filter((r) => attribute(r, "href"));
  const resource =
    launchable.find((r) => firstRef && attribute(r, "identifier") === firstRef) ??
    launchable.find((r) => scormTypeOf(r) === "sco") ??
    launchable[0];
  if (!resource) throw new ManifestError("materials.scormNoLaunch");
  const hrefOf = (r: XmlNode) =>
    (
      attribute(manifest, "base") +
      attribute(resources, "base") +
      attribute(r, "base") +
      attribute(r, "href")
    ).replace(/^\.?\//, "");
  const launchedItem =
    firstItem && attribute(resource, "identifier") === firstRef ? firstItem : undefined;
  const sco = scoRuntimeOf(version, manifest, launchedItem);
  const tree = organizationTree(version, manifest, chosen, launchable, hrefOf);
  const scos: ScormSco[] = tree.scos.length
    ? tree.scos
    : [
        {
          id: "",
          title: "",
          kind: "sco",
          launch: hrefOf(resource),
          runtime: sco,
          rollsUpCompletion: true,
          rollsUpSuccess: true,
        },
      ];
  return {
    version,
    launch: hrefOf(resource),
    sco,
    items: tree.items,
    scos,
    rollup: rollupOf(chosen),
  };
}

const scormTypeOf = (resource: XmlNode) =>
  (attribute(resource, "scormType") || attribute(resource, "scormtype")).toLowerCase();

/** A launch page with an item's parameters (CAM 3.4.1.13: "?" joins as "&" after a query). */
function withParameters(href: string, parameters: string): string {
  const written = parameters.trim();
  if (!written) return href;
  if (written.startsWith("#")) return href.includes("#") ? href : href + written;
  const query = written.replace(/^[?&]/, "");
  const [path, fragment] = href.split("#", 2) as [string, string | undefined];
  const joined = path + (path.includes("?") ? "&" : "?") + query;
  return fragment === undefined ? joined : `${joined}#${fragment}`;
}

/** The organisation's items as a tree and its launchable ones in order. */
function organizationTree(
  version: ScormVersion,
  manifest: XmlNode,
  organization: XmlNode | undefined,
  launchable: XmlNode[],
  hrefOf: (resource: XmlNode) => string,
): { items: ScormItem[]; scos: ScormSco[] } {
  const scos: ScormSco[] = [];
  const seen = new Set<string>();
  const walk = (nodesOfLevel: XmlNode[]): ScormItem[] =>
    nodesOfLevel
      .map((item) => {
        const id = attribute(item, "identifier").trim();
        const title = text(item.title) || id;
        const ref = attribute(item, "identifierref");
        const resource = ref
          ? launchable.find((r) => attribute(r, "identifier") === ref)
          : undefined;
        const usable = Boolean(resource) && /^\S{1,4000}$/.test(id) && !seen.has(id);
        if (usable && resource) {
          seen.add(id);
          const sequencing = version === "2004" ? sequencingOf(manifest, item) : [];
          const rules = sequencing.map((s) => nodes(s.rollupRules)[0]).find(Boolean);
          const tracked = !sequencing.some(
            (s) =>
              attribute(nodes(s.deliveryControls)[0], "tracked").trim().toLowerCase() === "false",
          );
          const counts = (name: string) =>
            tracked && attribute(rules, name).trim().toLowerCase() !== "false";
          scos.push({
            id,
            title,
            kind: scormTypeOf(resource) === "asset" ? "asset" : "sco",
            launch: withParameters(hrefOf(resource), attribute(item, "parameters")),
            runtime: scoRuntimeOf(version, manifest, item),
            rollsUpCompletion: counts("rollupProgressCompletion"),
            rollsUpSuccess: counts("rollupObjectiveSatisfied"),
          });
        }
        // An invisible item keeps its place in sequencing but not in the table of contents.
        return {
          id,
          title,
          launchable: usable,
          children: walk(nodes(item.item)),
          hidden: attribute(item, "isvisible").trim().toLowerCase() === "false",
        };
      })
      .map(({ hidden, ...entry }) => (hidden && !entry.launchable ? null : entry))
      .filter((entry): entry is ScormItem => entry !== null);
  const items = walk(nodes(organization?.item));
  return { items, scos };
}

/**
 * The organisation's own simple rollup rules (2004): a rule whose children set is `any` and whose
 * condition is `completed` / `satisfied` makes one such SCO enough; otherwise every counted SCO.
 */
function rollupOf(organization: XmlNode | undefined): ScormRollup {
  const rollup: ScormRollup = { completion: "all", success: "all" };
  const sequencing = nodes(organization?.sequencing)[0];
  const rules = nodes(nodes(sequencing?.rollupRules)[0]?.rollupRule);
  for (const rule of rules) {
    if (attribute(rule, "childActivitySet").trim() !== "any") continue;
    const conditions = nodes(nodes(rule.rollupConditions)[0]?.rollupCondition);
    const action = attribute(nodes(rule.rollupAction)[0], "action").trim();
    if (conditions.length !== 1 || attribute(conditions[0], "operator").trim() === "not") continue;
    const condition = attribute(conditions[0], "condition").trim();
    if (condition === "completed" && action === "completed") rollup.completion = "any";
    if (condition === "satisfied" && action === "satisfied") rollup.success = "any";
  }
  return rollup;
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
