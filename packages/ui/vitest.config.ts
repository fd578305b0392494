import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

const dirname = path.dirname(fileURLToPath(import.meta.url));

// Debian's Chromium, never a downloaded one (scripts/ensure-chromium.sh exports CHROMIUM_PATH).
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const stories = readdirSync(path.join(dirname, "src"), { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".stories.tsx"))
  .map((file) => `src/${file.replaceAll(path.sep, "/")}`);
// What the toaster's stories test is the first toast a page loads: a page each. The other story
// files share one page (their modules loaded once: half the step's CPU).
const onePageEach = stories.filter((file) => /\/toaster[^/]*\.stories\.tsx$/.test(file));

/**
 * Every story is a test: it renders, runs its play function, then axe-core checks it
 * (.storybook/preview.tsx sets a11y.test = "error").
 */
function storybookProject(
  name: string,
  files: { exclude: string[]; isolate: boolean },
): TestProjectInlineConfiguration {
  return {
    plugins: [
      react(),
      tailwindcss(),
      storybookTest({ configDir: path.join(dirname, "../../.storybook") }),
      {
        // Storybook's plugin roots Vite at the folder above .storybook, the workspace root,
        // which has no react or storybook of its own: root it back here so imports resolve.
        name: "lms-ui:package-root",
        enforce: "post",
        config: () => ({ root: dirname }),
      },
    ],
    // Pre-bundle every runtime dependency up front: a dependency found mid-run makes Vite
    // re-optimise and reload the page, which fails the stories running at that moment.
    optimizeDeps: {
      include: [
        "@radix-ui/react-checkbox",
        "@radix-ui/react-dialog",
        "@radix-ui/react-dropdown-menu",
        "@radix-ui/react-select",
        "@radix-ui/react-slot",
        "@radix-ui/react-switch",
        "@radix-ui/react-tabs",
        "@tanstack/react-table",
        "class-variance-authority",
        "clsx",
        "lucide-react",
        "react",
        "react-dom",
        "react-dom/client",
        "react/jsx-dev-runtime",
        "react/jsx-runtime",
        "sonner",
        "tailwind-merge",
      ],
    },
    test: {
      name,
      dir: dirname,
      ...files,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({
          launchOptions: {
            executablePath,
            args: [
              "--headless",
              "--no-sandbox",
              "--disable-gpu",
              "--disable-background-networking",
              "--disable-component-update",
            ],
          },
        }),
        instances: [{ browser: "chromium" }],
      },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        // The built package, imported the way a consumer imports it.
        test: {
          name: "package",
          environment: "node",
          include: ["test/**/*.test.ts"],
        },
      },
      storybookProject("storybook", { exclude: onePageEach, isolate: false }),
      storybookProject("storybook: a page per file", {
        exclude: stories.filter((file) => !onePageEach.includes(file)),
        isolate: true,
      }),
    ],
  },
});
