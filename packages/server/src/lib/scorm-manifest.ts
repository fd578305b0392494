/** A SCORM package's imsmanifest.xml read into what the portal and the runtime need. */
import { XMLParser } from "fast-xml-parser";
import {
  ManifestError,
  EMPTY_SCO,
  type ScormVersion,
  type ScoObjective,
  type ScoRuntime,
  type ScormItem,
  type ScormSco,
  type ScormRollup,
  type ScormManifest,
} from "./scorm-types";

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
