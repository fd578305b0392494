import { defineConfig } from "tsup";

export default defineConfig({
  // One output module per source file (shared code in chunks), so an app's bundler keeps the CSV
  // parser, the catalogues and the client out of pages that do not use them.
  entry: ["src/index.ts", "src/*/*.ts"],
  splitting: true,
  format: ["esm"],
  // tsup sets baseUrl for its declaration build, which TypeScript 6 deprecates.
  dts: { entry: "src/index.ts", compilerOptions: { ignoreDeprecations: "6.0" } },
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
});
