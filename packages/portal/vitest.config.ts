import { defineConfig } from "vitest/config";
import { visitorTextsPlugin } from "./build/visitor-texts";

export default defineConfig({
  plugins: [visitorTextsPlugin()],
  test: {
    include: ["src/**/*.test.ts", "build/**/*.test.ts"],
    environment: "node",
    // Files share a worker's modules (loaded once, not once per file: a third of the CPU).
    isolate: false,
  },
});
