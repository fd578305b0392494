import type { Rollup } from "vite";
import { describe, expect, it } from "vitest";
import { openingPreloadPlugin, openingScript } from "./opening-preload";

const FILES = {
  visitor: ["sign-in-a.js", "common-b.js"],
  signedIn: ["signed-in-shell-c.js", "common-b.js"],
  schoolsList: ["signed-in-list-d.js", "signed-in-shell-c.js", "common-b.js"],
};

/** Runs the opening script as a page would, and returns the files it asked the browser for. */
function preloadedBy(script: string, hash: string, stored: string | null): string[] {
  const links: { rel: string; href: string }[] = [];
  const page = {
    localStorage: { getItem: (key: string) => (key === "auth" ? stored : null) },
    location: { hash },
    document: {
      createElement: () => ({ rel: "", href: "" }),
      head: { append: (link: { rel: string; href: string }) => links.push(link) },
    },
  };
  const run = new Function(
    "localStorage",
    "location",
    "document",
    "meta",
    script.replaceAll("import.meta", "meta"),
  );
  run(page.localStorage, page.location, page.document, {
    url: "http://portal.test/assets/opening-x.js",
  });
  expect(links.every((link) => link.rel === "modulepreload")).toBe(true);
  return links.map((link) => link.href.replace("http://portal.test/assets/", ""));
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

  it("writes the script beside the entry, naming each chunk's files less what the entry loads", () => {
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
    const emitted: { fileName: string; source: string }[] = [];
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
        emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
        error: (message: string) => {
          throw new Error(message);
        },
      },
      {},
      bundle,
    );

    expect(emitted).toHaveLength(1);
    const [{ fileName, source }] = emitted as [{ fileName: string; source: string }];
    expect(fileName).toMatch(/^assets\/opening-[\w-]{8}\.js$/);
    expect(preloadedBy(source, "#/account/login", null).sort()).toEqual([
      "common-3.js",
      "sign-in-4.js",
    ]);
    expect(preloadedBy(source, "#/schools", KEPT).sort()).toEqual([
      "common-3.js",
      "signed-in-list-6.js",
      "signed-in-shell-5.js",
    ]);
    const html = String((bundle["index.html"] as Rollup.OutputAsset).source);
    expect(html.indexOf(`src="./${fileName}"`)).toBeGreaterThan(0);
    expect(html.indexOf(`src="./${fileName}"`)).toBeLessThan(html.indexOf("index-1.js"));
  });
});
