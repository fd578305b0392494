import { resolve } from "node:path";
import type { Plugin, Rolldown } from "vite";

type Statement = ReturnType<Rolldown.PluginContext["parse"]>["body"][number];
type Origin = { from: string; name: string };

/** What a module takes from the modules it imports, by name; "*" is all of it. */
export interface ModuleImports {
  names: Map<string, Set<string>>;
  /** Set for a module that only re-exports (a package's index): where each export comes from. */
  reexports?: { named: Map<string, Origin>; star: string[] };
}

export interface LandingChunk {
  name: string;
  /** Files or folders of the portal whose code, with all it imports, goes in the chunk. */
  roots: string[];
  /** When set, the chunk holds only what both `roots` and these reach: code two pages share. */
  sharedWith?: string[];
}

const ALL = new Set(["*"]);

function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === "Identifier" ? node.name! : String(node.value);
}

/** Reads a module's import and export statements, resolving their sources to module ids. */
export async function readImports(
  body: Statement[],
  resolveSource: (source: string) => Promise<string | undefined>,
): Promise<ModuleImports> {
  const names = new Map<string, Set<string>>();
  const take = (from: string, name: string) =>
    names.set(from, (names.get(from) ?? new Set()).add(name));
  const locals = new Map<string, Origin>();
  const named = new Map<string, Origin>();
  const star: string[] = [];
  let onlyReexports = true;
  for (const node of body) {
    if (node.type === "ImportDeclaration") {
      const from = await resolveSource(node.source.value);
      if (!from) continue;
      if (node.specifiers.length === 0) take(from, "*");
      for (const spec of node.specifiers) {
        const name =
          spec.type === "ImportSpecifier"
            ? nameOf(spec.imported)
            : spec.type === "ImportDefaultSpecifier"
              ? "default"
              : "*";
        locals.set(spec.local.name, { from, name });
        take(from, name);
      }
    } else if (node.type === "ExportNamedDeclaration" && !node.declaration) {
      const from = node.source ? await resolveSource(node.source.value) : undefined;
      for (const spec of node.specifiers) {
        const local = nameOf(spec.local);
        const origin = from ? { from, name: local } : locals.get(local);
        if (origin) named.set(nameOf(spec.exported), origin);
        else onlyReexports = false;
        if (from) take(from, local);
      }
    } else if (node.type === "ExportAllDeclaration") {
      const from = await resolveSource(node.source.value);
      if (!from) continue;
      take(from, "*");
      if (node.exported) named.set(nameOf(node.exported), { from, name: "*" });
      else star.push(from);
    } else if (!(node.type === "ExpressionStatement" && node.directive)) {
      onlyReexports = false;
    }
  }
  return { names, reexports: onlyReexports ? { named, star } : undefined };
}

/**
 * The modules the roots need: each module's static imports, whole, except that a module which
 * only re-exports is followed just for the names taken from it, as the bundler's tree-shaking
 * does (so one name from @lms/ui's index does not count as all of @lms/ui).
 */
export function reach(
  roots: string[],
  importsOf: (id: string) => ModuleImports | undefined,
  importedIds: (id: string) => readonly string[],
): Set<string> {
  const whole = new Set<string>();
  const followed = new Map<string, Set<string>>();
  const queue: [string, Set<string>][] = roots.map((id) => [id, ALL]);
  while (queue.length) {
    const [id, wanted] = queue.pop()!;
    const module = importsOf(id);
    if (module?.reexports && !wanted.has("*")) {
      const done = followed.get(id) ?? new Set<string>();
      followed.set(id, done);
      for (const name of wanted) {
        if (done.has(name)) continue;
        done.add(name);
        const origin = module.reexports.named.get(name);
        if (origin) queue.push([origin.from, new Set([origin.name])]);
        else for (const from of module.reexports.star) queue.push([from, new Set([name])]);
      }
    } else if (!whole.has(id)) {
      whole.add(id);
      for (const dep of importedIds(id)) queue.push([dep, module?.names.get(dep) ?? ALL]);
    }
  }
  return whole;
}

/** The chunks to make, in order: entries of the same name make one, at the place of the first. */
export function chunksByName(chunks: LandingChunk[]): { name: string; entries: number[] }[] {
  const byName = new Map<string, number[]>();
  chunks.forEach((chunk, index) =>
    byName.set(chunk.name, [...(byName.get(chunk.name) ?? []), index]),
  );
  return [...byName].map(([name, entries]) => ({ name, entries }));
}

/**
 * Issue 5 (the schools list's largest contentful paint under 1 s) and issue 14 (Lighthouse on slow
 * 4G): left to itself the bundler splits what the opening code, the visitor pages, the signed-in
 * layout and the schools list share into ~25 small chunks, which HTTP/1.1's six connections fetch
 * in several rounds. These chunk groups put each root's code in one chunk, in the order given:
 * each chunk takes what its roots reach less what an earlier chunk took.
 */
export function landingChunks(options: { chunks: LandingChunk[] }): {
  plugin: Plugin;
  groups: Rolldown.CodeSplittingGroup[];
} {
  const portal = resolve(import.meta.dirname, "..");
  const imports = new Map<string, ModuleImports>();
  let members: Set<string>[] | undefined;

  function membersOf(ctx: Rolldown.ChunkingContext): Set<string>[] {
    if (members) return members;
    const reachFrom = (roots: string[]) => {
      const starts = roots.map((root) => resolve(portal, root));
      const ids = [...imports.keys()].filter((id) => starts.some((s) => id.startsWith(s)));
      return reach(
        ids,
        (id) => imports.get(id),
        (id) => ctx.getModuleInfo(id)?.importedIds ?? [],
      );
    };
    const taken = new Set<string>();
    members = options.chunks.map((chunk) => {
      let reached = reachFrom(chunk.roots);
      if (chunk.sharedWith) {
        const other = reachFrom(chunk.sharedWith);
        reached = new Set([...reached].filter((id) => other.has(id)));
      }
      const own = new Set([...reached].filter((id) => !taken.has(id)));
      for (const id of own) taken.add(id);
      return own;
    });
    return members;
  }

  return {
    plugin: {
      name: "lms:landing-chunks",
      apply: "build",
      buildStart() {
        imports.clear();
        members = undefined;
      },
      async moduleParsed(info) {
        if (!info.code || !/\.[cm]?[jt]sx?$/.test(info.id)) return;
        const body = this.parse(info.code).body;
        const reexportsOnly = body.every(
          (node) =>
            node.type === "ImportDeclaration" ||
            node.type === "ExportAllDeclaration" ||
            (node.type === "ExportNamedDeclaration" && !node.declaration) ||
            (node.type === "ExpressionStatement" && node.directive),
        );
        // Names matter only in imports from a re-exporting index; a dependency's own modules
        // are taken whole, which spares resolving their imports again.
        if (info.id.includes("/node_modules/") && !reexportsOnly) return;
        const resolveSource = async (source: string) => (await this.resolve(source, info.id))?.id;
        imports.set(info.id, await readImports(body, resolveSource));
      },
    },
    groups: chunksByName(options.chunks).map(({ name, entries }, index, chunks) => ({
      debugName: name,
      name: (id, ctx) => (entries.some((at) => membersOf(ctx)[at]!.has(id)) ? name : null),
      priority: chunks.length - index,
      // What a chunk's code imports from an earlier chunk stays where it is.
      includeDependenciesRecursively: false,
    })),
  };
}
