/**
 * SCORM 1.2 and 2004: the package's manifest (scorm-manifest.ts) and the runtime's cmi
 * data model (scorm-cmi.ts), over the model they share (scorm-types.ts).
 */
export { EMPTY_SCO, ManifestError } from "./scorm-types";
export type {
  ScoObjective,
  ScoRuntime,
  ScormItem,
  ScormManifest,
  ScormRollup,
  ScormSco,
  ScormVersion,
} from "./scorm-types";
export { launchFilePath, readManifest } from "./scorm-manifest";
export {
  formatTimespan,
  initialCmi,
  isScormComplete,
  manifestStatus,
  sessionSeconds,
  timespanSeconds,
} from "./scorm-cmi";
export type { Learner } from "./scorm-cmi";
