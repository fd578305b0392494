import { defineConfig } from "tsup";

export default defineConfig({
  // One output file per component (shared code in chunks), so an app's bundler can put each
  // component in the route chunks that use it instead of loading the whole library at once.
  // Story helpers, sample data (src/lib/story-*) and stories are never part of the package.
  entry: ["src/index.ts", "src/components/!(*.stories).tsx", "src/lib/!(story-*|*.stories).ts?(x)"],
  splitting: true,
  format: ["esm"],
  // tsup's declaration build sets `baseUrl`, which TypeScript 6 deprecates.
  dts: { entry: "src/index.ts", compilerOptions: { ignoreDeprecations: "6.0" } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "browser",
  // dependencies and peerDependencies stay external (tsup's default); React Server Components
  // frameworks need the marker because the components use state and effects.
  banner: { js: '"use client";' },
});
