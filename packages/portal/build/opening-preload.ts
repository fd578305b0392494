import { joinUrl, SESSION_STORAGE_KEY, SILENT_SIGN_IN } from "@lms/core";
import { listStateKey } from "../src/lib/list-state-key";
import { loadSignInFrame } from "../src/lib/sign-in-frame";
import type { Plugin, Rollup } from "vite";
import type { OpeningRequestSpecs } from "./opening-requests";

/** The chunks (by their group's name, build/landing-chunks.ts) each kind of opening needs. */
export interface OpeningChunks {
  /** A visitor, or any page under #/account. */
  visitor: string[];
  /** A kept session on any other page. */
  signedIn: string[];
  /** A kept session on the schools list, where every signed-in visit opens (SPEC.md §2). */
  schoolsList: string[];
}

type Files = Record<keyof OpeningChunks, string[]>;

export interface OpeningOptions {
  /** The session's localStorage key. */
  storageKey?: string;
  /** The class service's base URL, as the portal's API client has it (VITE_CLASS_SERVICE_URL). */
  classServiceUrl?: string;
  /** The main service's base URL, as the portal's API client has it (VITE_API_URL). */
  apiUrl?: string;
  /** What a kept session's opening asks the main service for (build/opening-requests.ts). */
  requests?: OpeningRequestSpecs;
}

/**
 * The opening script: picks the files of this visit and starts fetching them. The files are the
 * build's paths (`assets/…`), relative to the page. For a kept session it also makes the first
 * attempt of the hidden class-service sign-in (SPEC.md §7), which the signed-in layout waits for:
 * the request the portal's client would send, then the login URL in a hidden frame
 * (src/lib/sign-in-frame.ts). The portal takes it over as `window.__lmsOpeningSignIn`
 * (src/lib/class-service-sign-in.tsx) and makes the second attempt, 1 second after this one, if it
 * got no login URL; or, when another tab has meanwhile signed in as someone else or out, stops it
 * (`stop`: no frame if the login URL has not come yet; a frame already loading finishes) and
 * signs the tab's session in only once it has ended.
 *
 * A kept session's first page waits for the main service too: the login status check, then its
 * own reads, two round trips once the code has run. The script sends them at once (`requests`:
 * the status check and the profile; on the schools list as it opens by default, its first page)
 * with the forms the portal's client would send, and leaves them in `window.__lmsOpeningRequests`,
 * where the client takes the answer of a request exactly like its own (src/lib/opening-requests.ts).
 */
export function openingScript(
  files: Files,
  {
    storageKey = SESSION_STORAGE_KEY,
    classServiceUrl = "/webservice",
    apiUrl = "/api",
    requests = { signedIn: [], schoolsList: [] },
  }: OpeningOptions = {},
): string {
  const loginUrlRequest = joinUrl(classServiceUrl, "rest/server.php");
  const withUrls = (list: OpeningRequestSpecs["signedIn"]) =>
    list.map(({ path, ...request }) => ({ url: joinUrl(apiUrl, path), ...request }));
  const requestsByPage = {
    signedIn: withUrls(requests.signedIn),
    schoolsList: withUrls(requests.schoolsList),
  };
  return `(() => {
const files = ${JSON.stringify(files)};
let session = null;
try {
  session = JSON.parse(localStorage.getItem(${JSON.stringify(storageKey)}) || "null");
} catch {}
const signedIn = Boolean(session && session.token && session.profile);
const route = "/" + location.hash.replace(/^#?\\/?/, "");
const opening = !signedIn || route.startsWith("/account/")
  ? files.visitor
  : /^\\/(schools\\/?)?([?]|$)/.test(route)
    ? files.schoolsList
    : files.signedIn;
const text = (value) => typeof value === "string" && value !== "";
if (signedIn && text(session.wsToken) && text(session.sessionKey) && text(session.profile.userName)) {
  const loadSignInFrame = ${loadSignInFrame.toString()};
  const body = new FormData();
  body.append("wsfunction", "auth_userkey_request_login_url");
  body.append("moodlewsrestformat", "json");
  body.append("user[username]", session.profile.userName.toLowerCase());
  body.append("wstoken", session.wsToken);
  let stopped = false;
  const done = fetch(${JSON.stringify(loginUrlRequest)}, { method: "POST", body, credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : null))
    .then((answer) =>
      answer && !stopped && text(answer.loginurl)
        ? loadSignInFrame(answer.loginurl, ${SILENT_SIGN_IN.hiddenFrameMs}).then(() => true)
        : false,
    )
    .catch(() => false)
    .then((signedIn) => ({ signedIn, at: performance.now() }));
  window.__lmsOpeningSignIn = { sessionKey: session.sessionKey, done, stop: () => (stopped = true) };
}
const userId = signedIn ? session.profile.userId : undefined;
if (signedIn && !route.startsWith("/account/") && text(session.token) && (typeof userId === "number" || text(userId))) {
  const requests = ${JSON.stringify(requestsByPage)};
  let keptList = null;
  try {
    keptList = sessionStorage.getItem(${JSON.stringify(listStateKey("schools"))});
  } catch {}
  const schools = session.permissions && session.permissions.schools;
  const plainList =
    /^\\/(schools\\/?)?$/.test(route) && keptList === null && Boolean(schools && schools.access && schools.view);
  window.__lmsOpeningRequests = (plainList ? requests.schoolsList : requests.signedIn).map(
    ({ url, entries, userIdField, shared }) => {
      const sent = userIdField ? [...entries, [userIdField, String(userId)]] : [...entries];
      sent.push(["Authorization", "Bearer " + session.token]);
      const body = new FormData();
      for (const [name, value] of sent) body.append(name, value);
      const response = fetch(url, { method: "POST", body, credentials: "same-origin" });
      // Handled where it is taken; one nobody takes is no error of the page.
      response.catch(() => undefined);
      return { url, entries: sent, shared: shared === true, response };
    },
  );
}
// The page's files last: on HTTP/1.1's six connections the small requests above then go first
// and are answered while the scripts download, instead of queueing behind them (Lighthouse's
// simulated slow 4G: the schools list's LCP about 90 ms sooner).
for (const file of opening) {
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = new URL(file, document.baseURI).href;
  document.head.append(link);
}
})();
`;
}

