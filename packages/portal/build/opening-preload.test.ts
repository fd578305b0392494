import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { openingPreloadPlugin, openingScript } from "./opening-preload";

const FILES = {
  visitor: ["assets/sign-in-a.js", "assets/common-b.js"],
  signedIn: ["assets/signed-in-shell-c.js", "assets/common-b.js"],
  schoolsList: ["assets/signed-in-list-d.js", "assets/signed-in-shell-c.js", "assets/common-b.js"],
};

/** Runs the opening script as a page would, and returns the files it asked the browser for. */
function preloadedBy(script: string, hash: string, stored: string | null): string[] {
  const links: { rel: string; href: string }[] = [];
  const page = {
    localStorage: { getItem: (key: string) => (key === "auth" ? stored : null) },
    location: { hash },
    document: {
      baseURI: "http://portal.test/",
      createElement: () => ({ rel: "", href: "" }),
      head: { append: (link: { rel: string; href: string }) => links.push(link) },
    },
  };
  const run = new Function("localStorage", "location", "document", script);
  run(page.localStorage, page.location, page.document);
  expect(links.every((link) => link.rel === "modulepreload")).toBe(true);
  return links.map((link) => link.href.replace("http://portal.test/", ""));
}

const KEPT = JSON.stringify({ token: "t", profile: { userName: "admin" }, lang: "en" });

describe("opening preload", () => {
  const script = openingScript(FILES);

  it("asks a visitor's browser for the visitor pages", () => {
    expect(preloadedBy(script, "#/account/login", null)).toEqual(FILES.visitor);
    expect(preloadedBy(script, "", null)).toEqual(FILES.visitor);
    expect(preloadedBy(script, "#/users", null)).toEqual(FILES.visitor);
  });

  it("treats a stored session without a token, or one that does not parse, as a visitor", () => {
    expect(preloadedBy(script, "#/schools", JSON.stringify({ token: null }))).toEqual(
      FILES.visitor,
    );
    expect(preloadedBy(script, "#/schools", "{not json")).toEqual(FILES.visitor);
  });

  it("asks for the layout and the schools list where a kept session opens", () => {
    for (const hash of ["", "#/", "#/schools", "#/schools/", "#/schools?page=3"])
      expect(preloadedBy(script, hash, KEPT), hash).toEqual(FILES.schoolsList);
  });

  it("asks for the layout alone on another signed-in page, and the visitor pages under #/account", () => {
    expect(preloadedBy(script, "#/schools/12", KEPT)).toEqual(FILES.signedIn);
    expect(preloadedBy(script, "#/users", KEPT)).toEqual(FILES.signedIn);
    expect(preloadedBy(script, "#/account/reset-password?code=x", KEPT)).toEqual(FILES.visitor);
  });

  it("writes the script into the page before the entry, naming each chunk's files less what the entry loads", () => {
    const chunk = (fileName: string, name: string, imports: string[], isEntry = false) =>
      ({ type: "chunk", fileName, name, imports, isEntry }) as unknown as Rollup.OutputChunk;
    const bundle: Record<string, Rollup.OutputChunk | Rollup.OutputAsset> = {
      "index.html": {
        type: "asset",
        fileName: "index.html",
        source: '<head>\n    <script type="module" src="./assets/index-1.js"></script>\n</head>',
      } as Rollup.OutputAsset,
      "assets/index-1.js": chunk("assets/index-1.js", "index", ["assets/portal-2.js"], true),
      "assets/portal-2.js": chunk("assets/portal-2.js", "portal", []),
      "assets/common-3.js": chunk("assets/common-3.js", "common", ["assets/portal-2.js"]),
      "assets/sign-in-4.js": chunk("assets/sign-in-4.js", "sign-in", [
        "assets/common-3.js",
        "assets/portal-2.js",
      ]),
      "assets/signed-in-shell-5.js": chunk("assets/signed-in-shell-5.js", "signed-in-shell", [
        "assets/common-3.js",
      ]),
      "assets/signed-in-list-6.js": chunk("assets/signed-in-list-6.js", "signed-in-list", [
        "assets/signed-in-shell-5.js",
      ]),
    };
    const plugin = openingPreloadPlugin({
      visitor: ["sign-in"],
      signedIn: ["signed-in-shell"],
      schoolsList: ["signed-in-list"],
    });
    const generate = plugin.generateBundle as (
      this: unknown,
      options: unknown,
      output: typeof bundle,
    ) => void;
    generate.call(
      {
        error: (message: string) => {
          throw new Error(message);
        },
      },
      {},
      bundle,
    );

    const html = String((bundle["index.html"] as Rollup.OutputAsset).source);
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html);
    expect(inline?.index).toBeLessThan(html.indexOf("index-1.js"));
    const source = inline![1]!;
    expect(preloadedBy(source, "#/account/login", null).sort()).toEqual([
      "assets/common-3.js",
      "assets/sign-in-4.js",
    ]);
    expect(preloadedBy(source, "#/schools", KEPT).sort()).toEqual([
      "assets/common-3.js",
      "assets/signed-in-list-6.js",
      "assets/signed-in-shell-5.js",
    ]);
  });
});
