import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { StorybookConfig } from "@storybook/react-vite";

// Storybook and its addons are dev dependencies of @lms/ui, not of the workspace root:
// resolve them from packages/ui so this folder needs no node_modules of its own.
const require = createRequire(new URL("../packages/ui/package.json", import.meta.url));
const packageDir = (name: string): string => dirname(require.resolve(`${name}/package.json`));

const config: StorybookConfig = {
  // The introduction (design tokens) first, then every component with its autodocs page.
  stories: ["../packages/ui/src/docs/*.mdx", "../packages/ui/src/**/*.stories.@(ts|tsx)"],
  addons: [
    packageDir("@storybook/addon-docs"),
    packageDir("@storybook/addon-a11y"),
    packageDir("@storybook/addon-vitest"),
  ],
  framework: {
    name: packageDir("@storybook/react-vite"),
    options: {
      // React and Tailwind plugins live in the package's own Vite config.
      builder: {
        viteConfigPath: fileURLToPath(new URL("../packages/ui/vite.config.ts", import.meta.url)),
      },
    },
  },
  core: { disableTelemetry: true },
};

export default config;