/** A chunk's file with every file it imports, as the browser would load them. */
function closure(roots: string[], chunks: Map<string, Rollup.OutputChunk>): Set<string> {
  const files = new Set<string>();
  const queue = [...roots];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    queue.push(...(chunks.get(file)?.imports ?? []));
  }
  return files;
}

/**
 * Issue 14 (Lighthouse on slow 4G): the page's own chunks were requested only once the entry had
 * arrived and run, one more round trip and a wait behind the entry's download. A small script in
 * the page, run as the page is parsed, asks for them beside the entry: the visitor pages for a
 * visitor, the signed-in layout (and the schools list) for a kept session. It is inline so that
 * fetching it is not one more round trip before them; the server's CSP allows it by its hash
 * (packages/server/src/lib/inline-scripts.ts).
 */
export function openingPreloadPlugin(
  opening: OpeningChunks,
  requests?: OpeningRequestSpecs,
): Plugin {
  let classServiceUrl: string | undefined;
  let apiUrl: string | undefined;
  return {
    name: "lms:opening-preload",
    apply: "build",
    enforce: "post",
    configResolved(config) {
      // As the portal's client reads it (src/lib/api-context.tsx): an empty value is a base too.
      classServiceUrl = config.env.VITE_CLASS_SERVICE_URL as string | undefined;
      apiUrl = config.env.VITE_API_URL as string | undefined;
    },
    generateBundle(_options, bundle) {
      const html = bundle["index.html"];
      if (html?.type !== "asset") return;
      const chunks = new Map(
        Object.values(bundle)
          .filter((file): file is Rollup.OutputChunk => file.type === "chunk")
          .map((chunk) => [chunk.fileName, chunk]),
      );
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) this.error("the build has no entry chunk");
      const loaded = closure([entry.fileName], chunks);
      const fileOf = (name: string) => {
        const chunk = [...chunks.values()].find((c) => c.name === name && !c.isEntry);
        if (!chunk) this.error(`no chunk named ${name} for the opening preload`);
        return chunk.fileName;
      };
      const filesOf = (names: string[]) =>
        [...closure(names.map(fileOf), chunks)].filter((file) => !loaded.has(file));
      const source = openingScript(
        {
          visitor: filesOf(opening.visitor),
          signedIn: filesOf(opening.signedIn),
          schoolsList: filesOf(opening.schoolsList),
        },
        { classServiceUrl, apiUrl, requests },
      );
      const tag = `<script>${source}</script>\n    `;
      const page = String(html.source);
      const at = page.indexOf("<script");
      if (at < 0) this.error("index.html has no script to put the opening preload before");
      html.source = page.slice(0, at) + tag + page.slice(at);
    },
  };
}
