import type { ScormLaunch } from "@lms/core";

/** The flat element → value map a commit carries. */
export type CmiMap = Record<string, unknown>;

export interface ScormRuntime {
  /** Stops taking the package's messages (a moment later: the frame's last commit comes then). */
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

/**
 * The package's content runs on the content origin in a sandboxed frame (issue 12): an opaque
 * origin that can reach nothing of the portal. Its runtime (scorm-again, served and started by the
 * content origin's bridge in the SCO's own window) starts from the state the portal puts in the
 * frame's name, and sends each commit here by postMessage.
 */
export const BRIDGE_MESSAGE = "lms-scorm-bridge";
/** The frame's name the bridge starts from: scormload's state. */
export const BRIDGE_STATE = "lmsScormState";
/** A sandboxed frame without allow-same-origin has an opaque origin: its messages say "null". */
export const SANDBOXED_ORIGIN = "null";

const MAX_ELEMENTS = 5000;
const MAX_NAME = 255;
const MAX_VALUE = 64_000;

/** The SCOs a package with several can launch, in order (the table of contents' launchable). */
export function launchableScos(launch: ScormLaunch): string[] {
  return (launch.toc ?? []).filter((entry) => entry.launchable).map((entry) => entry.id);
}

/**
 * The frame's name for a launch: the state its runtime starts from and, in a package with several
 * SCOs, the navigation requests that are valid (adl.nav.request_valid).
 */
export function frameName(launch: ScormLaunch): string {
  const scos = launchableScos(launch);
  const at = launch.sco === null ? -1 : scos.indexOf(launch.sco);
  const nav =
    scos.length > 1 && at >= 0
      ? { continue: at < scos.length - 1, previous: at > 0, scos }
      : undefined;
  return JSON.stringify({
    [BRIDGE_STATE]: { version: launch.version, cmi: launch.cmi, ...(nav ? { nav } : {}) },
  });
}

/** A SCO's navigation request (SCORM 2004 adl.nav.request) as the player acts on it. */
export type NavRequest =
  | { type: "continue" | "previous" | "exit" | "exitAll" | "suspendAll" }
  | { type: "choice"; target: string };

/**
 * The navigation request the bridge reports after the SCO's Terminate, or null for anything else
 * (and for requests the player does not take: abandon, jump, _none_).
 */
export function readNavMessage(data: unknown, version: ScormLaunch["version"]): NavRequest | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== BRIDGE_MESSAGE || message.v !== 1 || message.version !== version) {
    return null;
  }
  const request = message.nav;
  if (typeof request !== "string" || request.length > MAX_NAME) return null;
  if (["continue", "previous", "exit", "exitAll", "suspendAll"].includes(request))
    return { type: request as "continue" };
  const choice = /^\{target=(\S+)\}choice$/.exec(request);
  return choice ? { type: "choice", target: choice[1]! } : null;
}

/**
 * A commit of the bridge, or null when the message is anything else: only
 * `{ type: "lms-scorm-bridge", v: 1, version, cmi }` of the launch's version, with a flat map of
 * cmi.* / adl.* elements to short scalar values.
 */
export function readBridgeMessage(
  data: unknown,
  version: ScormLaunch["version"],
): Record<string, string | number | boolean> | null {
  if (typeof data !== "object" || data === null || Array.isArray(data)) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== BRIDGE_MESSAGE || message.v !== 1 || message.version !== version) {
    return null;
  }
  const cmi = message.cmi;
  if (typeof cmi !== "object" || cmi === null || Array.isArray(cmi)) return null;
  const entries = Object.entries(cmi as Record<string, unknown>);
  if (entries.length > MAX_ELEMENTS) return null;
  for (const [name, value] of entries) {
    if (name.length > MAX_NAME || !/^(cmi|adl)\./.test(name)) return null;
    if (typeof value === "string" && value.length > MAX_VALUE) return null;
  }
  return scalarsOf(cmi as CmiMap);
}

/**
 * Listens to the player's frame for its runtime's commits: a message counts only when it comes
 * from that frame's window (`frame()`'s contentWindow) with the sandboxed frame's opaque origin
 * and the bridge's shape. Every commit or state goes to `onCommit` as the flat map.
 */
export function startScormRuntime(
  launch: ScormLaunch,
  frame: () => HTMLIFrameElement | null,
  onCommit: (cmi: Record<string, string | number | boolean>, isCommit: boolean) => void,
  onNavigate?: (request: NavRequest) => void,
): ScormRuntime {
  // The frame's window, kept: its last commit arrives after the player has removed it.
  let known: Window | null = null;
  let closed = false;
  const onMessage = (event: MessageEvent) => {
    // Once closed, the next SCO's frame may stand where this one was: only its own window counts.
    if (!closed) known = frame()?.contentWindow ?? known;
    if (!known || event.source !== known) return;
    if (event.origin !== SANDBOXED_ORIGIN) return;
    const request = readNavMessage(event.data, launch.version);
    if (request) {
      if (!closed) onNavigate?.(request);
      return;
    }
    const cmi = readBridgeMessage(event.data, launch.version);
    // `commit: false`: the state after a SetValue, not a commit of the SCO.
    if (cmi) onCommit(cmi, (event.data as { commit?: unknown }).commit !== false);
  };
  window.addEventListener("message", onMessage);
  return {
    close() {
      if (closed) return;
      closed = true;
      // The frame commits once more as it goes (pagehide): that message is still taken.
      window.setTimeout(() => window.removeEventListener("message", onMessage), 2000);
    },
  };
}
