/** What a SCORM package declares (the manifest's model), shared by the parser and the runtime. */
import type { MessageKey } from "@lms/core";

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

/** A SCO whose item declares nothing for the runtime. */
export const EMPTY_SCO: ScoRuntime = {
  objectives: [],
  completionThreshold: null,
  launchData: null,
  maxTimeAllowed: null,
  timeLimitAction: null,
  masteryScore: null,
};
