import { SESSION_STORAGE_KEY } from "@lms/core";
import type { Plugin, Rollup } from "vite";

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

/**
 * The opening script: picks the files of this visit and starts fetching them. The files are the
 * build's paths (`assets/…`), relative to the page.
 */
export function openingScript(files: Files, sessionKey = SESSION_STORAGE_KEY): string {
  return `(() => {
const files = ${JSON.stringify(files)};
let signedIn = false;
try {
  const session = JSON.parse(localStorage.getItem(${JSON.stringify(sessionKey)}) || "null");
  signedIn = Boolean(session && session.token && session.profile);
} catch {}
const route = "/" + location.hash.replace(/^#?\\/?/, "");
const opening = !signedIn || route.startsWith("/account/")
  ? files.visitor
  : /^\\/(schools\\/?)?([?]|$)/.test(route)
    ? files.schoolsList
    : files.signedIn;
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
export function openingPreloadPlugin(opening: OpeningChunks): Plugin {
  return {
    name: "lms:opening-preload",
    apply: "build",
    enforce: "post",
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
      const source = openingScript({
        visitor: filesOf(opening.visitor),
        signedIn: filesOf(opening.signedIn),
        schoolsList: filesOf(opening.schoolsList),
      });
      const tag = `<script>${source}</script>\n    `;
      const page = String(html.source);
      const at = page.indexOf("<script");
      if (at < 0) this.error("index.html has no script to put the opening preload before");
      html.source = page.slice(0, at) + tag + page.slice(at);
    },
  };
}
