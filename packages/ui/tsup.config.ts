import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  // tsup's declaration build sets `baseUrl`, which TypeScript 6 deprecates.
  dts: { compilerOptions: { ignoreDeprecations: "6.0" } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "browser",
  // dependencies and peerDependencies stay external (tsup's default); React Server Components
  // frameworks need the marker because the components use state and effects.
  banner: { js: '"use client";' },
});
