import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { chunksByName, reach, readImports, type ModuleImports } from "./landing-chunks";

/** A module graph of files named by their code; imports name other files of it ("./b.js"). */
async function graph(files: Record<string, string>) {
  const imports = new Map<string, ModuleImports>();
  const importedIds = new Map<string, string[]>();
  for (const [id, code] of Object.entries(files)) {
    const ids = new Set<string>();
    const module = await readImports(parseAst(code).body, async (source) => {
      const target = source.slice(2);
      ids.add(target);
      return target;
    });
    imports.set(id, module);
    importedIds.set(id, [...ids]);
  }
  return (roots: string[]) =>
    [
      ...reach(
        roots,
        (id) => imports.get(id),
        (id) => importedIds.get(id) ?? [],
      ),
    ].sort();
}

describe("landing chunks", () => {
  const files = {
    "page.js": 'import { Button } from "./index.js"; export const page = Button;',
    "index.js":
      '"use client"; import { Button } from "./button.js"; export { Button };\nexport { Table } from "./table.js"; export * from "./icons.js";',
    "button.js": 'import { cn } from "./cn.js"; export const Button = cn;',
    "table.js": 'import { sort } from "./sort.js"; export const Table = sort;',
    "icons.js": "export const Icon = 1;",
    "cn.js": "export const cn = 1;",
    "sort.js": "export const sort = 1;",
  };

  it("follows a module that only re-exports for the names taken from it", async () => {
    const from = await graph(files);
    expect(from(["page.js"])).toEqual(["button.js", "cn.js", "page.js"]);
  });

  it("looks a name up in the modules re-exported whole", async () => {
    const from = await graph({ ...files, "page.js": 'import { Icon } from "./index.js";' });
    expect(from(["page.js"])).toEqual(["icons.js", "page.js"]);
  });

  it("takes all of a re-exporting module imported as a namespace", async () => {
    const from = await graph({ ...files, "page.js": 'import * as ui from "./index.js";' });
    expect(from(["page.js"])).toEqual([
      "button.js",
      "cn.js",
      "icons.js",
      "index.js",
      "page.js",
      "sort.js",
      "table.js",
    ]);
  });

  it("takes a module with code of its own whole, with all it imports", async () => {
    const from = await graph({ ...files, "page.js": 'import { Table } from "./table.js";' });
    expect(from(["page.js"])).toEqual(["page.js", "sort.js", "table.js"]);
  });

  it("makes one chunk of the entries that share a name, at the place of the first", () => {
    const chunks = chunksByName([
      { name: "opening", roots: ["app.tsx"] },
      { name: "sign-in", roots: ["login.tsx"] },
      { name: "opening", roots: ["login.tsx"], sharedWith: ["layout.tsx"] },
      { name: "list", roots: ["list.tsx"] },
    ]);
    expect(chunks).toEqual([
      { name: "opening", entries: [0, 2] },
      { name: "sign-in", entries: [1] },
      { name: "list", entries: [3] },
    ]);
  });
});
