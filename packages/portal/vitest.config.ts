import { defineConfig } from "vitest/config";
import { visitorTextsPlugin } from "./build/visitor-texts";

export default defineConfig({
  plugins: [visitorTextsPlugin()],
  test: {
    include: ["src/**/*.test.ts", "build/**/*.test.ts"],
    environment: "node",
  },
});
