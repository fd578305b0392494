import { defineConfig } from "vitest/config";

// Browser tests against the built portal and the real server (see e2e/stack.ts).
export default defineConfig({
  test: {
    include: ["e2e/**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["e2e/global-setup.ts"],
    setupFiles: ["e2e/setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // On a loaded 2-core CI machine a browser step can outlast its limit; a failed attempt is
    // printed with its pages (e2e/setup.ts) and tried once more, so a flake stays visible.
    retry: process.env.CI ? 1 : 0,
  },
});
