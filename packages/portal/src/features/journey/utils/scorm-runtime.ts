import type { Scorm12API as Scorm12, Scorm2004API as Scorm2004 } from "scorm-again";
import type { ScormLaunch } from "../api/use-journey";

// The per-version entries (one version's code each) export their class by name, while their
// type declarations say default: the names are typed from the package's main declarations.
type Scorm12Module = { Scorm12API: typeof Scorm12 };
type Scorm2004Module = { Scorm2004API: typeof Scorm2004 };

/** The flat element → value map a commit carries. */
export type CmiMap = Record<string, unknown>;

export interface ScormRuntime {
  /** Ends the session when the player closes before the package said it had finished. */
  close(): void;
}

/** The flat map keeps values only: empty collections (objectives, interactions) come as {}. */
export function scalarsOf(cmi: CmiMap): Record<string, string | number | boolean> {
  const map: Record<string, string | number | boolean> = {};
  for (const [element, value] of Object.entries(cmi)) {
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      map[element] = value;
  }
  return map;
}

type Globals = Window & { API?: unknown; API_1484_11?: unknown };

/**
 * Starts the SCORM runtime (scorm-again, loaded only here) for one package: initialised from
 * `scormload`'s cmi map and published where the SCO looks for it (window.API for 1.2,
 * window.API_1484_11 for 2004). Every commit the runtime makes goes to `onCommit` as the flat map.
 */
export async function startScormRuntime(
  launch: ScormLaunch,
  onCommit: (cmi: CmiMap) => void,
): Promise<ScormRuntime> {
  const settings = {
    lmsCommitUrl: "scormcommit",
    dataCommitFormat: "flattened" as const,
    autocommit: true,
    autocommitSeconds: 30,
    logLevel: 5 as const,
    httpService: {
      processHttpRequest(_url: string, params: unknown) {
        onCommit(scalarsOf(params as CmiMap));
        return { result: "true", errorCode: 0 };
      },
      updateSettings() {},
    },
  };
  const globals = window as Globals;
  if (launch.version === "2004") {
    const { Scorm2004API } = (await import("scorm-again/scorm2004")) as unknown as Scorm2004Module;
    const api = new Scorm2004API(settings);
    api.loadFromFlattenedJSON(launch.cmi, "");
    globals.API_1484_11 = api;
    return {
      close() {
        if (api.isInitialized() && !api.isTerminated()) api.Terminate("");
        if (globals.API_1484_11 === api) delete globals.API_1484_11;
      },
    };
  }
  const { Scorm12API } = (await import("scorm-again/scorm12")) as unknown as Scorm12Module;
  const api = new Scorm12API(settings);
  api.loadFromFlattenedJSON(launch.cmi, "");
  globals.API = api;
  return {
    close() {
      if (api.isInitialized() && !api.isTerminated()) api.LMSFinish("");
      if (globals.API === api) delete globals.API;
    },
  };
}
