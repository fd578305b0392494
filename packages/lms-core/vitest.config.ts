import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    // The test command runs these beside the server suites: importing the built package (its
    // first import loads every module) took over vitest's default 5 s on the shared 2-core machine.
    testTimeout: 30_000,
    // Files share a worker's modules (loaded once, not once per file: half the CPU).
    isolate: false,
  },
});
