import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    main: "src/main.ts",
    backup: "src/backup-main.ts",
    bench: "bench/bench.ts",
    "bench-scale-out": "bench/scale-out.ts",
    "stream-bench": "bench/stream-bench.ts",
    "libs-bench": "bench/libs-bench.ts",
    "multipart-bench": "bench/multipart-bench.ts",
    "classes-bench": "bench/classes-bench.ts",
    "progress-bench": "bench/progress-bench.ts",
  },
  format: ["esm"],
  // tsup sets baseUrl for its declaration build, which TypeScript 6 deprecates.
  dts: { entry: { index: "src/index.ts" }, compilerOptions: { ignoreDeprecations: "6.0" } },
  sourcemap: true,
  clean: true,
  target: "node20",
  platform: "node",
  // Dependencies stay external: the server runs from the workspace with its node_modules.
  skipNodeModulesBundle: true,
});
